// Sample requests: asking for one (with the cap that stops abuse) and the operator's decisions on it.
import { ApiError, RefusedError } from '../../errors.ts';
import { newId } from '../ids.ts';
import type { Caller } from '../labs/labs.ts';
import { enqueueMail } from '../mail/queue.ts';
import { sampleRequestToLead } from '../mail/message.ts';
import type { SampleRequestRecord } from '../../store/records.ts';
import type { Tx } from '../../store/json/json-store.ts';

export type SampleAsk = { record: SampleRequestRecord; created: boolean };

/** One pending request per organisation and listing: asking again while one is pending returns it. */
export function requestSample(
  tx: Tx,
  caller: Caller,
  listing: { id: string; title: string },
  limits: { perDay: number; sourcingLeadEmail: string },
  now: Date,
): SampleAsk {
  const mine = tx.all('samples').filter((s) => s.org_id === caller.org.id);
  const pending = mine.find((s) => s.listing_id === listing.id && s.status === 'pending_verification');
  if (pending) return { record: pending, created: false };
  const dayAgo = new Date(now.getTime() - 86_400_000).toISOString();
  const today = mine.filter((s) => s.created_at > dayAgo);
  if (today.length >= limits.perDay) {
    const oldest = today.reduce((a, b) => (a.created_at < b.created_at ? a : b));
    const retryAfter = Math.max(
      1,
      Math.ceil((Date.parse(oldest.created_at) + 86_400_000 - now.getTime()) / 1000),
    );
    throw new ApiError(
      429,
      'rate_limited',
      `Your organisation has asked for ${limits.perDay} samples in the last 24 hours, the most we accept; try again in ${retryAfter} s or ask the sourcing lead.`,
      { headers: { 'Retry-After': String(retryAfter) } },
    );
  }
  const record: SampleRequestRecord = {
    id: newId('smp'),
    org_id: caller.org.id,
    account_id: caller.account.id,
    key_id: caller.key.id,
    listing_id: listing.id,
    status: 'pending_verification',
    created_at: now.toISOString(),
    approved_at: null,
    sent_at: null,
    rejected_at: null,
    reject_reason: null,
  };
  tx.insert('samples', record);
  enqueueMail(
    tx,
    `sample:${record.id}:lead`,
    limits.sourcingLeadEmail,
    sampleRequestToLead(record, caller.org, caller.account, listing.title),
    now,
  );
  return { record, created: true };
}

export function findSample(tx: Tx, id: string): SampleRequestRecord {
  const sample = tx.get('samples', id);
  if (!sample) throw new RefusedError(`No sample request ${id}: "ops samples list" shows them.`);
  return sample;
}

export function rejectSample(tx: Tx, id: string, reason: string, now: Date): SampleRequestRecord {
  const sample = findSample(tx, id);
  if (sample.status !== 'pending_verification')
    throw new RefusedError(`Sample request ${id} is ${sample.status} already.`);
  if (!reason.trim()) throw new RefusedError('Give the lab a reason: --reason "…".');
  return tx.update('samples', id, {
    status: 'rejected',
    rejected_at: now.toISOString(),
    reject_reason: reason.trim(),
  });
}
