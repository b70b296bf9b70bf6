// Mail that one hostile sender could multiply (access requests to the operator, new data requests to the sourcing
// lead) goes one by one up to a threshold an hour; past it, each is folded into one digest mail for that hour,
// sent when the hour ends (issue 41 items 11 and 13). A flood is then one more mail, not a mail per request.
import type { Tx } from '../../store/store.ts';
import { enqueueMail, mailId } from './queue.ts';
import type { Message } from './message.ts';

export const HOUR_MS = 3_600_000;

/** The clock hour `now` falls in: the window every hourly cap and digest counts in. */
export function hourOf(now: Date): { start: Date; end: Date } {
  const start = Math.floor(now.getTime() / HOUR_MS) * HOUR_MS;
  return { start: new Date(start), end: new Date(start + HOUR_MS) };
}

/** Whole seconds until the hour ends (Retry-After for an hourly cap). */
export const secondsToHourEnd = (now: Date) =>
  Math.max(1, Math.ceil((hourOf(now).end.getTime() - now.getTime()) / 1000));

export type Foldable = {
  /** The single mail's event (queue.ts), used while under the threshold. */
  event: string;
  to: string;
  message: Message;
  /** How many such mails this hour came before this one (0 for the first). */
  before: number;
  /** Mails sent one by one an hour; from the next one on, they fold into the digest. */
  threshold: number;
  /** Names the digest (with the hour): `access`, `requests:<org id>`. */
  digestKey: string;
  /** The digest as it stands with this one in: built from the store, after the digest's lock is taken. */
  digest: () => Message | Promise<Message>;
};

/**
 * Queues the mail itself under the threshold; past it, queues the hour's digest (due when the hour ends) and writes
 * it afresh. The digest's row is locked before `digest()` reads the store, so on PostgreSQL requests folded at the
 * same moment each write it with the others in it, not over them.
 */
export async function mailOrFold(tx: Tx, mail: Foldable, now: Date): Promise<void> {
  if (mail.before < mail.threshold) {
    await enqueueMail(tx, mail.event, mail.to, mail.message, now);
    return;
  }
  const hour = hourOf(now);
  const event = `digest:${mail.digestKey}:${hour.start.toISOString()}`;
  await enqueueMail(tx, event, mail.to, { subject: '', text: '', html: '' }, now, hour.end);
  const queued = await tx.update('mail', mailId(event), {}); // the row lock; then read what others committed
  if (queued.status !== 'queued') {
    // Sent already (an instance whose clock runs ahead): this one goes on its own rather than not at all.
    await enqueueMail(tx, mail.event, mail.to, mail.message, now);
    return;
  }
  const digest = await mail.digest();
  await tx.update('mail', queued.id, { subject: digest.subject, text: digest.text, html: digest.html });
}
