// A queue's sends in a worker thread of their own. Building a MIME message (nodemailer) or signing and posting a
// webhook is CPU work, and at a thousand sends a second on the API's event loop it held up the requests: writes'
// p99 at 500/s went from about 10 ms with mail sends skipped to 40-60 ms with them (see BENCHMARKS.md). In a
// thread the sends use another core. The claims and records stay on the main thread, in the store's writes.
import { getPriority, setPriority } from 'node:os';
import { parentPort, Worker } from 'node:worker_threads';

const YOUNG_MB = 16;
/** How much nicer than the API a sender runs: nice(1)'s default step. */
const NICER_BY = 10;
const NICEST = 19;

type Call<Q> = { id: number; request: Q };
type Answer<R> = { id: number; result?: R; error?: { message: string; responseCode?: number } };
type Pending<R> = { resolve(result: R): void; reject(error: Error): void };

export type SenderThread<Q, R> = { call(request: Q): Promise<R>; close(): void };

/**
 * The main thread's side: `entry` is a module that calls `serveSends`. The thread starts on first use, and again
 * after a crash (what it held fails, and the queue retries it); it keeps the process alive only while it works.
 */
export function senderThread<Q, R>(entry: URL, workerData: unknown): SenderThread<Q, R> {
  const pending = new Map<number, Pending<R>>();
  let worker: Worker | undefined;
  let nextId = 0;

  function start(): Worker {
    // A sender keeps nothing between sends: a small young generation is enough. Left to V8's default (sized
    // for the main thread's heap), it held about 90 MB more RSS after a few thousand mails, for no CPU saved.
    const started = new Worker(entry, { workerData, resourceLimits: { maxYoungGenerationSizeMb: YOUNG_MB } });
    started.unref();
    started.on('message', ({ id, result, error }: Answer<R>) => {
      const call = pending.get(id);
      if (!call) return;
      pending.delete(id);
      if (pending.size === 0) started.unref();
      // A mail server's reply code travels with its message: a 5xx is told from a retryable failure by it.
      if (error) call.reject(Object.assign(new Error(error.message), { responseCode: error.responseCode }));
      else call.resolve(result as R);
    });
    const fail = (error: Error) => {
      if (worker === started) worker = undefined;
      for (const call of pending.values()) call.reject(error);
      pending.clear();
    };
    started.on('error', fail);
    started.on('exit', (code) => fail(new Error(`the sender thread stopped (exit code ${code})`)));
    return started;
  }

  return {
    call(request) {
      return new Promise((resolve, reject) => {
        worker ??= start();
        if (pending.size === 0) worker.ref();
        const id = nextId++;
        pending.set(id, { resolve, reject });
        worker.postMessage({ id, request } satisfies Call<Q>);
      });
    },
    close() {
      void worker?.terminate();
      worker = undefined;
    },
  };
}

/** The thread's side: answers each call with what `send` resolves to, or the error it throws. */
export function serveSends<Q, R>(send: (request: Q) => Promise<R>): void {
  // Sends can wait, answers cannot: when the cores are busy, this thread gets a smaller share of them than the API's.
  // The queues are durable, so a send put off loses nothing (BENCHMARKS.md: what it gives the writes, costs the mail).
  // Linux only: there pid 0 means the calling thread; elsewhere it would mean the whole process.
  if (process.platform === 'linux') setPriority(0, Math.min(NICEST, getPriority(0) + NICER_BY));
  parentPort!.on('message', ({ id, request }: Call<Q>) => {
    send(request).then(
      (result) => parentPort!.postMessage({ id, result } satisfies Answer<R>),
      (error: Error & { responseCode?: number }) =>
        parentPort!.postMessage({
          id,
          error: { message: error.message, responseCode: error.responseCode },
        } satisfies Answer<R>),
    );
  });
}
