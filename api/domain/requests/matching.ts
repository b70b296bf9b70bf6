// Matching a data request against the public catalogue (contract §9): up to five listings, best first, each with
// the request's asks it meets (`matched`) and those it does not (`missing`). It reads PublicListing only, the
// whitelist projection, so an `nda:` value can never make or break a match.
import type { Catalog, CatalogQuery } from '../listings/catalog.ts';
import { catalogQuerySchema } from '../listings/catalog-query.ts';
import type { PublicListing } from '../listings/listing-schema.ts';
import type { RequestMatch } from '../../store/records.ts';
import { parseBand, type Range } from './bands.ts';

export const MAX_MATCHES = 5;

/** The catalogue's filter with no filter: every public listing. */
export const EVERY_LISTING: CatalogQuery = catalogQuerySchema.parse({});

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
  id: string;
  /** Languages, places and the domain as small numbers (see `intern`): a request's asks become flags indexed
   * by them, so scoring a listing is a few array reads, not string hashing (it runs thousands of times a request). */
  domain: number;
  languages: number[];
  places: number[];
};

export type Matcher = { match(ask: MatchAsk): RequestMatch[] };

/** Lower case, without accents, words split at anything not a letter or digit. */
const words = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);

const placesOf = (geography: string) =>
  geography
    .split(/[,;/]| and /)
    .map((place) => words(place).join(' '))
    .filter(Boolean);

/** Built once per catalogue: each listing's size band parsed, its languages and places as sets. */
export function createMatcher(listings: readonly PublicListing[], siteUrl: URL): Matcher {
  const numbers = new Map<string, number>();
  const intern = (value: string) => {
    let n = numbers.get(value);
    if (n === undefined) numbers.set(value, (n = numbers.size));
    return n;
  };
  const entries: Entry[] = listings.map((listing) => {
    const size = parseBand('volume', listing.size_band);
    return {
      listing,
      url: new URL(`/catalog/${listing.id}/`, siteUrl).href,
      size: size.ok ? size.band.range : null,
      id: listing.id,
      domain: intern(`domain:${listing.domain}`),
      languages: [
        ...new Set((listing.languages ?? []).map((name) => intern(`language:${name.toLowerCase()}`))),
      ],
      places: [...new Set(placesOf(listing.geography).map((place) => intern(`place:${place}`)))],
    };
  });
  const byType = Map.groupBy(entries, (entry) => entry.listing.data_type);
  const knownPlaces = new Set(listings.flatMap((listing) => placesOf(listing.geography)));
  const longestPlace = Math.max(0, ...[...knownPlaces].map((place) => place.split(' ').length));
  /** The places the catalogue knows that the text names, as whole words ("United States", not "States"). */
  const placesIn = (text: string) => {
    const found = new Set<string>();
    const list = words(text);
    for (let start = 0; start < list.length; start++) {
      let phrase = '';
      for (let n = 0; n < longestPlace && start + n < list.length; n++) {
        phrase = n ? `${phrase} ${list[start + n]}` : list[start]!;
        if (knownPlaces.has(phrase)) found.add(phrase);
      }
    }
    return found;
  };

  return {
    match(ask) {
      const volume = ask.volume_range ?? null;
      // One flag per interned value the request asks for; a value the catalogue does not know has no number,
      // so it is asked (counts as missing) but met by no listing.
      const flags = new Uint8Array(numbers.size);
      const mark = (values: Iterable<string>) => {
        let count = 0;
        for (const value of values) {
          count += 1;
          const n = numbers.get(value);
          if (n !== undefined) flags[n] = 1;
        }
        return count > 0;
      };
      const asksLanguage = mark(ask.languages.map((name) => `language:${name.toLowerCase()}`));
      const asksDomain = mark(ask.domains.map((domain) => `domain:${domain}`));
      const asksPlace = mark([...placesIn(ask.description)].map((place) => `place:${place}`));
      const any = (values: readonly number[]) => {
        for (let i = 0; i < values.length; i++) if (flags[values[i]!]) return true;
        return false;
      };
      // Each ask the request makes: whether the listing meets it, or null when it does not apply.
      const judge = (entry: Entry): [MatchField, boolean][] => {
        const judged: [MatchField, boolean][] = [];
        if (asksLanguage) judged.push(['language', any(entry.languages)]);
        if (asksDomain) judged.push(['domain', flags[entry.domain] === 1]);
        if (asksPlace) judged.push(['geography', any(entry.places)]);
        // Comparable only in the same unit: "1-5 TB" says nothing about "500–1,000 hours".
        if (volume && entry.size && volume.unit === entry.size.unit)
          judged.push(['volume', entry.size.max === null || entry.size.max >= volume.min]);
        return judged;
      };
      // Scored without allocating per listing, keeping only the best MAX_MATCHES (a 10,000-listing catalogue
      // has thousands of candidates per data type; sorting them all cost milliseconds a request).
      const best: { entry: Entry; score: number }[] = [];
      /** Whether (score, id) ranks before `than`: a higher score, or the same and the smaller id. */
      const before = (score: number, id: string, than: { entry: Entry; score: number }) =>
        score > than.score || (score === than.score && id < than.entry.id);
      for (const type of ask.data_types) {
        const candidates = byType.get(type as PublicListing['data_type']) ?? [];
        for (let i = 0; i < candidates.length; i++) {
          const entry = candidates[i]!;
          let score = ask.listing_id === entry.id ? 110 : 10;
          if (asksLanguage) score += any(entry.languages) ? 10 : -1;
          if (asksDomain) score += flags[entry.domain] ? 10 : -1;
          if (asksPlace) score += any(entry.places) ? 10 : -1;
          if (volume && entry.size && volume.unit === entry.size.unit)
            score += entry.size.max === null || entry.size.max >= volume.min ? 10 : -1;
          if (best.length === MAX_MATCHES && !before(score, entry.id, best[MAX_MATCHES - 1]!)) continue;
          let at = best.length;
          while (at > 0 && before(score, entry.id, best[at - 1]!)) at--;
          best.splice(at, 0, { entry, score });
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
