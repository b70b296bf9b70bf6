// The public side the sourcing team moderates: the demand board's posts and the listings' status.
import { moveListingStatus } from '../domain/listings/listing-status.ts';
import { removeDemandPost as remove } from '../domain/requests/data-requests.ts';
import type { ListingStatus } from '../domain/vocabulary.ts';
import { operatorStep, requireOperator, type ActionContext } from './context.ts';

/** Takes a post off the public demand board. */
export function removeDemandPost(context: ActionContext, postId: string) {
  return operatorStep(
    context,
    (tx) => remove(tx, postId, context.now),
    async (post, tx) => ({
      action: 'demand.remove',
      orgId: (await tx.requestById(post.request_id))?.org_id ?? '',
      detail: postId,
    }),
  );
}

/** Moves a listing forward (listed → sample_ready → under_nda → licensed) in its content file. */
export function moveListing(context: ActionContext, listingId: string, status: ListingStatus) {
  requireOperator(context);
  return moveListingStatus(context.config.listingsDir, listingId, status);
}
