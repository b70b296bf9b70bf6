// Who must be told of a listing's recall (contract §15): every organisation that received its sample link (a sample
// request whose link went out) or licensed it (a request closed `licensed` naming it by listing_id or among its
// matches), with the accounts that received it.
import type { StoreReads } from '../../store/store.ts';

/** Organisation id → the ids of the accounts that received the listing there. */
export async function recipientsOf(reads: StoreReads, listingId: string): Promise<Map<string, Set<string>>> {
  const found = new Map<string, Set<string>>();
  const add = (orgId: string, accountId: string) =>
    found.set(orgId, (found.get(orgId) ?? new Set()).add(accountId));
  for (const sample of await reads.samples({ status: 'sent' }))
    if (sample.listing_id === listingId) add(sample.org_id, sample.account_id);
  const closed = await reads.requests({ status: 'closed' });
  for (const request of closed.items) {
    const named =
      request.listing_id === listingId || (request.matches ?? []).some((m) => m.listing_id === listingId);
    if (request.outcome === 'licensed' && named) add(request.org_id, request.account_id);
  }
  return found;
}
