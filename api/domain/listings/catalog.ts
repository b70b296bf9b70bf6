// The public catalogue, held in memory: the body of /catalog.json and GET /api/v1/catalog come from the same
// function, and the API filters a list prepared once at start-up (no file read or validation per request).
import { z } from 'zod';
import { languageCode } from '../languages.ts';
import { modalityLabel } from './listing-format.ts';
import type { Listing, ListingWithoutNda, PublicListing } from './listing-schema.ts';
import { toPublicListing } from './public-listing.ts';
import { LISTING_STATUSES, VERTICALS } from '../vocabulary.ts';

export type CatalogBody = { data: PublicListing[]; count: number };

const byId = (a: { id: string }, b: { id: string }) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/** Listings in a stable order (by id), projected to their public fields. */
export function catalogBody(listings: readonly ListingWithoutNda[]): CatalogBody {
  const data = [...listings].sort(byId).map(toPublicListing);
  return { data, count: data.length };
}

/** "Médical_Imaging" → "medical imaging": lower case, no accents, words split at anything not a letter or digit. */
function searchable(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ');
}

const searchWords = (text: string) => searchable(text).split(' ').filter(Boolean);

export const CATALOG_QUERY_PARAMETERS = ['vertical', 'status', 'language', 'q'] as const;

// At most this many words of free text: each is a substring scan of every listing.
const MAX_SEARCH_WORDS = 10;

export const catalogQuerySchema = z.strictObject({
  vertical: z.enum(VERTICALS).optional().describe('Only listings of this vertical'),
  status: z.enum(LISTING_STATUSES).optional().describe('Only listings in this state'),
  language: z
    .string()
    .optional()
    .transform((value, ctx) => {
      if (value === undefined) return undefined;
      const code = languageCode(value);
      if (!code) {
        ctx.addIssue({
          code: 'custom',
          message: `"${value}" is not a language name or code; try "English", "en" or "en-US"`,
        });
        return z.NEVER;
      }
      return code;
    })
    .describe('A language name or code, any case: English, en, eng and en-US all mean English'),
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
});
export type CatalogQuery = z.output<typeof catalogQuerySchema>;

/** A listing as loaded from its file: the Markdown body is its public description. */
export type CatalogListing = Listing & { body?: string };

/** What free text is matched against: public fields and the description, never an `nda:` value. */
function searchText(listing: PublicListing, body: string): string {
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
  // Spaces at both ends, so that every word of the text starts after a space (see `filter`).
  return ` ${searchable([...facets, body].join(' '))} `;
}

type Entry = {
  listing: Listing;
  public: PublicListing;
  bytes: Buffer;
  languageCodes: Set<string>;
  description: string;
  /** What `q` is matched against (searchText). */
  text: string;
};

export type Catalog = {
  /** The whole catalogue, serialised once. */
  readonly allJson: string;
  /** The same, as the bytes sent on every unfiltered request. */
  readonly allBytes: Buffer;
  readonly size: number;
  find(id: string): Listing | undefined;
  publicListing(id: string): PublicListing | undefined;
  /** `{ data: listing }` with the public fields, serialised once. */
  publicListingBytes(id: string): Buffer | undefined;
  /** The listing file's Markdown body, its public description ('' when the file has none). */
  description(id: string): string | undefined;
  filter(query: CatalogQuery): CatalogBody;
};

export function createCatalog(listings: readonly CatalogListing[]): Catalog {
  // Sorted and projected once, by the function /catalog.json is built with.
  const body = catalogBody(listings);
  const listingById = new Map(listings.map((listing) => [listing.id, listing]));
  const entries: Entry[] = body.data.map((projected) => {
    const listing = listingById.get(projected.id)!;
    const description = listing.body ?? '';
    return {
      listing,
      public: projected,
      bytes: Buffer.from(JSON.stringify({ data: projected })),
      languageCodes: new Set((listing.languages ?? []).map((name) => languageCode(name)!)),
      description,
      text: searchText(projected, description),
    };
  });
  const byIdMap = new Map(entries.map((entry) => [entry.listing.id, entry]));
  const allJson = JSON.stringify(body);
  return {
    allJson,
    allBytes: Buffer.from(allJson),
    size: entries.length,
    find: (id) => byIdMap.get(id)?.listing,
    publicListing: (id) => byIdMap.get(id)?.public,
    publicListingBytes: (id) => byIdMap.get(id)?.bytes,
    description: (id) => byIdMap.get(id)?.description,
    filter(query) {
      const data = entries
        .filter(
          ({ listing, languageCodes, text }) =>
            (!query.vertical || listing.vertical === query.vertical) &&
            (!query.status || listing.status === query.status) &&
            (!query.language || languageCodes.has(query.language)) &&
            (!query.q || query.q.every((word) => text.includes(` ${word}`))),
        )
        .map((entry) => entry.public);
      return { data, count: data.length };
    },
  };
}
