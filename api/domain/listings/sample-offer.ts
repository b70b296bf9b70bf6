// Whether a listing's sample can be asked for, and what to say instead when it cannot: the page's "Get this data"
// box, its Dataset JSON-LD, its Croissant, its Markdown (the .md, llms-full.txt and the MCP resource) all say it
// from here, so nothing offers what the API would refuse.
import type { ListingWithoutNda } from './listing-schema.ts';

export type SampleOffer = { offered: true } | { offered: false; outlook: string };

type Decides = Pick<ListingWithoutNda, 'sample_available' | 'status' | 'data_card'>;

/**
 * `sample_available` is whether the listing names a sample file (src/content.config.ts keeps only that fact of its
 * `nda:` block); without one, POST /api/v1/samples/{id} answers 409 sample_unavailable.
 */
export function sampleOffer(listing: Decides): SampleOffer {
  if (listing.sample_available === true) return { offered: true };
  const outlook =
    listing.data_card.sample_outlook ??
    (listing.status === 'listed'
      ? 'A sample is being prepared; ask and we will tell you when.'
      : 'No sample is offered for this listing.');
  return { offered: false, outlook };
}
