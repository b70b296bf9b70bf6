// A transaction of the JSON engine: its writes are buffered, its reads see them on top of the committed records,
// and nothing reaches the store unless the transaction's work returns without throwing.
import type { Collection, QueueCollection, RecordOf, Tx } from '../store.ts';
import type { Documents } from './documents.ts';
import type { Summary } from './layout.ts';
import { NO_CAPS, takeTurns, type Caps, type QueueRecord } from '../queue-order.ts';
import { inQueue, isDue } from './due-queue.ts';
import type { RecordSource } from './queries.ts';
import { newestFirst } from './pages.ts';
import { Queries } from './desk-queries.ts';

type Change = { collection: Collection; record: RecordOf<Collection> };

/** Fields unique across a collection, as the PostgreSQL engine's constraints hold them (each kept in memory). */
const UNIQUE: Partial<Record<Collection, string>> = {
  accounts: 'email',
  keys: 'hash',
  sessions: 'hash',
  signin_tokens: 'hash',
  staff: 'email',
  desk_links: 'hash',
  desk_sessions: 'hash',
};

const keyOf = (collection: Collection, id: string) => `${collection}\0${id}`;

class Overlay implements RecordSource {
  readonly changes = new Map<string, Change>();
  readonly #documents: Documents;

  constructor(documents: Documents) {
    this.#documents = documents;
  }

  get<C extends Collection>(collection: C, id: string): RecordOf<C> | undefined {
    const changed = this.changes.get(keyOf(collection, id));
    return (changed?.record as RecordOf<C> | undefined) ?? this.#documents.get(collection, id);
  }

  summaries<C extends Collection>(collection: C): Summary<C>[] {
    const own = [...this.changes.values()].filter((change) => change.collection === collection);
    const committed = this.#documents.summaries(collection);
    if (own.length === 0) return committed;
    const records = new Map(committed.map((record) => [record.id, record]));
    for (const change of own) records.set(change.record.id, change.record as Summary<C>); // a whole record serves as one
    return [...records.values()];
  }

  requestCountAfter(orgId: string, after: string): number {
    const made = this.#ownRequestsAfter(orgId, after).filter(
      (request) => !this.#documents.has('requests', request.id),
    );
    return this.#documents.requestCountAfter(orgId, after) + made.length;
  }

  newestRequestsAfter(orgId: string, after: string, limit: number): Summary<'requests'>[] {
    const own = this.#ownRequestsAfter(orgId, after);
    const committed = this.#documents.newestRequestsAfter(orgId, after, limit + own.length);
    if (own.length === 0) return committed;
    const changed = new Set(own.map((request) => request.id));
    return [...committed.filter((request) => !changed.has(request.id)), ...own]
      .sort(newestFirst)
      .slice(0, limit);
  }

  /** This transaction's inserts and updates of the organisation's requests made after `after`. */
  #ownRequestsAfter(orgId: string, after: string): Summary<'requests'>[] {
    const own: Summary<'requests'>[] = [];
    for (const { collection, record } of this.changes.values()) {
      const request = record as Summary<'requests'>; // a whole record serves as its summary
      if (collection === 'requests' && request.org_id === orgId && request.created_at > after)
        own.push(request);
    }
    return own;
  }

  due<C extends QueueCollection>(collection: C, now: string, limit: number, caps = NO_CAPS): Summary<C>[] {
    const own = new Map<string, QueueRecord>();
    for (const change of this.changes.values())
      if (change.collection === collection) own.set(change.record.id, change.record as QueueRecord);
    if (own.size === 0) return this.#documents.due(collection, now, limit, caps);
    // The committed due ones this transaction has not changed, and those it has changed that are due now.
    const roomier = new Map([...caps].map(([receiver, cap]) => [receiver, cap + own.size]));
    const committed = this.#documents.due(collection, now, limit + own.size, roomier) as QueueRecord[];
    const changed = [...own.values()].filter((record) => inQueue(record) && isDue(record, now));
    const due = [...committed.filter((record) => !own.has(record.id)), ...changed];
    return takeTurns(due, limit, caps) as Summary<C>[];
  }
}

export class JsonTransaction extends Queries implements Tx {
  readonly #overlay: Overlay;

  constructor(documents: Documents) {
    const overlay = new Overlay(documents);
    super(overlay);
    this.#overlay = overlay;
  }

  async insert<C extends Collection>(collection: C, record: RecordOf<C>): Promise<void> {
    if (this.#overlay.get(collection, record.id)) throw new Error(`${collection} already holds ${record.id}`);
    const field = UNIQUE[collection];
    const value = field && (record as Record<string, unknown>)[field];
    if (
      value &&
      this.#overlay.summaries(collection).some((other) => (other as Record<string, unknown>)[field] === value)
    ) {
      throw new Error(`${collection} already holds a record with this ${field}`);
    }
    this.#overlay.changes.set(keyOf(collection, record.id), { collection, record });
  }

  async insertNew<C extends Collection>(collection: C, record: RecordOf<C>): Promise<boolean> {
    if (this.#overlay.get(collection, record.id)) return false;
    await this.insert(collection, record);
    return true;
  }

  async update<C extends Collection>(
    collection: C,
    id: string,
    patch: Partial<RecordOf<C>>,
  ): Promise<RecordOf<C>> {
    const current = this.#overlay.get(collection, id);
    if (!current) throw new Error(`${collection} holds no ${id}`);
    const record = { ...current, ...patch, id } as RecordOf<C>;
    this.#overlay.changes.set(keyOf(collection, id), { collection, record });
    return record;
  }

  async updateEach<C extends Collection>(
    collection: C,
    changes: { id: string; patch: Partial<RecordOf<C>> }[],
  ): Promise<void> {
    for (const { id, patch } of changes) await this.update(collection, id, patch);
  }

  async lease<C extends QueueCollection>(
    collection: C,
    now: Date,
    limit: number,
    leaseUntil: string,
    caps?: Caps,
  ) {
    const due = await this.due(collection, now, limit, caps);
    const patch = { status: 'sending', lease_until: leaseUntil } as Partial<RecordOf<C>>;
    return Promise.all(due.map((record) => this.update(collection, record.id, patch)));
  }

  async renewLease<C extends QueueCollection>(
    collection: C,
    ids: readonly string[],
    leaseUntil: string,
    renewedUntil: string,
  ) {
    const patch = { lease_until: renewedUntil } as Partial<RecordOf<C>>;
    for (const id of ids) {
      const record = this.#overlay.get(collection, id);
      if (record?.status === 'sending' && record.lease_until === leaseUntil)
        await this.update(collection, id, patch);
    }
  }

  /** Places every change in the documents, which then know the files to write. */
  applyTo(documents: Documents): void {
    for (const { collection, record } of this.#overlay.changes.values()) documents.place(collection, record);
  }
}
