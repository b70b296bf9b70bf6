// A feed item's id: the listing's URL with its status and update date, so a reader shows a change of either as a
// new entry, and nothing else changes it.
import type { ListingWithoutNda } from '../../api/domain/listings/listing-schema.ts';

export const entryId = (listing: Pick<ListingWithoutNda, 'id' | 'status' | 'updated'>, site: URL) =>
  `${new URL(`/catalog/${listing.id}/`, site).href}#${listing.status}-${listing.updated}`;
