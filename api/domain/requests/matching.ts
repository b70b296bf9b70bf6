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
      const languages = new Set(ask.languages.map((name) => name.toLowerCase()));
      const domains = new Set<string>(ask.domains);
      const volume = ask.volume_range ?? null;
      const has = (set: Set<string>, values: Iterable<string>) => {
        for (const value of values) if (set.has(value)) return true;
        return false;
      };
      // Each ask the request makes: whether the listing meets it, or null when it does not apply.
      const judge = (entry: Entry): [MatchField, boolean][] => {
        const judged: [MatchField, boolean][] = [];
        if (languages.size) judged.push(['language', has(languages, entry.languages)]);
        if (domains.size) judged.push(['domain', domains.has(entry.listing.domain)]);
        if (asked.size) judged.push(['geography', has(asked, entry.places)]);
        // Comparable only in the same unit: "1-5 TB" says nothing about "500–1,000 hours".
        if (volume && entry.size && volume.unit === entry.size.unit)
          judged.push(['volume', entry.size.max === null || entry.size.max >= volume.min]);
        return judged;
      };
      // Scored without allocating per listing, keeping only the best MAX_MATCHES (a 10,000-listing catalogue
      // has thousands of candidates per data type; sorting them all cost milliseconds a request).
      const best: { entry: Entry; score: number }[] = [];
      const better = (a: { entry: Entry; score: number }, b: { entry: Entry; score: number }) =>
        a.score > b.score || (a.score === b.score && a.entry.listing.id < b.entry.listing.id);
      for (const type of ask.data_types) {
        for (const entry of byType.get(type as PublicListing['data_type']) ?? []) {
          let score = 10 + (ask.listing_id === entry.listing.id ? 100 : 0);
          if (languages.size) score += has(languages, entry.languages) ? 10 : -1;
          if (domains.size) score += domains.has(entry.listing.domain) ? 10 : -1;
          if (asked.size) score += has(asked, entry.places) ? 10 : -1;
          if (volume && entry.size && volume.unit === entry.size.unit)
            score += entry.size.max === null || entry.size.max >= volume.min ? 10 : -1;
          const candidate = { entry, score };
          if (best.length === MAX_MATCHES && !better(candidate, best[MAX_MATCHES - 1]!)) continue;
          let at = best.length;
          while (at > 0 && better(candidate, best[at - 1]!)) at--;
          best.splice(at, 0, candidate);
          if (best.length > MAX_MATCHES) best.pop();
        }
      }
      return best.map(({ entry }) => {
        const judged = judge(entry);
        return {
          listing_id: entry.listing.id,
          title: entry.listing.title,
          url: entry.url,
          matched: ['data_type', ...judged.filter(([, meets]) => meets).map(([field]) => field)],
          missing: judged.filter(([, meets]) => !meets).map(([field]) => field),
        };
      });
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
