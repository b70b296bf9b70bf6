// Matching a data request against the public catalogue (contract §9): up to five listings, best first, each with
// the request's asks it meets (`matched`) and those it does not (`missing`). It reads PublicListing only, the
// whitelist projection, so an `nda:` value can never make or break a match.
import { byId, type Catalog, type CatalogQuery } from '../listings/catalog.ts';
import { catalogQuerySchema } from '../listings/catalog-query.ts';
import type { PublicListing } from '../listings/listing-schema.ts';
import type { MatchField, RequestMatch } from '../../store/records.ts';
import { parseBand, type Range } from './bands.ts';

export const MAX_MATCHES = 5;

/** The catalogue's filter with no filter: every public listing. */
export const EVERY_LISTING: CatalogQuery = catalogQuerySchema.parse({});

export type { MatchField } from '../../store/records.ts';

/** A match's fields as a person reads them, in the dashboard and in mail. */
export const MATCH_FIELD_WORDS: Record<MatchField, string> = {
  data_type: 'data type',
  language: 'language',
  domain: 'domain',
  geography: 'geography',
  volume: 'volume',
};

/** A match's `matched` or `missing` fields in words: ["data type", "language"]. */
export const matchFieldWords = (fields: readonly MatchField[]) =>
  fields.map((field) => MATCH_FIELD_WORDS[field]);

/** What of a request matching reads. Geography has no field of its own: places the description names. */
export type MatchAsk = {
  data_types: readonly string[];
  languages: readonly string[];
  domains: readonly string[];
  volume_range?: Range | null;
  description: string;
  listing_id?: string | null;
};

type Entry = { listing: PublicListing; url: string };

/**
 * Listings no request can tell apart: the same data type, domain, languages, places and size. A request scores
 * each profile once, not each listing (10,000 generated listings have about 1,700 profiles). Languages, places and
 * the domain are small numbers (see `intern`): a request's asks become flags indexed by them, so scoring is a few
 * array reads.
 */
