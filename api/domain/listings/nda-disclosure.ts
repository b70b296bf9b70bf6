// The NDA-only fields of one listing, for GET /api/v1/catalog/{id} and the dashboard's listing page alike: open
// once the caller's organisation has accepted the NDA (contract §5 and §8), each disclosure written to the audit
// log before it is sent (key_id null for a dashboard session), and a HEAD, which sends no body, discloses and
// audits nothing.
import type { Store } from '../../store/store.ts';
import { audit } from '../audit.ts';
import type { Caller } from '../labs/caller.ts';
import { ndaAccepted } from '../labs/nda.ts';
import type { Listing } from './listing-schema.ts';

/** What the NDA opens of a listing: never its sample file's path. */
export function ndaFields(listing: Listing) {
  const { owner, deidentification_report, composition } = listing.nda;
  return { owner, deidentification_report, composition };
}

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
      account_id: caller.account.id,
      listing_id: listing.id,
      detail: null,
    } as const;
    await store.transact((tx) => audit(tx, disclosure, now));
  }
  return ndaFields(listing);
}
