// The NDA-only fields of one listing for a dashboard page: the API's rule and the API's audit, so the page
// discloses exactly what GET /api/v1/catalog/{id} does, to whom it does, and leaves the same trace
// (api/handlers/catalog.ts, getListing): open once the organisation's NDA is accepted (ndaAccepted, contract §5
// and §8), each disclosure written to the audit log before it is sent (key_id null: a dashboard session, as the
// API records a session's GET), and a HEAD, which sends no body, discloses and audits nothing.
import { audit } from '../../../api/domain/audit.ts';
import type { Caller } from '../../../api/domain/labs/caller.ts';
import { ndaAccepted } from '../../../api/domain/labs/nda.ts';
import type { Listing } from '../../../api/domain/listings/listing-schema.ts';
import type { Store } from '../../../api/store/store.ts';
import { ndaFields } from '../../../api/handlers/catalog.ts';

export type NdaFieldsShown = ReturnType<typeof ndaFields>;

/** The NDA-only fields when the caller's organisation may see them (audited), else undefined. */
export async function discloseNdaFields(
  store: Store,
  caller: Caller,
  listing: Listing,
  method: string,
  now: Date,
): Promise<NdaFieldsShown | undefined> {
  if (!ndaAccepted(caller.org)) return undefined;
  if (method !== 'HEAD') {
    const disclosure = {
      kind: 'nda_disclosure',
      org_id: caller.org.id,
      key_id: caller.key?.id ?? null,
      listing_id: listing.id,
      detail: null,
    } as const;
    await store.transact((tx) => audit(tx, disclosure, now));
  }
  return ndaFields(listing);
}
