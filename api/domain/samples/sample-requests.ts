// Sample requests: asking for one (with the daily cap that stops abuse), and the operator's decisions on it.
import { DomainError, conflict, invalid, notFound } from '../../errors.ts';
import type { SampleRequestRecord } from '../../store/records.ts';
import type { StoreReads, Tx } from '../../store/store.ts';
import { earlierAnswer, rememberAnswer, type Idempotency } from '../idempotency.ts';
import { newId } from '../ids.ts';
import type { Caller } from '../labs/api-keys.ts';
import { ndaAccepted } from '../labs/nda.ts';
import { enqueueMail } from '../mail/queue.ts';
import { emitEvent } from '../webhooks/events.ts';
import { sampleRejectedToLab, sampleRequestToLead } from './mails.ts';

const DAY_MS = 86_400_000;

/** `replayed`: the answer is the first one given under the request's Idempotency-Key. */
export type SampleAsk = { record: SampleRequestRecord; created: boolean; replayed?: boolean };

/** What a retry under the same Idempotency-Key must repeat: the listing (the request has no body to compare). */
const sampleAskText = (listingId: string) => `POST /api/v1/samples/${listingId}`;

/** The organisation's daily cap, and where the lead's mail goes and links to. */
type SampleLimits = { perDay: number; sourcingLeadEmail: string; siteUrl: URL };

/**
 * One pending request per organisation and listing: asking again while one is pending returns it. With an
 * Idempotency-Key, a retry returns the request the key first answered with, whatever its status now.
 */
export async function requestSample(
  tx: Tx,
  caller: Caller,
  listing: { id: string; title: string },
  limits: SampleLimits,
  now: Date,
  idempotencyKey?: string,
): Promise<SampleAsk> {
  const idempotency = idempotencyKey
    ? { key: idempotencyKey, bodyText: sampleAskText(listing.id) }
    : undefined;
  const earlier = await earlierAnswer(tx, caller.org.id, idempotency);
  // Sample requests are never deleted: the one the key first answered with is there.
  if (earlier) {
    const first = await tx.sampleById((earlier.response as { id: string }).id);
    return { record: first!, created: false, replayed: true };
  }
  const asked = await newSampleRequest(tx, caller, listing, limits, now);
  const response = { status: 'pending_verification', id: asked.record.id };
  await rememberAnswer(tx, caller.org.id, idempotency, { status: 202, response }, now);
  return asked;
}

async function newSampleRequest(
  tx: Tx,
  caller: Caller,
  listing: { id: string; title: string },
  limits: SampleLimits,
  now: Date,
): Promise<SampleAsk> {
  const pending = (await tx.samples({ orgId: caller.org.id, status: 'pending_verification' })).find(
    (sample) => sample.listing_id === listing.id,
  );
  if (pending) return { record: pending, created: false };
  const today = await tx.samplesSince(caller.org.id, new Date(now.getTime() - DAY_MS));
  if (today.length >= limits.perDay) {
    const oldest = today.reduce((a, b) => (a.created_at < b.created_at ? a : b));
    const retryAfter = Math.max(
      1,
      Math.ceil((Date.parse(oldest.created_at) + DAY_MS - now.getTime()) / 1000),
    );
    throw new DomainError(
      'rate_limited',
      `Your organisation has asked for ${limits.perDay} samples in the last 24 hours, the most we accept; try again in ${retryAfter} s or ask the sourcing lead.`,
      {
        retryAfterSeconds: retryAfter,
        quota: { policy: 'samples-per-day', limit: limits.perDay, windowSeconds: DAY_MS / 1000 },
      },
    );
  }
  const record: SampleRequestRecord = {
    id: newId('smp'),
    org_id: caller.org.id,
    account_id: caller.account.id,
    key_id: caller.key?.id ?? null, // null: made from a dashboard session
    listing_id: listing.id,
    status: 'pending_verification',
    created_at: now.toISOString(),
    approved_at: null,
    sent_at: null,
    rejected_at: null,
    reject_reason: null,
  };
  await tx.insert('samples', record);
  const message = sampleRequestToLead(record, caller.org, caller.account, listing.title, limits.siteUrl);
  await enqueueMail(tx, `sample:${record.id}:lead`, limits.sourcingLeadEmail, message, now);
  return { record, created: true };
}

export async function requireSample(reads: StoreReads, id: string): Promise<SampleRequestRecord> {
  const sample = await reads.sampleById(id);
  if (!sample) throw notFound(`No sample request ${id}.`);
  return sample;
}

async function requirePending(reads: StoreReads, id: string): Promise<SampleRequestRecord> {
  const sample = await requireSample(reads, id);
  if (sample.status !== 'pending_verification')
    throw conflict(`Sample request ${id} is ${sample.status} already.`);
  return sample;
}

/** The operator's approval: the link goes out without waiting for the verifications. */
export async function approveSample(tx: Tx, id: string, now: Date): Promise<SampleRequestRecord> {
  const sample = await requirePending(tx, id);
  const org = await tx.orgById(sample.org_id);
  if (!org || !ndaAccepted(org)) {
    throw conflict(`${sample.org_id} has no NDA in force: it must accept the NDA first.`);
  }
  // The link itself goes out in fulfilment.ts (sendDue), where sample.link_sent belongs.
  return tx.update('samples', id, { approved_at: now.toISOString() });
}

/** Refuses a sample request and mails the lab why (the account that asked, unless it was removed since). */
export async function rejectSample(
  tx: Tx,
  id: string,
  reason: string,
  listingTitle: (listingId: string) => string,
  now: Date,
): Promise<SampleRequestRecord> {
  const pending = await requirePending(tx, id);
  if (!reason.trim()) throw invalid('Give the lab a reason.', { reason: ['1 to 1,000 characters'] });
  const sample = await tx.update('samples', id, {
    status: 'rejected',
    rejected_at: now.toISOString(),
    reject_reason: reason.trim(),
  });
  const rejected = {
    id: sample.id,
    listing_id: sample.listing_id,
    status: 'rejected',
    reason: sample.reject_reason,
  };
  await emitEvent(
    tx,
    { orgId: sample.org_id, type: 'sample.rejected', key: `sample:${id}:rejected`, data: rejected },
    now,
  );
  const account = await tx.accountById(sample.account_id);
  if (account && !account.removed_at) {
    const message = sampleRejectedToLab(sample, listingTitle(sample.listing_id), sample.reject_reason ?? '');
    await enqueueMail(tx, `sample:${pending.id}:rejected`, account.email, message, now);
  }
  return sample;
}
