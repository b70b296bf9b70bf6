// The catalogue's filters, free text and sort: one zod schema for GET /api/v1/catalog, the MCP tool
// search_catalog and the /catalog/ pages, and one matcher, so a page and the API always count the same listings.
import { z } from 'zod';
import { closest } from '../closest.ts';
import { countryName, countryNames, geographyCountries } from '../countries.ts';
import { valueList, termValues } from '../filter-values.ts';
import { languageCode, similarLanguage } from '../languages.ts';
import { modalityLabel } from './listing-format.ts';
import type { ListingWithoutNda } from './listing-schema.ts';
import { ALL_DATA_TYPES, ALL_DOMAINS, DICOM_MODALITIES, LISTING_STATUSES, VERTICALS } from '../vocabulary.ts';
import { vocabularyTerm } from '../vocabulary-term.ts';

export const CATALOG_QUERY_PARAMETERS = [
  'vertical',
  'status',
  'language',
  'geography',
  'domain',
  'data_type',
  'modality',
  'q',
  'sort',
] as const;
export type CatalogParameter = (typeof CATALOG_QUERY_PARAMETERS)[number];

export const CATALOG_SORTS = ['updated', 'size', 'title'] as const;
export type CatalogSort = (typeof CATALOG_SORTS)[number];

// At most this many words of free text: each is a scan of every listing.
const MAX_SEARCH_WORDS = 10;

/** "Médical_Imaging" → "medical imaging": lower case, no accents, words split at anything not a letter or digit. */
export function searchable(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ');
}
const searchWords = (text: string) => searchable(text).split(' ').filter(Boolean);

const modalityByName = new Map(
  Object.entries(DICOM_MODALITIES).flatMap(([code, name]) => [
    [code.toLowerCase(), code],
    [name.toLowerCase(), code],
  ]),
);
const MODALITY_CODES = Object.keys(DICOM_MODALITIES);

export const catalogQuerySchema = z.strictObject({
  vertical: vocabularyTerm(VERTICALS, 'a vertical')
    .optional()
    .describe('Only listings of this vertical, in any case and spacing ("Medical imaging")'),
  status: valueList(termValues(LISTING_STATUSES, 'a listing status')).describe(
    `Listing states, comma-separated (any of them matches), any case: ${LISTING_STATUSES.join(', ')}`,
  ),
  language: valueList({
    what: 'a language name or code',
    resolve: languageCode,
    suggest: similarLanguage,
    instead: 'try "English", "en" or "en-US"',
  }).describe(
    'Languages, comma-separated (any of them matches), by name or code in any case: English, en, eng and en-US all mean English',
  ),
  geography: valueList({
    what: 'a country name or ISO 3166 code',
    resolve: countryName,
    suggest: (value) => closest(value, countryNames()),
    instead: 'use a country’s English name or ISO 3166-1 code, e.g. Germany or DE',
  }).describe(
    'Countries, comma-separated (any of them matches), by English name or ISO 3166-1 alpha-2 code: Germany or DE. A listing recorded in "Germany, Austria" matches either.',
  ),
  domain: valueList(termValues(ALL_DOMAINS, 'a domain')).describe(
    `Industries, comma-separated (any of them matches), any case and spacing: ${ALL_DOMAINS.join(', ')}`,
  ),
  data_type: valueList(termValues(ALL_DATA_TYPES, 'a data type')).describe(
    `What one record is, comma-separated (any of them matches), any case and spacing: ${ALL_DATA_TYPES.join(', ')}`,
  ),
  modality: valueList({
    what: 'a DICOM modality code',
    resolve: (value) => modalityByName.get(value.trim().toLowerCase()),
    suggest: (value) => closest(value, MODALITY_CODES),
    instead: `use one of ${MODALITY_CODES.join(', ')}`,
  }).describe(
    `Imaging modalities, comma-separated (any of them matches), as DICOM codes or names: ${MODALITY_CODES.join(', ')}`,
  ),
  q: z
    .string()
    .max(200, { error: 'keep the search within 200 characters' })
    .optional()
    .transform((value, ctx) => {
      const words = value === undefined ? [] : searchWords(value);
      if (words.length > MAX_SEARCH_WORDS) {
        ctx.addIssue({ code: 'custom', message: `use at most ${MAX_SEARCH_WORDS} words` });
        return z.NEVER;
      }
      return words.length ? words : undefined;
    })
    .describe(
      'Free text: listings whose title, description or facets (vertical, data type, languages, modality, domain, geography, status) have a word starting with each word given, any case',
    ),
  sort: z
    .enum(CATALOG_SORTS, { error: `sort by one of ${CATALOG_SORTS.join(', ')}` })
    .optional()
    .describe(
      'Order: updated (newest update first), size (largest size band first, within each unit), title (A to Z). Without it, by id.',
    ),
});
export type CatalogQuery = z.output<typeof catalogQuerySchema>;

