// Sample fulfilment, the spec's out-of-band effect: once the account and the organisation's NDA acceptance are
// verified (or the operator approves the request), the account's contact is mailed an expiring link. Run after
// every change that can make a link due: a sample request, `ops account verify`, `ops nda verify`,
// `ops samples approve`, and by the server's mail worker on every pass, so a crash between steps only delays.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Catalog } from '../listings/catalog.ts';
import { RefusedError } from '../../errors.ts';
import { enqueueMail } from '../mail/queue.ts';
import { sampleFileMissingToLead, sampleLinkToLab, sampleRejectedToLab } from '../mail/message.ts';
import type { LinkSigner } from './links.ts';
import type { Account, Org, SampleRequestRecord } from '../../store/records.ts';
import { findSample } from './sample-requests.ts';
import type { Store, Tx, View } from '../../store/json/json-store.ts';

export type FulfilmentDeps = {
  store: Store;
  catalog: Pick<Catalog, 'find'>;
  signer: LinkSigner;
  samplesDir: string;
  sourcingLeadEmail: string;
};

function parties(view: Pick<View, 'core'>, sample: SampleRequestRecord): { org?: Org; account?: Account } {
  return {
    org: view.core.orgs.find((o) => o.id === sample.org_id),
    account: view.core.accounts.find((a) => a.id === sample.account_id),
  };
}

/** Due: still pending, the NDA not withdrawn, and either both verifications done or the operator's approval. */
export function isDue(view: Pick<View, 'core'>, sample: SampleRequestRecord): boolean {
  const { org, account } = parties(view, sample);
  if (sample.status !== 'pending_verification' || !org || !account || org.nda.state === 'none') return false;
  return Boolean(sample.approved_at) || (Boolean(account.verified_at) && org.nda.state === 'verified');
}

/** Sends every link that is due now; returns how many were sent. */
export async function fulfilDueSamples(deps: FulfilmentDeps, now: Date): Promise<number> {
  const { store, catalog } = deps;
  await store.refresh();
  let sent = 0;
  for (const candidate of store.all('samples').filter((sample) => isDue(store, sample))) {
    const listing = catalog.find(candidate.listing_id);
    const file = listing?.nda.sample_file;
    if (!listing || !file || !existsSync(join(deps.samplesDir, file))) {
      const title = listing?.title ?? candidate.listing_id;
      await store.transact((tx) =>
        enqueueMail(
          tx,
          `sample:${candidate.id}:no-file`,
          deps.sourcingLeadEmail,
          sampleFileMissingToLead(candidate, title),
          now,
        ),
      );
      continue;
    }
    // Signing is asynchronous and a transaction is not: sign first, then check again inside the transaction.
    const link = await deps.signer.link(candidate, now);
    const didSend = await store.transact((tx) => {
      const sample = tx.get('samples', candidate.id);
      if (!sample || !isDue(tx, sample)) return false;
      const { account } = parties(tx, sample);
      tx.update('samples', sample.id, { status: 'sent', sent_at: now.toISOString() });
      enqueueMail(
        tx,
        `sample:${sample.id}:link`,
        account!.email,
        sampleLinkToLab(sample, listing.title, link.url, link.expiresAt),
        now,
      );
      return true;
    });
    if (didSend) sent += 1;
  }
  return sent;
}

export function approveSample(tx: Tx, id: string, now: Date): SampleRequestRecord {
  const sample = findSample(tx, id);
  if (sample.status !== 'pending_verification')
    throw new RefusedError(`Sample request ${id} is ${sample.status} already.`);
  const { org } = parties(tx, sample);
  if (!org || org.nda.state === 'none') {
    throw new RefusedError(
      `${sample.org_id} has no NDA in force: "ops nda accept --org ${sample.org_id}" first.`,
    );
  }
  return tx.update('samples', id, { approved_at: now.toISOString() });
}

export function rejectionMail(tx: Tx, sample: SampleRequestRecord, listingTitle: string, now: Date): void {
  const { account } = parties(tx, sample);
  if (account) {
    enqueueMail(
      tx,
      `sample:${sample.id}:rejected`,
      account.email,
      sampleRejectedToLab(sample, listingTitle, sample.reject_reason ?? ''),
      now,
    );
  }
}
