// The public catalogue, held in memory: the body of /catalog.json and GET /api/v1/catalog come from the same
// function, and the API filters a list prepared once at start-up (no file read or validation per request).
import {
  indexListing,
  nearestListings,
  queryCatalog,
  type CatalogQuery,
  type IndexedListing,
} from './catalog-query.ts';
import type { Listing, ListingWithoutNda, PublicListing } from './listing-schema.ts';
import { loadListings } from './listing-files.ts';
import { toPublicListing } from './public-listing.ts';

/** `nearest` only when nothing matched: the few listings nearest to what was asked (issue 42). */
export type CatalogBody = { data: PublicListing[]; count: number; nearest?: { id: string; title: string }[] };

/** Catalogue order: by id. */
export const byId = (a: { id: string }, b: { id: string }) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/** Listings in a stable order (by id), projected to their public fields. */
export function catalogBody(listings: readonly ListingWithoutNda[]): CatalogBody {
  const data = [...listings].sort(byId).map(toPublicListing);
  return { data, count: data.length };
}

export { CATALOG_QUERY_PARAMETERS, catalogQuerySchema, type CatalogQuery } from './catalog-query.ts';

/** A listing as loaded from its file: the Markdown body is its public description. */
export type CatalogListing = Listing & { body?: string };

type Entry = IndexedListing & {
  full: Listing;
  public: PublicListing;
  bytes: Buffer;
  description: string;
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

/** The catalogue of the listing files in `dir`, read and indexed once per process (api/runtime.ts). */
export async function loadCatalog(dir: string): Promise<Catalog> {
  return createCatalog(await loadListings(dir));
}

export function createCatalog(listings: readonly CatalogListing[]): Catalog {
  // Sorted and projected once, by the function /catalog.json is built with.
  const body = catalogBody(listings);
  const listingById = new Map(listings.map((listing) => [listing.id, listing]));
  const entries: Entry[] = body.data.map((projected) => {
    const listing = listingById.get(projected.id)!;
    const description = listing.body ?? '';
    return {
      ...indexListing(listing, description),
      full: listing,
      public: projected,
      bytes: Buffer.from(JSON.stringify({ data: projected })),
      description,
    };
  });
  const byIdMap = new Map(entries.map((entry) => [entry.listing.id, entry]));
  const allJson = JSON.stringify(body);
  return {
    allJson,
    allBytes: Buffer.from(allJson),
    size: entries.length,
    find: (id) => byIdMap.get(id)?.full,
    publicListing: (id) => byIdMap.get(id)?.public,
    publicListingBytes: (id) => byIdMap.get(id)?.bytes,
    description: (id) => byIdMap.get(id)?.description,
    filter(query) {
      const data = queryCatalog(entries, query).map((entry) => entry.public);
      if (data.length || !entries.length) return { data, count: data.length };
      const nearest = nearestListings(entries, query).entries.map(({ listing }) => ({
        id: listing.id,
        title: listing.title,
      }));
      return { data, count: 0, nearest };
    },
  };
}
