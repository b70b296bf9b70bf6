// Delivers the mail queue: claims due mails in one store write (a lease, so two senders never send the same
// mail), sends them, and records the outcomes. A failing server means a retry with backoff, never a loss; a
// permanent refusal (5xx) marks the mail failed for the operator (`ops mail list --status failed`). A sent
// mail keeps its subject, recipient and status, not its body.
//
// A mail server that gives no answer (refused, silent, timed out) holds back the chunk's other mails until the
// failed one's retry (queue/unanswered.ts). One that answers, however slowly, keeps the chunk's lease renewed
// (queue/drain.ts).
//
// Delivery is at least once (queue/drain.ts records outcomes in the write that claims the next chunk): a crash
// after a send and before its record sends that mail again once its lease ends. A resend carries the same
// Message-ID, and in the outbox it overwrites the same file.
import type { MailRecord } from '../../store/records.ts';
import { StoreUnavailableError } from '../../store/store-errors.ts';
import type { Store, Tx } from '../../store/store.ts';
import { drainQueue } from '../queue/drain.ts';
import { createUnanswered } from '../queue/unanswered.ts';
import { isPermanent, type MailFile, type MailTransport } from './transport.ts';

const LEASE_MS = 30_000;
const FIRST_RETRY_MS = 2_000;
const MAX_RETRY_MS = 10 * 60_000;
const SEND_CONCURRENCY = 8;
const CHUNK = 64;
const CHUNKS_PER_PASS = 16; // a backlog drains over several passes, so other work gets its turn between them
/** The one receiver of the mail queue (queue/unanswered.ts). */
const MAIL_SERVER = 'mail server';

export function retryDelay(attempts: number): number {
  return Math.min(MAX_RETRY_MS, FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1));
}

/** Delivers the mail that is due; the runtime runs one pass at a time. Once `stop` is aborted it claims no more. */
export type MailDelivery = { deliver(stop?: AbortSignal): Promise<void> };

/** Logs what went wrong with a mail; never a secret (the mail's body is not logged). */
export type MailLog = { info(message: string, fields?: Record<string, unknown>): void };

export function createMailDelivery(deps: {
  store: Store;
  transport: MailTransport;
  log: MailLog;
  now?: () => Date;
  /** How long a claim holds its mails unless renewed: 30 s (tests shorten it). */
  leaseMs?: number;
  /** Makes the files a mail names (MailRecord.attachments) from the records they come from. */
  attachmentsOf?: (mail: MailRecord) => Promise<MailFile[]>;
}): MailDelivery {
  const now = deps.now ?? (() => new Date());
  const unanswered = createUnanswered();

  async function deliver(stop?: AbortSignal): Promise<void> {
    if ((await deps.store.dueMail(now(), 1)).length === 0) return;
    await drainQueue(deps.store, 'mail', {
      claim: (tx: Tx, leaseUntil: string) => tx.lease('mail', now(), CHUNK, leaseUntil),
      idOf: (mail: MailRecord) => mail.id,
      send: async (mail: MailRecord) => ({ id: mail.id, patch: await sendOne(mail) }),
      leaseMs: deps.leaseMs ?? LEASE_MS,
      now,
      maxChunks: CHUNKS_PER_PASS,
      concurrency: SEND_CONCURRENCY,
      stop,
    });
  }

  /** Sends one mail and says what to record of it; never throws. */
  async function sendOne(mail: MailRecord): Promise<Partial<MailRecord>> {
    const attempts = mail.attempts + 1;
    const waiting = unanswered.waiting(MAIL_SERVER, now().getTime());
    if (waiting) {
      return {
        status: 'queued',
        lease_until: null,
        next_attempt_at: new Date(waiting.until).toISOString(),
        last_error: `not sent: another mail just failed: ${waiting.error}`,
      };
    }
    // Made before the mail server is involved: a file that cannot be made says nothing about the server.
    let attachments: MailFile[] | undefined;
    try {
      attachments = mail.attachments?.length ? await deps.attachmentsOf?.(mail) : undefined;
    } catch (error) {
      return notMade(mail, attempts, error);
    }
    try {
      await deps.transport.send({ ...mail, text: mail.text ?? '', html: mail.html ?? '', attachments });
      unanswered.answered(MAIL_SERVER);
      // The body is with the mail server or in the outbox now: the store need not keep it.
      return {
        status: 'sent',
        sent_at: now().toISOString(),
        lease_until: null,
        attempts,
        text: null,
        html: null,
      };
    } catch (error) {
      const permanent = isPermanent(error);
      const message = error instanceof Error ? error.message : String(error);
      deps.log.info('mail not sent', { mailId: mail.id, attempts, permanent, error: message });
      const nextAt = now().getTime() + retryDelay(attempts);
      if (!serverReplied(error)) unanswered.noAnswerFrom(MAIL_SERVER, nextAt, message.slice(0, 200));
      return {
        status: permanent ? 'failed' : 'queued',
        attempts,
        last_error: message.slice(0, 500),
        lease_until: null,
        next_attempt_at: new Date(nextAt).toISOString(),
        // A failed mail is never sent again: its body (a sign-in or sample link, live for days) is not kept either.
        ...(permanent && { text: null, html: null }),
      };
    }
  }

  /** A mail whose attachment could not be made: retried while the store is away, else failed for the operator. */
  function notMade(mail: MailRecord, attempts: number, error: unknown): Partial<MailRecord> {
    const message = `attachment not made: ${error instanceof Error ? error.message : String(error)}`;
    deps.log.info('mail not sent', { mailId: mail.id, attempts, error: message });
    const retry = error instanceof StoreUnavailableError;
    return {
      status: retry ? 'queued' : 'failed',
      attempts,
      last_error: message.slice(0, 500),
      lease_until: null,
      next_attempt_at: new Date(now().getTime() + retryDelay(attempts)).toISOString(),
      ...(!retry && { text: null, html: null }),
    };
  }

  return { deliver };
}

/** Whether the mail server answered (with a reply code), rather than refusing the connection or staying silent. */
const serverReplied = (error: unknown) =>
  typeof (error as { responseCode?: unknown }).responseCode === 'number';
