// Related listings: the same vertical, ranked by how many facets they share (domain, data type, countries,
// languages, modalities); ties go to the most recently updated, then to the catalogue's order.
import type { ListingWithoutNda } from '../../api/domain/listings/listing-schema.ts';
import { geographyCountries } from '../../api/domain/countries.ts';

function facetsOf(listing: ListingWithoutNda): string[] {
  const facets = new Set([
    `domain:${listing.domain}`,
    `type:${listing.data_type}`,
    ...geographyCountries(listing.geography).map((c) => `country:${c}`),
    ...(listing.languages ?? []).map((l) => `language:${l}`),
    ...(listing.modality?.split(',').map((m) => `modality:${m.trim()}`) ?? []),
  ]);
  return [...facets].sort();
}

/** What listings alike share: their vertical and their facets. */
const combination = (vertical: string, facets: readonly string[]) => [vertical, ...facets].join('\n');

/** Listings with the same facets, best first among themselves: updated later, then earlier in the catalogue. */
type Group = { facets: readonly string[]; members: Ranked[] };
type Ranked = { listing: ListingWithoutNda; index: number; shared: number };

/**
 * What each catalogue's pages share, worked out once: its listings by vertical, grouped by their facets (10,000
 * generated listings have 335 combinations), and the ranking made for each combination. Listings alike have the same
 * related listings but themselves, so a page ranks only when its combination is new: sorting every other listing
 * for every page, working out its facets again, made a 10,000-listing build take 196 s against bare Astro's 20 s.
 */
type Catalogue = { groups: Map<string, Group[]>; rankings: Map<string, Ranked[]> };
const catalogues = new WeakMap<readonly ListingWithoutNda[], Catalogue>();

function catalogueOf(all: readonly ListingWithoutNda[]): Catalogue {
  let catalogue = catalogues.get(all);
  if (!catalogue) {
    const byFacets = new Map<string, Group & { vertical: string }>();
    all.forEach((listing, index) => {
      const facets = facetsOf(listing);
      const key = combination(listing.vertical, facets);
      let group = byFacets.get(key);
      if (!group) byFacets.set(key, (group = { vertical: listing.vertical, facets, members: [] }));
      group.members.push({ listing, index, shared: 0 });
    });
    for (const { members } of byFacets.values()) members.sort((a, b) => (ranksBefore(a, b) ? -1 : 1));
    catalogue = { groups: Map.groupBy(byFacets.values(), (group) => group.vertical), rankings: new Map() };
    catalogues.set(all, catalogue);
  }
  return catalogue;
}

/** Whether `a` ranks before `b`: more facets shared, or as many and updated later, or earlier in the catalogue. */
const ranksBefore = (a: Ranked, b: Ranked) =>
  a.shared !== b.shared
    ? a.shared > b.shared
    : a.listing.updated !== b.listing.updated
      ? a.listing.updated > b.listing.updated
      : a.index < b.index;

/** The `count` listings of `groups` most like `facets`, best first, keeping only the best `count` as it goes. */
function rank(facets: readonly string[], groups: readonly Group[], count: number): Ranked[] {
  const mine = new Set(facets);
  const best: Ranked[] = [];
  for (const group of groups) {
    const shared = group.facets.filter((facet) => mine.has(facet)).length;
    // A group's members are in rank order: past its first `count`, none can make the list.
    for (const member of group.members.slice(0, count)) {
      const candidate = { ...member, shared };
      if (best.length === count && !ranksBefore(candidate, best[count - 1]!)) break;
      let at = best.length;
      while (at > 0 && ranksBefore(candidate, best[at - 1]!)) at--;
      best.splice(at, 0, candidate);
      if (best.length > count) best.pop();
    }
  }
  return best;
}

/** The `max` listings most like `listing`, best first; never itself. */
export function relatedListings(
  listing: ListingWithoutNda,
  all: readonly ListingWithoutNda[],
  max = 3,
): ListingWithoutNda[] {
  const catalogue = catalogueOf(all);
  const facets = facetsOf(listing);
  const key = `${max}\n${combination(listing.vertical, facets)}`;
  let ranking = catalogue.rankings.get(key);
  if (!ranking) {
    // One more than asked: a listing of this combination is among them when it is one of the best.
    ranking = rank(facets, catalogue.groups.get(listing.vertical) ?? [], max + 1);
    catalogue.rankings.set(key, ranking);
  }
  return ranking
    .filter((ranked) => ranked.listing.id !== listing.id)
    .slice(0, max)
    .map((ranked) => ranked.listing);
}
