// Sample fulfilment, the spec's out-of-band effect: once the account and the organisation's NDA acceptance are
// verified (or the operator approved the request), the account's contact is mailed an expiring link. Run after
// every change that can make a link due (a sample request, `ops account verify`, `ops nda verify`,
// `ops samples approve`) and by the server's background pass, so a crash between steps only delays a link.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { DomainError, notFound } from '../../errors.ts';
import type { SampleRequestRecord } from '../../store/records.ts';
import type { Store, StoreReads, Tx } from '../../store/store.ts';
import { audit } from '../audit.ts';
import { ndaAccepted } from '../labs/nda.ts';
import type { Catalog } from '../listings/catalog.ts';
import { enqueueMail } from '../mail/queue.ts';
import { emitEvent } from '../webhooks/events.ts';
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
  // A link goes only to the address of the account that asked: never to someone removed from the team since.
  if (!org || !account || account.removed_at || !ndaAccepted(org)) return false;
  return Boolean(sample.approved_at) || (Boolean(account.verified_at) && org.nda.state === 'verified');
}

/** The listing's sample file, when there is one to send. */
export function sampleFileOf(
  catalog: Pick<Catalog, 'find'>,
  samplesDir: string,
  listingId: string,
): string | undefined {
  const file = catalog.find(listingId)?.nda.sample_file;
  return file && existsSync(join(samplesDir, file)) ? file : undefined;
}

/** Records a link issued (the first or a fresh one): the sample's send time, the audit entry and the mail. */
async function issueLink(
  tx: Tx,
  sample: SampleRequestRecord,
  listingTitle: string,
  link: { url: string; expiresAt: Date },
  now: Date,
): Promise<SampleRequestRecord> {
  const account = (await tx.accountById(sample.account_id))!;
  const links = (sample.links_sent ?? (sample.sent_at ? 1 : 0)) + 1;
  const updated = await tx.update('samples', sample.id, {
    status: 'sent',
    sent_at: now.toISOString(),
    links_sent: links,
  });
  const entry = {
    kind: 'sample_link',
    org_id: sample.org_id,
    key_id: null,
    account_id: sample.account_id,
    listing_id: sample.listing_id,
    detail: `${sample.id}: link ${links} to ${account.email}, expires ${link.expiresAt.toISOString()}`,
  } as const;
  await audit(tx, entry, now);
  const message = sampleLinkToLab(updated, listingTitle, link.url, link.expiresAt);
  // The first link keeps its old mail id (one event, one mail); each fresh one is an event of its own.
  const event = links === 1 ? `sample:${sample.id}:link` : `sample:${sample.id}:link:${links}`;
  await enqueueMail(tx, event, account.email, message, now);
  // The link itself goes only to the account's mailbox: the event says that it went, and until when it works.
  const sent = {
    id: sample.id,
    listing_id: sample.listing_id,
    status: 'link_sent',
    link_expires_at: link.expiresAt.toISOString(),
  };
  await emitEvent(tx, { orgId: sample.org_id, type: 'sample.link_sent', key: event, data: sent }, now);
  return updated;
}

/**
 * A fresh link for a sample request whose link went out already (POST /api/v1/sample-requests/{id}/link), with
 * the same lifetime. 404 for another organisation's; 409 unless approved and sent; 403 without the NDA in force.
 */
export async function sendFreshLink(
  deps: FulfilmentDeps,
  id: string,
  orgId: string,
  now: Date,
): Promise<SampleRequestRecord> {
  const { store } = deps;
  const sample = await store.sampleById(id);
  if (!sample || sample.org_id !== orgId)
    throw notFound(
      `Your organisation has no sample request ${id.slice(0, 80)}. GET /api/v1/sample-requests lists yours.`,
    );
  if (sample.status !== 'sent') {
    throw new DomainError(
      'conflict',
      sample.status === 'rejected'
        ? 'This sample request was rejected (see reason); there is no link to send. Ask for the sample again or submit a data request.'
        : 'This sample request has not been approved yet: its first link goes out by itself once the account and the NDA acceptance are verified.',
    );
  }
  const org = await store.orgById(orgId);
  if (!org || !ndaAccepted(org) || !org.nda.accepted_at) {
    throw new DomainError(
      'nda_required',
      "Your organisation's NDA is not in force, so no link can be sent. An admin of your organisation can accept it again at /dashboard/nda/; once the operator has verified it, ask for a link again.",
    );
  }
  // The first link's rule holds for every link: the operator's approval, or the acceptance verified (a new
  // acceptance after a revoke waits for its verification).
  const account = await store.accountById(sample.account_id);
  if (!account || account.removed_at) {
    throw new DomainError(
      'conflict',
      `The account that asked for this sample was removed from your organisation, and its links go only to that account's address: ask for the sample again (POST /api/v1/samples/${sample.listing_id}).`,
    );
  }
  if (!sample.approved_at && !(account.verified_at && org.nda.state === 'verified')) {
    throw new DomainError(
      'nda_required',
      "Your organisation's NDA acceptance has not been verified yet; a link can be sent once the operator has verified it.",
    );
  }
  const listing = deps.catalog.find(sample.listing_id);
  if (!listing || !sampleFileOf(deps.catalog, deps.samplesDir, sample.listing_id)) {
    throw new DomainError(
      'sample_unavailable',
      'This listing has no sample to send any more. Submit a data request about it (listing_id) instead.',
    );
  }
  const acceptedAt = org.nda.accepted_at;
  const link = await deps.signer.link(sample, acceptedAt, now);
  return store.transact(async (tx) => {
    const current = (await tx.sampleById(id))!;
    const orgNow = await tx.orgById(orgId);
    // Checked again inside the write: a revoke between the checks above and here must win.
    if (current.status !== 'sent' || !orgNow || !ndaAccepted(orgNow) || orgNow.nda.accepted_at !== acceptedAt)
      throw new DomainError(
        'conflict',
        'The sample request or the NDA changed meanwhile; read it again and retry.',
      );
    return issueLink(tx, current, listing.title, link, now);
  });
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
      await issueLink(tx, sample, listing.title, link, now);
      return true;
    });
    if (didSend) sent += 1;
  }
  return sent;
}
