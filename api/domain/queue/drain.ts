// How both outgoing queues (mail, webhook deliveries) are worked: claim a chunk of due records under a lease in one
// store write, send them a few at a time, and record their outcomes in the same write that claims the next chunk.
// A crash between a send and its record sends it again once the lease ends: at least once, never lost. Recording
// each outcome in a write of its own cost a store commit per few mails: at 500 requests/s (1,000 mails/s) half of
// all commits.
//
// While a chunk is out its lease is renewed, every third of a lease: a slow receiver (a mail server taking seconds
// a message) must not let another sender take, and send again, what this one is still sending. A sender that dies
// stops renewing, and its chunk is due again within one lease.
import type { QueueCollection, RecordOf, Store, Tx } from '../../store/store.ts';

export type Outcome<C extends QueueCollection> = { id: string; patch: Partial<RecordOf<C>> };

/**
 * Works the queue until nothing is due, `maxChunks` chunks are done or `stop` is aborted (the chunk under way is
 * sent and recorded; the rest stays queued); resolves true when it stopped with work possibly left (the caller
 * decides when to go on).
 */
export async function drainQueue<C extends QueueCollection, T>(
  store: Store,
  collection: C,
  work: {
    /** Leases the next chunk to this sender until `leaseUntil` (within the write that records the last one). */
    claim(tx: Tx, leaseUntil: string): Promise<T[]>;
    /** The id of the record a claimed item stands for. */
    idOf(item: T): string;
    /** Sends one; never throws: a failure is an outcome too. */
    send(item: T): Promise<Outcome<C>>;
    leaseMs: number;
    now(): Date;
    maxChunks: number;
    concurrency: number;
    stop?: AbortSignal;
  },
): Promise<boolean> {
  const leaseEnd = () => new Date(work.now().getTime() + work.leaseMs).toISOString();
  let outcomes: Outcome<C>[] = [];
  for (let chunks = 0; ; chunks++) {
    const recorded = outcomes;
    const leaseUntil = leaseEnd();
    const claimed = await store.transact(async (tx) => {
      await tx.updateEach(collection, recorded);
      return chunks < work.maxChunks && !work.stop?.aborted ? work.claim(tx, leaseUntil) : [];
    });
    if (claimed.length === 0) return chunks >= work.maxChunks || work.stop?.aborted === true;
    const stopRenewing = keepLeased(
      store,
      collection,
      claimed.map(work.idOf),
      leaseUntil,
      leaseEnd,
      work.leaseMs,
    );
    try {
      outcomes = await sendAll(claimed, work.send, work.concurrency);
    } finally {
      await stopRenewing();
    }
  }
}

/** Renews the lease of `ids` every third of a lease until the returned function is called (and has settled). */
function keepLeased<C extends QueueCollection>(
  store: Store,
  collection: C,
  ids: string[],
  leaseUntil: string,
  leaseEnd: () => string,
  leaseMs: number,
): () => Promise<void> {
  let held = leaseUntil;
  let renewing = Promise.resolve();
  const renew = async () => {
    const renewed = leaseEnd();
    await store.transact((tx) => tx.renewLease(collection, ids, held, renewed));
    held = renewed;
  };
  const timer = setInterval(() => {
    // A failed renewal leaves the lease as it was; the next one tries again.
    renewing = renewing.then(renew).catch(() => {});
  }, leaseMs / 3);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await renewing;
  };
}

async function sendAll<T, O>(items: T[], send: (item: T) => Promise<O>, concurrency: number): Promise<O[]> {
  const outcomes: O[] = [];
  let next = 0;
  const sender = async () => {
    while (next < items.length) outcomes.push(await send(items[next++]!));
  };
  await Promise.all(Array.from({ length: concurrency }, sender));
  return outcomes;
}
