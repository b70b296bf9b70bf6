// Delivers the mail queue: claims due mails in one store write (a lease, so two senders never send the same
// mail), sends them, and records the outcomes. A failing server means a retry with backoff, never a loss; a
// permanent refusal (5xx) marks the mail failed for the operator (`ops mail list --status failed`).
//
// Delivery is at least once: outcomes are recorded per chunk of OUTCOME_CHUNK mails, so a crash after a send
// and before its record sends that mail again once its lease ends. A resend carries the same Message-ID, and
// in the outbox it overwrites the same file. Recording each outcome on its own cost a store commit per few
// mails: at 500 requests/s (1,000 mails/s) that was half of all commits, each waiting on fsync.
import type { RequestLog } from '../log.ts';
import type { MailRecord } from '../store/records.ts';
import type { Store } from '../store/store.ts';
import { isPermanent, type MailTransport } from './transport.ts';

const LEASE_MS = 30_000;
const FIRST_RETRY_MS = 2_000;
const MAX_RETRY_MS = 10 * 60_000;
const SEND_CONCURRENCY = 8;
const OUTCOME_CHUNK = 64;
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
    for (let start = 0; start < claimed.length; start += OUTCOME_CHUNK) {
      const chunk = claimed.slice(start, start + OUTCOME_CHUNK);
      const outcomes: Outcome[] = [];
      let next = 0;
      const sender = async () => {
        while (next < chunk.length) {
          const mail = chunk[next++]!;
          outcomes.push({ mail, patch: await sendOne(mail) });
        }
      };
      await Promise.all(Array.from({ length: SEND_CONCURRENCY }, sender));
      await store.transact((tx) => {
        for (const { mail, patch } of outcomes) tx.update('mail', mail.id, patch);
      });
    }
  }

  type Outcome = { mail: MailRecord; patch: Partial<MailRecord> };

  /** Sends one mail and says what to record of it; never throws. */
  async function sendOne(mail: MailRecord): Promise<Partial<MailRecord>> {
    const attempts = mail.attempts + 1;
    try {
      await deps.transport.send(mail);
      return { status: 'sent', sent_at: now().toISOString(), lease_until: null, attempts };
    } catch (error) {
      const permanent = isPermanent(error);
      const message = error instanceof Error ? error.message : String(error);
      deps.log.info('mail not sent', { mailId: mail.id, attempts, permanent, error: message });
      return {
        status: permanent ? 'failed' : 'queued',
        attempts,
        last_error: message.slice(0, 500),
        lease_until: null,
        next_attempt_at: new Date(now().getTime() + retryDelay(attempts)).toISOString(),
      };
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
