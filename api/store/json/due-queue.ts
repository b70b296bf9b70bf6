// A queue's records (mail, webhook deliveries) in the order of their next attempt, so that a sender finds the due
// ones without looking at the rest. A fan-out queues thousands at once, and scanning the whole queue for each claim of
// 64 held the event loop 5-10 ms with 10,000 queued and 60-70 ms with 100,000 (measured), whatever the send rate.
// Each receiver (a delivery's endpoint; all mail has one) has an order of its own, so that a claim takes turns
// between receivers without walking one receiver's backlog to find the next.
import { OrderedSet } from 'js-sdsl';
import { receiverOf, type QueueRecord } from '../queue-order.ts';
import type { Collection, QueueCollection } from '../store.ts';

export const isQueue = (collection: Collection): collection is QueueCollection =>
  collection === 'mail' || collection === 'deliveries';

export const inQueue = (record: { status: string }) =>
  record.status === 'queued' || record.status === 'sending';

/** Due at `now`: queued and its time has come, or held by a sender whose lease ran out (the sender died). */
export const isDue = (record: QueueRecord, now: string) =>
  record.status === 'queued' ? record.next_attempt_at <= now : (record.lease_until ?? '') < now;

export class DueQueue {
  /**
   * Each receiver's records as `<next attempt>\0<arrival>\0<id>`: ISO times sort as text. Records due at the same
   * time keep the order they came in, which is the order of the segments that hold them: a fan-out's thousands of
   * deliveries share one time, and taken in id order each claim of 64 would read and rewrite dozens of segments.
   */
  readonly #byReceiver = new Map<string, OrderedSet<string>>();
  /** Each receiver's first key: the receivers in the order their earliest record is due. */
  readonly #heads = new OrderedSet<string>();
  readonly #keys = new Map<string, { key: string; receiver: string }>();
  #arrivals = 0;

  /** Puts the record in its place, or takes it out once it has left the queue (sent, failed). */
  track(record: QueueRecord): void {
    const old = this.#keys.get(record.id);
    if (!inQueue(record)) return this.remove(record.id);
    if (old?.key.startsWith(`${record.next_attempt_at}\0`)) return;
    const arrival = old?.key.split('\0')[1] ?? (this.#arrivals++).toString(36).padStart(11, '0');
    const key = `${record.next_attempt_at}\0${arrival}\0${record.id}`;
    if (old !== undefined) this.remove(record.id);
    const receiver = receiverOf(record);
    this.#changing(receiver, (order) => order.insert(key));
    this.#keys.set(record.id, { key, receiver });
  }

  remove(id: string): void {
    const old = this.#keys.get(id);
    if (old === undefined) return;
    this.#changing(old.receiver, (order) => order.eraseElementByKey(old.key));
    this.#keys.delete(id);
  }

  /** Changes one receiver's order, keeping its place among the receivers right. */
  #changing(receiver: string, change: (order: OrderedSet<string>) => unknown): void {
    const order = this.#byReceiver.get(receiver) ?? new OrderedSet<string>();
    const headBefore = order.front();
    change(order);
    const head = order.front();
    if (head === headBefore) return;
    if (headBefore !== undefined) this.#heads.eraseElementByKey(headBefore);
    if (head === undefined) {
      this.#byReceiver.delete(receiver);
      return;
    }
    this.#heads.insert(head);
    this.#byReceiver.set(receiver, order);
  }

  /**
   * For each receiver with a record due at `now`, earliest first, the receiver and the ids of its records due at
   * or before `now`, in order, for as long as the caller reads. Those a live sender holds are among them (the
   * caller skips them): no more than the chunks in flight.
   */
  *receiversDue(now: string): Generator<[receiver: string, ids: Generator<string>]> {
    const end = this.#heads.end();
    for (let at = this.#heads.begin(); !at.equals(end); at.next()) {
      if (timeOf(at.pointer) > now) return;
      const receiver = this.#keys.get(idOf(at.pointer))!.receiver;
      yield [receiver, this.#until(this.#byReceiver.get(receiver)!, now)];
    }
  }

  *#until(order: OrderedSet<string>, now: string): Generator<string> {
    const end = order.end();
    for (let at = order.begin(); !at.equals(end); at.next()) {
      const [time, , id] = at.pointer.split('\0');
      if (time! > now) return;
      yield id!;
    }
  }
}

const timeOf = (key: string) => key.slice(0, key.indexOf('\0'));
const idOf = (key: string) => key.slice(key.lastIndexOf('\0') + 1);
