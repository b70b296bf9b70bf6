// The one whitelist projection from a listing to what the public may see: every public output goes through it,
// so a field under `nda:` (or any field added later) can never slip into a feed or a response.
import { projectPricing } from './pricing.ts';
import { projectRights } from '../rights/rights-schema.ts';
import { PUBLIC_LISTING_FIELDS, type ListingWithoutNda, type PublicListing } from './listing-schema.ts';

export function toPublicListing(listing: ListingWithoutNda): PublicListing {
  const out: Record<string, unknown> = {};
  for (const field of PUBLIC_LISTING_FIELDS) out[field] = listing[field] ?? null;
  // A nested block is whitelisted too, field by field.
  out.pricing = projectPricing(listing.pricing);
  out.rights = projectRights(listing.rights);
  return out as PublicListing;
}
