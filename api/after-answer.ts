// Work a request causes that its answer must not wait for (contract §14): asking for a sign-in link answers in the
// same time whether or not the address has an account, so the lookup, the token and the mail run after the answer.
// A store that cannot take the write now is tried again (every 2 s, for as long as a link would live); stopping
// waits for what is under way and gives what is waiting one last try, so a SIGTERM loses nothing.
import { AsyncLocalStorage } from 'node:async_hooks';
import type { ServerResponse } from 'node:http';
import { StoreUnavailableError } from './store/store-errors.ts';

const RETRY_MS = 2_000;
const GIVE_UP_MS = 15 * 60_000;

export type AfterAnswer = {
  /** Runs `work` once the current answer has gone out; `label` names it in the log (never a secret). */
  run(label: string, work: () => Promise<void>): void;
  /** Waits for the work under way, and tries what waits to be retried once more. */
  stop(): Promise<void>;
};

type Held = { released: boolean; starts: (() => void)[] };
const answer = new AsyncLocalStorage<Held>();

/**
 * Handles a request so that work asked for while answering it starts once `res` has finished (its last byte
 * handed to the socket) or closed: a synchronous store write must not hold up the answer's own bytes.
 */
export function answering(res: ServerResponse, handle: () => void): void {
  const held: Held = { released: false, starts: [] };
  const release = () => {
    held.released = true;
    for (const start of held.starts.splice(0)) start();
  };
  res.once('finish', release);
  res.once('close', release);
  answer.run(held, handle);
}

export function createAfterAnswer(log: { error(context: string, error: unknown): void }): AfterAnswer {
  const underWay = new Set<Promise<void>>();
  const waiting = new Map<NodeJS.Timeout, () => void>();
  let stopped = false;

  const track = (done: Promise<void>) => {
    underWay.add(done);
    void done.finally(() => underWay.delete(done));
  };

  async function attempt(label: string, work: () => Promise<void>, since: number): Promise<void> {
    try {
      await work();
    } catch (error) {
      if (!(error instanceof StoreUnavailableError) || Date.now() - since > GIVE_UP_MS || stopped) {
        log.error(`after answer: ${label}`, error);
        return;
      }
      const again = () => track(attempt(label, work, since));
      const timer = setTimeout(() => {
        waiting.delete(timer);
        again();
      }, RETRY_MS);
      timer.unref();
      waiting.set(timer, again);
    }
  }

  return {
    run(label, work) {
      const since = Date.now();
      const held = answer.getStore();
      // Outside an answer (or after it), on the next turn of the loop.
      const started = new Promise<void>((resolve) =>
        held && !held.released ? held.starts.push(resolve) : setImmediate(resolve),
      );
      track(started.then(() => attempt(label, work, since)));
    },
    async stop() {
      stopped = true;
      for (const [timer, again] of waiting) {
        clearTimeout(timer);
        waiting.delete(timer);
        again();
      }
      while (underWay.size) await Promise.all(underWay);
    },
  };
}
