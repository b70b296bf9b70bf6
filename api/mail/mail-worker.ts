// Delivers the mail queue: claims due mails in one store write (a lease, so two senders never send the same
// mail), sends each, and records the outcome. A failing server means a retry with backoff, never a loss; a
// permanent refusal (5xx) marks the mail failed for the operator (`ops mail list --status failed`).
import type { RequestLog } from '../log.ts';
import type { MailRecord } from '../store/records.ts';
import type { Store } from '../store/store.ts';
import { isPermanent, type MailTransport } from './transport.ts';

const LEASE_MS = 30_000;
const FIRST_RETRY_MS = 2_000;
const MAX_RETRY_MS = 10 * 60_000;
const SEND_CONCURRENCY = 8;
const CLAIM_LIMIT = 1000; // per pass: a backlog drains over several passes, each lease well within LEASE_MS
// A kick waits this long, so that the mail of many requests is claimed and recorded in a few commits instead of
// competing, commit by commit, with the requests themselves (measured: 620 → see BENCHMARKS.md).
const KICK_DELAY_MS = 200;

export function retryDelay(attempts: number): number {
  return Math.min(MAX_RETRY_MS, FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1));
}

/** `at`: an ISO timestamp, made once per pass rather than once per mail. */
function isDue(mail: MailRecord, at: string): boolean {
  if (mail.status === 'queued') return mail.next_attempt_at <= at;
  return mail.status === 'sending' && (mail.lease_until ?? '') < at; // its sender died mid-send
}

export type MailWorker = {
  /** One pass: fulfil what is due, then deliver what is queued. Concurrent calls share the pass. */
  run(): Promise<void>;
  /** Asks for a pass soon, without waiting for it (after an API answer has gone). */
  kick(): void;
  start(intervalMs?: number): void;
  stop(): Promise<void>;
};

export function createMailWorker(deps: {
  store: Store;
  transport: MailTransport;
  log: RequestLog;
  now?: () => Date;
  /** Work to do before each delivery pass (sample fulfilment). */
  beforeDelivery?: () => Promise<unknown>;
}): MailWorker {
  const now = deps.now ?? (() => new Date());
  let current: Promise<void> | undefined;
  let again = false;
  let timer: NodeJS.Timeout | undefined;
  let kicked: NodeJS.Timeout | undefined;

  async function deliver(): Promise<void> {
    const { store } = deps;
    await store.refresh();
    // Only undelivered mail is looked at: scanning every mail ever sent, twice a pass, blocked the event loop
    // for tens of milliseconds once a busy server had sent a few tens of thousands.
    const seen = now().toISOString();
    if (!store.undeliveredMail().some((mail) => isDue(mail, seen))) return;
    const claimed = await store.transact((tx) => {
      const at = now();
      const leaseUntil = new Date(at.getTime() + LEASE_MS).toISOString();
      const stamp = at.toISOString();
      return tx
        .undeliveredMail()
        .filter((mail) => isDue(mail, stamp))
        .slice(0, CLAIM_LIMIT)
        .map((mail) => tx.update('mail', mail.id, { status: 'sending', lease_until: leaseUntil }));
    });
    // A few at a time: each outcome is recorded right after its send, and concurrent records share a commit.
    let next = 0;
    const sender = async () => {
      while (next < claimed.length) await deliverOne(claimed[next++]!);
    };
    await Promise.all(Array.from({ length: SEND_CONCURRENCY }, sender));
  }

  async function deliverOne(mail: MailRecord): Promise<void> {
    const { store } = deps;
    try {
      await deps.transport.send(mail);
      await store.transact((tx) =>
        tx.update('mail', mail.id, {
          status: 'sent',
          sent_at: now().toISOString(),
          lease_until: null,
          attempts: mail.attempts + 1,
        }),
      );
    } catch (error) {
      const attempts = mail.attempts + 1;
      const permanent = isPermanent(error);
      const message = error instanceof Error ? error.message : String(error);
      deps.log.info('mail not sent', { mailId: mail.id, attempts, permanent, error: message });
      await store.transact((tx) =>
        tx.update('mail', mail.id, {
          status: permanent ? 'failed' : 'queued',
          attempts,
          last_error: message.slice(0, 500),
          lease_until: null,
          next_attempt_at: new Date(now().getTime() + retryDelay(attempts)).toISOString(),
        }),
      );
    }
  }

  async function pass(): Promise<void> {
    do {
      again = false;
      try {
        await deps.beforeDelivery?.();
        await deliver();
      } catch (error) {
        deps.log.error('mail-worker', error);
      }
    } while (again);
  }

  const worker: MailWorker = {
    run() {
      if (current) {
        again = true; // something new arrived during this pass: go round once more
        return current;
      }
      current = pass().finally(() => (current = undefined));
      return current;
    },
    kick() {
      kicked ??= setTimeout(() => {
        kicked = undefined;
        void worker.run();
      }, KICK_DELAY_MS);
    },
    start(intervalMs = 1000) {
      timer = setInterval(() => void worker.run(), intervalMs);
      timer.unref();
      worker.kick();
    },
    async stop() {
      clearInterval(timer);
      clearTimeout(kicked);
      await current;
    },
  };
  return worker;
}
