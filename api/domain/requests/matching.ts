// Matching a data request against the public catalogue (contract §9): up to five listings, best first, each with
// the request's asks it meets (`matched`) and those it does not (`missing`). It reads PublicListing only, the
// whitelist projection, so an `nda:` value can never make or break a match.
import type { Catalog, CatalogQuery } from '../listings/catalog.ts';
import type { PublicListing } from '../listings/listing-schema.ts';
import type { RequestMatch } from '../../store/records.ts';
import { parseBand, type Range } from './bands.ts';

export const MAX_MATCHES = 5;

/** The catalogue's filter with no filter: every public listing. */
export const EVERY_LISTING: CatalogQuery = { language: undefined, q: undefined };

export type MatchField = 'data_type' | 'language' | 'domain' | 'geography' | 'volume';

/** What of a request matching reads. Geography has no field of its own: places the description names. */
export type MatchAsk = {
  data_types: readonly string[];
  languages: readonly string[];
  domains: readonly string[];
  volume_range?: Range | null;
  description: string;
  listing_id?: string | null;
};

type Entry = {
  listing: PublicListing;
  url: string;
  size: Range | null;
  languages: Set<string>;
  places: Set<string>;
};

export type Matcher = { match(ask: MatchAsk): RequestMatch[] };

const placesOf = (geography: string) =>
  geography
    .split(/[,;/]| and /)
    .map((place) => place.trim().toLowerCase())
    .filter(Boolean);

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Built once per catalogue: each listing's size band parsed, its languages and places as sets. */
export function createMatcher(listings: readonly PublicListing[], siteUrl: URL): Matcher {
  const entries: Entry[] = listings.map((listing) => {
    const size = parseBand('volume', listing.size_band);
    return {
      listing,
      url: new URL(`/catalog/${listing.id}/`, siteUrl).href,
      size: size.ok ? size.band.range : null,
      languages: new Set((listing.languages ?? []).map((name) => name.toLowerCase())),
      places: new Set(placesOf(listing.geography)),
    };
  });
  const byType = Map.groupBy(entries, (entry) => entry.listing.data_type);
  const allPlaces = [...new Set(entries.flatMap((entry) => [...entry.places]))];
  // One pass over the description for every place the catalogue knows, as whole words.
  const placePattern = allPlaces.length
    ? new RegExp(`(?<![\\p{L}\\p{N}])(${allPlaces.map(escape).join('|')})(?![\\p{L}\\p{N}])`, 'giu')
    : undefined;

  return {
    match(ask) {
      const asked = placePattern
        ? new Set([...ask.description.matchAll(placePattern)].map((m) => m[1]!.toLowerCase()))
        : new Set<string>();
      const languages = ask.languages.map((name) => name.toLowerCase());
      const scored: { entry: Entry; matched: MatchField[]; missing: MatchField[]; score: number }[] = [];
      for (const type of ask.data_types) {
        for (const entry of byType.get(type as PublicListing['data_type']) ?? []) {
          const matched: MatchField[] = ['data_type'];
          const missing: MatchField[] = [];
          const judge = (field: MatchField, asks: boolean, meets: boolean) => {
            if (asks) (meets ? matched : missing).push(field);
          };
          judge(
            'language',
            languages.length > 0,
            languages.some((l) => entry.languages.has(l)),
          );
          judge('domain', ask.domains.length > 0, ask.domains.includes(entry.listing.domain));
          judge(
            'geography',
            asked.size > 0,
            [...asked].some((place) => entry.places.has(place)),
          );
          // Comparable only in the same unit: "1-5 TB" says nothing about "500–1,000 hours".
          const volume = ask.volume_range;
          if (volume && entry.size && volume.unit === entry.size.unit)
            judge('volume', true, entry.size.max === null || entry.size.max >= volume.min);
          const named = ask.listing_id === entry.listing.id ? 100 : 0;
          scored.push({ entry, matched, missing, score: named + matched.length * 10 - missing.length });
        }
      }
      return scored
        .sort((a, b) => b.score - a.score || (a.entry.listing.id < b.entry.listing.id ? -1 : 1))
        .slice(0, MAX_MATCHES)
        .map(({ entry, matched, missing }) => ({
          listing_id: entry.listing.id,
          title: entry.listing.title,
          url: entry.url,
          matched,
          missing,
        }));
    },
  };
}

const matchers = new WeakMap<object, { siteUrl: string; matcher: Matcher }>();

/** The matcher of a catalogue, built on first use: the catalogue is fixed for the life of the process. */
export function matcherFor(catalog: Pick<Catalog, 'filter'>, siteUrl: URL): Matcher {
  const cached = matchers.get(catalog);
  if (cached && cached.siteUrl === siteUrl.href) return cached.matcher;
  const matcher = createMatcher(catalog.filter(EVERY_LISTING).data, siteUrl);
  matchers.set(catalog, { siteUrl: siteUrl.href, matcher });
  return matcher;
}
