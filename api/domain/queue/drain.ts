// How both outgoing queues (mail, webhook deliveries) are worked: claim a chunk of due records under a lease in one
// store write, send them a few at a time, and record their outcomes in the same write that claims the next chunk.
// A crash between a send and its record sends it again once the lease ends: at least once, never lost. Recording
// each outcome in a write of its own cost a store commit per few mails: at 500 requests/s (1,000 mails/s) half of
// all commits.
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
    /** Leases the next chunk to this sender (within the write that records the last one). */
    claim(tx: Tx): Promise<T[]>;
    /** Sends one; never throws: a failure is an outcome too. */
    send(item: T): Promise<Outcome<C>>;
    maxChunks: number;
    concurrency: number;
    stop?: AbortSignal;
  },
): Promise<boolean> {
  let outcomes: Outcome<C>[] = [];
  for (let chunks = 0; ; chunks++) {
    const recorded = outcomes;
    const claimed = await store.transact(async (tx) => {
      await tx.updateEach(collection, recorded);
      return chunks < work.maxChunks && !work.stop?.aborted ? work.claim(tx) : [];
    });
    if (claimed.length === 0) return chunks >= work.maxChunks || work.stop?.aborted === true;
    outcomes = await sendAll(claimed, work.send, work.concurrency);
  }
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