type Profile = {
  dataType: PublicListing['data_type'];
  domain: number;
  languages: number[];
  places: number[];
  /** Only the unit and the top of a listing's size band decide whether it meets a volume. */
  size: Pick<Range, 'unit' | 'max'> | null;
  /** In id order, the order ties are broken in. */
  entries: Entry[];
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

/**
 * Places labs name by their abbreviation, read only when written in capitals ("US" is a country, "us" a pronoun).
 * A short list on purpose: two-letter region codes in general would read "IT support" as Italy and "AI" as Anguilla.
 */
const ABBREVIATIONS: Record<string, string> = {
  US: 'united states',
  USA: 'united states',
  UK: 'united kingdom',
  GB: 'united kingdom',
  UAE: 'united arab emirates',
  KSA: 'saudi arabia',
};
/** "US", "U.S." and "U.S.A." alike, as whole words. */
const CAPITALS = /(?<![\p{L}\p{N}])(?:[A-Z]\.){2,3}|(?<![\p{L}\p{N}.])[A-Z]{2,3}(?![\p{L}\p{N}])/gu;

/** Built once per catalogue: its listings grouped into profiles, each listing's size band parsed once. */
export function createMatcher(listings: readonly PublicListing[], siteUrl: URL): Matcher {
  const numbers = new Map<string, number>();
  const intern = (value: string) => {
    let n = numbers.get(value);
    if (n === undefined) numbers.set(value, (n = numbers.size));
    return n;
  };
  const profiles = new Map<string, Profile>();
  const entryOf = new Map<string, { entry: Entry; profile: Profile }>();
  const numbersOf = (values: string[]) => [...new Set(values.map(intern))].sort((a, b) => a - b);
  for (const listing of [...listings].sort(byId)) {
    const band = parseBand('volume', listing.size_band);
    const size = band.ok ? { unit: band.band.range.unit, max: band.band.range.max } : null;
    const alike = {
      dataType: listing.data_type,
      domain: intern(`domain:${listing.domain}`),
      languages: numbersOf((listing.languages ?? []).map((name) => `language:${name.toLowerCase()}`)),
      places: numbersOf(placesOf(listing.geography).map((place) => `place:${place}`)),
      size,
    };
    const key = `${listing.data_type} ${alike.domain} ${alike.languages} ${alike.places} ${size?.unit} ${size?.max}`;
    let profile = profiles.get(key);
    if (!profile) profiles.set(key, (profile = { ...alike, entries: [] }));
    const entry = { listing, url: new URL(`/catalog/${listing.id}/`, siteUrl).href };
    profile.entries.push(entry);
    entryOf.set(listing.id, { entry, profile });
  }
  const byType = Map.groupBy(profiles.values(), (profile) => profile.dataType);
  const knownPlaces = new Set(listings.flatMap((listing) => placesOf(listing.geography)));
  const longestPlace = Math.max(0, ...[...knownPlaces].map((place) => place.split(' ').length));
  /**
   * The places the catalogue knows that the text names, as whole words ("United States", not "States"), or by a
   * common abbreviation in capitals ("US", "U.K.", "UAE").
   */
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
    for (const [written] of text.matchAll(CAPITALS)) {
      const place = ABBREVIATIONS[written.replaceAll('.', '')];
      if (place && knownPlaces.has(place)) found.add(place);
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
      // Each ask the request makes, and whether the profile's listings meet it; an ask that does not apply is left out.
      const judge = (profile: Profile): [MatchField, boolean][] => {
        const judged: [MatchField, boolean][] = [];
        if (asksLanguage) judged.push(['language', any(profile.languages)]);
        if (asksDomain) judged.push(['domain', flags[profile.domain] === 1]);
        if (asksPlace) judged.push(['geography', any(profile.places)]);
        // Comparable only in the same unit: "1-5 TB" says nothing about "500–1,000 hours".
        if (volume && profile.size && volume.unit === profile.size.unit)
          judged.push(['volume', profile.size.max === null || profile.size.max >= volume.min]);
        return judged;
      };
      const scoreOf = (profile: Profile) => {
        let score = 10;
        for (const [, meets] of judge(profile)) score += meets ? 10 : -1;
        return score;
      };
      // Only the best MAX_MATCHES are kept, as they are scored: sorting every candidate cost milliseconds a request.
      type Ranked = { entry: Entry; profile: Profile; score: number };
      const best: Ranked[] = [];
      /** Whether `a` ranks before `b`: a higher score, or the same and the smaller id. */
      const before = (a: Ranked, b: Ranked) =>
        a.score > b.score || (a.score === b.score && a.entry.listing.id < b.entry.listing.id);
      /** Keeps the listing if it ranks among the best so far; false if it does not. */
      const keep = (ranked: Ranked) => {
        if (best.length === MAX_MATCHES && !before(ranked, best[MAX_MATCHES - 1]!)) return false;
        let at = best.length;
        while (at > 0 && before(ranked, best[at - 1]!)) at--;
        best.splice(at, 0, ranked);
        if (best.length > MAX_MATCHES) best.pop();
        return true;
      };
      // The listing the request names comes first, if it is of a data type asked for.
      const named = ask.listing_id ? entryOf.get(ask.listing_id) : undefined;
      if (named && ask.data_types.includes(named.entry.listing.data_type))
        keep({ ...named, score: scoreOf(named.profile) + 100 });
      for (const type of ask.data_types) {
        for (const profile of byType.get(type as PublicListing['data_type']) ?? []) {
          const score = scoreOf(profile);
          for (const entry of profile.entries) {
            if (entry === named?.entry) continue;
            // The rest of the profile has the same score and later ids: none of it ranks either.
            if (!keep({ entry, profile, score })) break;
          }
        }
      }
      return best.map(({ entry, profile }) => {
        const judged = judge(profile);
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
