// Sample fulfilment, the spec's out-of-band effect: once the account and the organisation's NDA acceptance are
// verified (or the operator approved the request), the account's contact is mailed an expiring link. Run after
// every change that can make a link due (a sample request, `ops account verify`, `ops nda verify`,
// `ops samples approve`) and by the server's background pass, so a crash between steps only delays a link.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { SampleRequestRecord } from '../../store/records.ts';
import type { Store, StoreReads } from '../../store/store.ts';
import { ndaAccepted } from '../labs/nda.ts';
import type { Catalog } from '../listings/catalog.ts';
import { enqueueMail } from '../mail/queue.ts';
import type { LinkSigner } from './links.ts';
import { sampleFileMissingToLead, sampleLinkToLab } from './mails.ts';

export type FulfilmentDeps = {
  store: Store;
  catalog: Pick<Catalog, 'find'>;
  signer: LinkSigner;
  samplesDir: string;
  sourcingLeadEmail: string;
};

/** Due: still pending, the NDA in force, and either both verifications done or the operator's approval. */
export async function isDue(reads: StoreReads, sample: SampleRequestRecord): Promise<boolean> {
  if (sample.status !== 'pending_verification') return false;
  const [org, account] = await Promise.all([
    reads.orgById(sample.org_id),
    reads.accountById(sample.account_id),
  ]);
  if (!org || !account || !ndaAccepted(org)) return false;
  return Boolean(sample.approved_at) || (Boolean(account.verified_at) && org.nda.state === 'verified');
}

/** Sends every link that is due now; returns how many were sent. */
export async function fulfilDueSamples(deps: FulfilmentDeps, now: Date): Promise<number> {
  const { store, catalog } = deps;
  let sent = 0;
  for (const candidate of await store.samples({ status: 'pending_verification' })) {
    if (!(await isDue(store, candidate))) continue;
    const listing = catalog.find(candidate.listing_id);
    const file = listing?.nda.sample_file;
    if (!listing || !file || !existsSync(join(deps.samplesDir, file))) {
      const message = sampleFileMissingToLead(candidate, listing?.title ?? candidate.listing_id);
      await store.transact((tx) =>
        enqueueMail(tx, `sample:${candidate.id}:no-file`, deps.sourcingLeadEmail, message, now),
      );
      continue;
    }
    // Signing waits on crypto: sign first, then check again inside the transaction, which must not wait.
    const acceptedAt = (await store.orgById(candidate.org_id))?.nda.accepted_at;
    if (!acceptedAt) continue;
    const link = await deps.signer.link(candidate, acceptedAt, now);
    const didSend = await store.transact(async (tx) => {
      const sample = await tx.sampleById(candidate.id);
      if (!sample || !(await isDue(tx, sample))) return false;
      // The link names the acceptance it was signed under; a new one since then waits for the next pass.
      if ((await tx.orgById(sample.org_id))?.nda.accepted_at !== acceptedAt) return false;
      const account = (await tx.accountById(sample.account_id))!;
      await tx.update('samples', sample.id, { status: 'sent', sent_at: now.toISOString() });
      const message = sampleLinkToLab(sample, listing.title, link.url, link.expiresAt);
      await enqueueMail(tx, `sample:${sample.id}:link`, account.email, message, now);
      return true;
    });
    if (didSend) sent += 1;
  }
  return sent;
}
