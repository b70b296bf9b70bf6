// The order in which senders take a queue's due records, the same in every engine.
import type { Caps, QueueCollection, RecordOf } from './store.ts';

export type QueueRecord = Pick<
  RecordOf<QueueCollection>,
  'id' | 'status' | 'next_attempt_at' | 'lease_until'
> & { endpoint_id?: string };

/** Who a record goes to: a delivery's endpoint; mail all goes to the one mail server. */
export const receiverOf = (record: QueueRecord) => record.endpoint_id ?? '';

export type { Caps } from './store.ts';
export const NO_CAPS: Caps = new Map();

/**
 * The queue's order, as PostgreSQL's `ORDER BY next_attempt_at`. A lease does not move a record: one whose sender
 * died is due again where it stood.
 */
const byNextAttempt = (a: QueueRecord, b: QueueRecord) =>
  a.next_attempt_at < b.next_attempt_at ? -1 : a.next_attempt_at > b.next_attempt_at ? 1 : 0;

/**
 * The order senders take due records in: each receiver's earliest first, and every receiver's n-th before any
 * receiver's (n+1)-th, earliest first within a turn; the first `limit`, and no more for a receiver than its cap.
 * One receiver's backlog (a lab's fan-out, an endpoint answering slowly) then costs another receiver's delivery a
 * place in the next claim, not the backlog.
 */
export function takeTurns<R extends QueueRecord>(records: R[], limit: number, caps = NO_CAPS): R[] {
  const taken = new Map<string, number>();
  const turns = [...records].sort(byNextAttempt).map((record) => {
    const turn = (taken.get(receiverOf(record)) ?? 0) + 1;
    taken.set(receiverOf(record), turn);
    return { record, turn };
  });
  return turns
    .filter(({ record, turn }) => turn <= (caps.get(receiverOf(record)) ?? Infinity))
    .sort((a, b) => a.turn - b.turn || byNextAttempt(a.record, b.record))
    .slice(0, limit)
    .map(({ record }) => record);
}
