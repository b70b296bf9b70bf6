// The public catalogue, held in memory: the body of /catalog.json and GET /api/v1/catalog come from the same
// function, and the API filters a list prepared once at start-up (no file read or validation per request).
import { z } from 'zod';
import { languageCode } from '../languages.ts';
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

export const CATALOG_QUERY_PARAMETERS = ['vertical', 'status', 'language'] as const;

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
});
export type CatalogQuery = z.output<typeof catalogQuerySchema>;

type Entry = { listing: Listing; public: PublicListing; bytes: Buffer; languageCodes: Set<string> };

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
  filter(query: CatalogQuery): CatalogBody;
};

export function createCatalog(listings: readonly Listing[]): Catalog {
  // Sorted and projected once, by the function /catalog.json is built with.
  const body = catalogBody(listings);
  const listingById = new Map(listings.map((listing) => [listing.id, listing]));
  const entries: Entry[] = body.data.map((projected) => {
    const listing = listingById.get(projected.id)!;
    return {
      listing,
      public: projected,
      bytes: Buffer.from(JSON.stringify({ data: projected })),
      languageCodes: new Set((listing.languages ?? []).map((name) => languageCode(name)!)),
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
    filter(query) {
      const data = entries
        .filter(
          ({ listing, languageCodes }) =>
            (!query.vertical || listing.vertical === query.vertical) &&
            (!query.status || listing.status === query.status) &&
            (!query.language || languageCodes.has(query.language)),
        )
        .map((entry) => entry.public);
      return { data, count: data.length };
    },
  };
}
