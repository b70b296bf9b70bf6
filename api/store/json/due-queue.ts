// A queue's records (mail, webhook deliveries) in the order of their next attempt, so that a sender finds the due
// ones without looking at the rest. A fan-out queues thousands at once, and scanning the whole queue for each claim of
// 64 held the event loop 5-10 ms with 10,000 queued and 60-70 ms with 100,000 (measured), whatever the send rate.
import { OrderedSet } from 'js-sdsl';
import type { Collection, QueueCollection, RecordOf } from '../store.ts';

export type QueueRecord = Pick<
  RecordOf<QueueCollection>,
  'id' | 'status' | 'next_attempt_at' | 'lease_until'
>;

export const isQueue = (collection: Collection): collection is QueueCollection =>
  collection === 'mail' || collection === 'deliveries';

export const inQueue = (record: { status: string }) =>
  record.status === 'queued' || record.status === 'sending';

/** Due at `now`: queued and its time has come, or held by a sender whose lease ran out (the sender died). */
export const isDue = (record: QueueRecord, now: string) =>
  record.status === 'queued' ? record.next_attempt_at <= now : (record.lease_until ?? '') < now;

/**
 * The queue's order, as PostgreSQL's `ORDER BY next_attempt_at`. A lease does not move a record: one whose sender
 * died is due again where it stood.
 */
export const byNextAttempt = (a: QueueRecord, b: QueueRecord) =>
  a.next_attempt_at < b.next_attempt_at ? -1 : a.next_attempt_at > b.next_attempt_at ? 1 : 0;

export class DueQueue {
  /**
   * `<next attempt>\0<arrival>\0<id>`: ISO times sort as text. Records due at the same time keep the order they
   * came in, which is the order of the segments that hold them: a fan-out's thousands of deliveries share one time,
   * and taken in id order each claim of 64 would read and rewrite dozens of segments.
   */
  readonly #order = new OrderedSet<string>();
  readonly #keys = new Map<string, string>();
  #arrivals = 0;

  /** Puts the record in its place, or takes it out once it has left the queue (sent, failed). */
  track(record: QueueRecord): void {
    const old = this.#keys.get(record.id);
    if (!inQueue(record)) return this.remove(record.id);
    if (old?.startsWith(`${record.next_attempt_at}\0`)) return;
    const arrival = old?.split('\0')[1] ?? (this.#arrivals++).toString(36).padStart(11, '0');
    const key = `${record.next_attempt_at}\0${arrival}\0${record.id}`;
    if (old !== undefined) this.#order.eraseElementByKey(old);
    this.#order.insert(key);
    this.#keys.set(record.id, key);
  }

  remove(id: string): void {
    const key = this.#keys.get(id);
    if (key === undefined) return;
    this.#order.eraseElementByKey(key);
    this.#keys.delete(id);
  }

  /**
   * The ids of the records whose next attempt is at or before `now`, in order, for as long as the caller reads.
   * Those a live sender holds are among them (the caller skips them): no more than the chunks in flight.
   */
  *until(now: string): Generator<string> {
    const end = this.#order.end();
    for (let at = this.#order.begin(); !at.equals(end); at.next()) {
      const [time, , id] = at.pointer.split('\0');
      if (time! > now) return;
      yield id!;
    }
  }
}
