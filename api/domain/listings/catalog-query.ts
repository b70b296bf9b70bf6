// The catalogue's filters, free text and sort: one zod schema for GET /api/v1/catalog, the MCP tool
// search_catalog and the /catalog/ pages, and one matcher, so a page and the API always count the same listings.
import { z } from 'zod';
import MiniSearch from 'minisearch';
import { closest } from '../closest.ts';
import { countryName, countryNames, geographyCountries } from '../countries.ts';
import { valueList, termValues } from '../filter-values.ts';
import { languageCode, similarLanguage } from '../languages.ts';
import { modalityLabel } from './listing-format.ts';
import { createCatalogSearch, type CatalogSearch, type SearchFilters } from './catalog-search.ts';
import type { SearchDoc } from './catalog-search.ts';
import type { ListingWithoutNda } from './listing-schema.ts';
import { languageWords, searchTerms } from './search-terms.ts';
import { plainWords } from './search-words.ts';
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

export const CATALOG_SORTS = ['relevance', 'updated', 'size', 'title'] as const;
export type CatalogSort = (typeof CATALOG_SORTS)[number];

// At most this many words of free text: each is a lookup, with its prefixes and near spellings, in the index.
const MAX_SEARCH_WORDS = 10;

const searchWords = plainWords;

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
      'Free text: listings with any of the words in their title, description, data card or facets (languages and countries by name or code, modality, domain), any case, British or American spelling; listings matching more of the words come first',
    ),
  sort: z
    .enum(CATALOG_SORTS, { error: `sort by one of ${CATALOG_SORTS.join(', ')}` })
    .optional()
    .describe(
      'Order: relevance (more of the words of q matched first; newest first without q), updated (newest update first), size (units grouped: hours, then studies, then images, then TB; largest first within each), title (A to Z). Without it, relevance when q is given, else by id.',
    ),
});
export type CatalogQuery = z.output<typeof catalogQuerySchema>;

/** What the matcher reads of a listing, prepared once. */
export type IndexedListing = {
  listing: ListingWithoutNda;
  /** What the search indexes, filters and sorts: the page's cards carry the same values. */
  doc: SearchDoc;
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

/** Each filter's values one listing has, as the query schema resolves them (codes, country names). */
export function listingFacetValues(listing: ListingWithoutNda): Record<FacetName, string[]> {
  return {
    vertical: [listing.vertical],
    status: [listing.status],
    language: (listing.languages ?? []).map((name) => languageCode(name) ?? name),
    modality: listing.modality?.split(',').map((code) => code.trim()) ?? [],
    domain: [listing.domain],
    data_type: [listing.data_type],
    geography: geographyCountries(listing.geography).map((name) => countryName(name) ?? name),
  };
}
export type FacetName =
  'vertical' | 'status' | 'language' | 'modality' | 'domain' | 'data_type' | 'geography';

/** Public fields, the data card's record and collection, and the description (`body`), never an `nda:` value. */
export function indexListing(listing: ListingWithoutNda, body: string): IndexedListing {
  const terms = [
    listing.vertical,
    listing.data_type,
    listing.modality ? modalityLabel(listing.modality) : '',
    listing.domain,
    listing.geography,
    listing.status,
    searchTerms(listing),
  ];
  const oneLine = (parts: string[]) => parts.join(' ').replace(/\s+/g, ' ').trim();
  const size = sizeRank(listing.size_band);
  return {
    listing,
    size,
    doc: {
      id: listing.id,
      title: listing.title,
      languages: languageWords(listing.languages),
      terms: oneLine(terms),
      text: oneLine([listing.data_card.record, listing.data_card.collection, body]),
      updated: listing.updated,
      size,
      facets: listingFacetValues(listing),
    },
  };
}

/** The query's filters as the search reads them. */
export function queryFilters(query: CatalogQuery): SearchFilters {
  return {
    vertical: query.vertical ? [query.vertical] : undefined,
    status: query.status,
    language: query.language,
    geography: query.geography,
    domain: query.domain,
    data_type: query.data_type,
    modality: query.modality,
  };
}

// One index per list of entries: the API's catalogue and the site's are each built once.
const searches = new WeakMap<readonly IndexedListing[], CatalogSearch>();
export function catalogSearch(entries: readonly IndexedListing[]): CatalogSearch {
  let search = searches.get(entries);
  if (!search) {
    search = createCatalogSearch(
      entries.map((entry) => entry.doc),
      MiniSearch,
    );
    searches.set(entries, search);
  }
  return search;
}

/**
 * The matching entries in the order asked for: with `q` and no `sort`, those matching more of its words first;
 * without either, by id.
 */
export function queryCatalog<E extends IndexedListing>(entries: readonly E[], query: CatalogQuery): E[] {
  const byId = new Map(entries.map((entry) => [entry.listing.id, entry]));
  const q = query.q?.join(' ');
  const sort = query.sort ?? (q ? 'relevance' : 'id');
  return catalogSearch(entries)
    .run({ q, filters: queryFilters(query), sort })
    .map((doc) => byId.get(doc.id)!);
}

/** For a query that found nothing: the few listings nearest to it (`near`), or the newest when none is. */
export function nearestListings<E extends IndexedListing>(
  entries: readonly E[],
  query: CatalogQuery,
): { entries: E[]; near: boolean } {
  const byId = new Map(entries.map((entry) => [entry.listing.id, entry]));
  const { docs, near } = catalogSearch(entries).nearest({
    q: query.q?.join(' '),
    filters: queryFilters(query),
  });
  return { entries: docs.map((doc) => byId.get(doc.id)!), near };
}
