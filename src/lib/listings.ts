// Every page and feed reads the catalogue through here: one getCollection() per build, not one per page
// (Astro's getCollection is not memoised, so per-page calls make the build O(pages × entries)).
import { getCollection, type CollectionEntry } from 'astro:content';
import type { ListingWithoutNda } from '../../api/domain/listings/listing-schema.ts';

export type ListingEntry = { listing: ListingWithoutNda; entry: CollectionEntry<'listings'> };

let cache: Promise<ListingEntry[]> | undefined;

/** All listings, sorted by id (collection order is not stable). */
export function listingEntries(): Promise<ListingEntry[]> {
  cache ??= getCollection('listings').then((entries) =>
    entries
      .map((entry) => ({ entry, listing: { id: entry.id, ...entry.data } }))
      .sort((a, b) => (a.listing.id < b.listing.id ? -1 : 1)),
  );
  return cache;
}

let listings: Promise<readonly ListingWithoutNda[]> | undefined;

/** The listings alone, the same array every call: the listing pages key their related-listings index on it. */
export function allListings(): Promise<readonly ListingWithoutNda[]> {
  listings ??= listingEntries().then((entries) => entries.map(({ listing }) => listing));
  return listings;
}
