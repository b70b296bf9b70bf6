// Delivers the mail queue: claims due mails in one store write (a lease, so two senders never send the same
// mail), sends them, and records the outcomes. A failing server means a retry with backoff, never a loss; a
// permanent refusal (5xx) marks the mail failed for the operator (`ops mail list --status failed`).
//
// Delivery is at least once: outcomes are recorded per chunk of CHUNK mails, in the same write that claims the
// next chunk, so a crash after a send and before its record sends that mail again once its lease ends. A resend
// carries the same Message-ID, and in the outbox it overwrites the same file. Recording each outcome on its own
// cost a store commit per few mails: at 500 requests/s (1,000 mails/s) that was half of all commits.
import type { RequestLog } from '../../http/log.ts';
import type { MailRecord } from '../../store/records.ts';
import type { Store, Tx } from '../../store/json/json-store.ts';
import { isPermanent, type MailTransport } from './transport.ts';

const LEASE_MS = 30_000;
const FIRST_RETRY_MS = 2_000;
const MAX_RETRY_MS = 10 * 60_000;
const SEND_CONCURRENCY = 8;
const CHUNK = 64;
const CHUNKS_PER_PASS = 16; // a backlog drains over several passes, with sample fulfilment between them
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
    // One write per chunk records the outcomes of the chunk just sent and claims the next: a claim of a thousand
    // mails at once rewrote a dozen segments in one commit, and every request waited behind it.
    let outcomes: Outcome[] = [];
    for (let chunks = 0; ; chunks++) {
      const sent = outcomes;
      const claimed = await store.transact((tx) => {
        for (const { mail, patch } of sent) tx.update('mail', mail.id, patch);
        return chunks < CHUNKS_PER_PASS ? claimDue(tx) : [];
      });
      if (claimed.length === 0) return;
      outcomes = await sendAll(claimed);
    }
  }

  /** Leases up to CHUNK due mails to this sender. */
  function claimDue(tx: Tx): MailRecord[] {
    const at = now();
    const leaseUntil = new Date(at.getTime() + LEASE_MS).toISOString();
    const stamp = at.toISOString();
    return tx
      .undeliveredMail()
      .filter((mail) => isDue(mail, stamp))
      .slice(0, CHUNK)
      .map((mail) => tx.update('mail', mail.id, { status: 'sending', lease_until: leaseUntil }));
  }

  async function sendAll(mails: MailRecord[]): Promise<Outcome[]> {
    const outcomes: Outcome[] = [];
    let next = 0;
    const sender = async () => {
      while (next < mails.length) {
        const mail = mails[next++]!;
        outcomes.push({ mail, patch: await sendOne(mail) });
      }
    };
    await Promise.all(Array.from({ length: SEND_CONCURRENCY }, sender));
    return outcomes;
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
