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

/** Listings with the same facets, best first among themselves: updated later, then earlier in the catalogue. */
type Group = { facets: readonly string[]; members: Ranked[] };
type Ranked = { listing: ListingWithoutNda; index: number; shared: number };

/**
 * Each catalogue's listings by vertical, grouped by their facets, worked out once. Every listing page ranks every
 * other listing of its vertical; listings alike are ranked once per group, so a page costs its vertical's
 * number of facet combinations, not of listings (10,000 generated listings have 335).
 */
const groupsOf = new WeakMap<readonly ListingWithoutNda[], Map<string, Group[]>>();

function groups(all: readonly ListingWithoutNda[]): Map<string, Group[]> {
  let byVertical = groupsOf.get(all);
  if (!byVertical) {
    const byFacets = new Map<string, Group & { vertical: string }>();
    all.forEach((listing, index) => {
      const facets = facetsOf(listing);
      const key = [listing.vertical, ...facets].join('\n');
      let group = byFacets.get(key);
      if (!group) byFacets.set(key, (group = { vertical: listing.vertical, facets, members: [] }));
      group.members.push({ listing, index, shared: 0 });
    });
    for (const { members } of byFacets.values()) members.sort((a, b) => (ranksBefore(a, b) ? -1 : 1));
    byVertical = Map.groupBy(byFacets.values(), (group) => group.vertical);
    groupsOf.set(all, byVertical);
  }
  return byVertical;
}

/** Whether `a` ranks before `b`: more facets shared, or as many and updated later, or earlier in the catalogue. */
const ranksBefore = (a: Ranked, b: Ranked) =>
  a.shared !== b.shared
    ? a.shared > b.shared
    : a.listing.updated !== b.listing.updated
      ? a.listing.updated > b.listing.updated
      : a.index < b.index;

/**
 * The `max` listings most like `listing`, best first, keeping only the best `max` as it goes. Every listing page
 * asks: sorting every other listing each time, working out its facets again, made a 10,000-listing build take
 * 196 s against bare Astro's 20 s.
 */
export function relatedListings(
  listing: ListingWithoutNda,
  all: readonly ListingWithoutNda[],
  max = 3,
): ListingWithoutNda[] {
  const mine = new Set(facetsOf(listing));
  const best: Ranked[] = [];
  for (const group of groups(all).get(listing.vertical) ?? []) {
    const shared = group.facets.filter((n) => mine.has(n)).length;
    let taken = 0;
    for (const member of group.members) {
      if (member.listing.id === listing.id) continue;
      if (taken++ === max) break; // the rest of the group ranks below these
      const candidate = { ...member, shared };
      if (best.length === max && !ranksBefore(candidate, best[max - 1]!)) break;
      let at = best.length;
      while (at > 0 && ranksBefore(candidate, best[at - 1]!)) at--;
      best.splice(at, 0, candidate);
      if (best.length > max) best.pop();
    }
  }
  return best.map((ranked) => ranked.listing);
}