/** What the matcher reads of a listing, prepared once. */
export type IndexedListing = {
  listing: ListingWithoutNda;
  languageCodes: Set<string>;
  countries: Set<string>;
  modalities: Set<string>;
  /** Free-text target, with a space at both ends so that every word starts after a space. */
  text: string;
  /** The size band's lower bound and unit, for sort=size. */
  size: { unit: string; from: number };
};

const MULTIPLIER: Record<string, number> = { '': 1, k: 1e3, m: 1e6 };

/** "10k–25k studies" → { unit: "studies", from: 10000 }. */
export function sizeRank(band: string): { unit: string; from: number } {
  const amount = /^(\d[\d,]*(?:\.\d+)?)\s*([kKmM]?)/.exec(band.trim());
  const unit = /\s([\p{L}][\p{L} -]*)$/u.exec(band.trim());
  if (!amount || !unit) return { unit: band, from: 0 };
  return {
    unit: unit[1]!.trim(),
    from: Number(amount[1]!.replaceAll(',', '')) * (MULTIPLIER[amount[2]!.toLowerCase()] ?? 1),
  };
}

/** Public fields and the description (`body`), never an `nda:` value. */
export function indexListing(listing: ListingWithoutNda, body: string): IndexedListing {
  const modalities = listing.modality?.split(',').map((code) => code.trim()) ?? [];
  const facets = [
    listing.title,
    listing.vertical,
    listing.data_type,
    ...(listing.languages ?? []),
    listing.modality ? modalityLabel(listing.modality) : '',
    listing.domain,
    listing.geography,
    listing.status,
  ];
  return {
    listing,
    languageCodes: new Set((listing.languages ?? []).map((name) => languageCode(name)!)),
    countries: new Set(geographyCountries(listing.geography).map((name) => countryName(name) ?? name)),
    modalities: new Set(modalities),
    text: ` ${searchable([...facets, body].join(' '))} `,
    size: sizeRank(listing.size_band),
  };
}

const anyOf = <T>(wanted: readonly T[] | undefined, has: (value: T) => boolean) =>
  !wanted || wanted.some(has);

/** Filters combine (AND); the values of one filter are alternatives (OR). */
export function matchesQuery(entry: IndexedListing, query: CatalogQuery): boolean {
  const { listing } = entry;
  return (
    (!query.vertical || listing.vertical === query.vertical) &&
    anyOf(query.status, (status) => listing.status === status) &&
    anyOf(query.language, (code) => entry.languageCodes.has(code)) &&
    anyOf(query.geography, (country) => entry.countries.has(country)) &&
    anyOf(query.domain, (domain) => listing.domain === domain) &&
    anyOf(query.data_type, (type) => listing.data_type === type) &&
    anyOf(query.modality, (code) => entry.modalities.has(code)) &&
    (!query.q || query.q.every((word) => entry.text.includes(` ${word}`)))
  );
}

const byId = (a: IndexedListing, b: IndexedListing) =>
  a.listing.id < b.listing.id ? -1 : a.listing.id > b.listing.id ? 1 : 0;

const COMPARE: Record<CatalogSort, (a: IndexedListing, b: IndexedListing) => number> = {
  updated: (a, b) =>
    a.listing.updated < b.listing.updated ? 1 : a.listing.updated > b.listing.updated ? -1 : byId(a, b),
  size: (a, b) => a.size.unit.localeCompare(b.size.unit, 'en') || b.size.from - a.size.from || byId(a, b),
  title: (a, b) => a.listing.title.localeCompare(b.listing.title, 'en') || byId(a, b),
};

/** The matching entries in the order asked for (by id without `sort`). */
export function queryCatalog<E extends IndexedListing>(entries: readonly E[], query: CatalogQuery): E[] {
  return entries.filter((entry) => matchesQuery(entry, query)).sort(query.sort ? COMPARE[query.sort] : byId);
}
