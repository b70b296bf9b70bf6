// The durable mail queue: a mail is recorded in the same store write as the event that causes it, and its id
// comes from that event, so one event can never queue (or send) two mails.
import { createHash } from 'node:crypto';
import type { MailRecord } from '../../store/records.ts';
import type { Tx } from '../../store/store.ts';
import { oneLine, type Message } from './message.ts';

export const mailId = (event: string) =>
  `mail_${createHash('sha256').update(event).digest('hex').slice(0, 24)}`;

/**
 * Queues `message` for `to` unless this event queued one already; returns the mail either way. `dueAt`: not sent
 * before then (a digest, sent when its hour ends).
 */
export async function enqueueMail(
  tx: Tx,
  event: string,
  to: string,
  message: Message,
  now: Date,
  dueAt = now,
): Promise<MailRecord> {
  const id = mailId(event);
  const mail: MailRecord = {
    id,
    event,
    to: oneLine(to),
    subject: message.subject,
    ...(message.replyTo ? { reply_to: oneLine(message.replyTo) } : {}),
    text: message.text,
    html: message.html,
    ...(message.attachments?.length ? { attachments: message.attachments } : {}),
    status: 'queued',
    attempts: 0,
    next_attempt_at: dueAt.toISOString(),
    lease_until: null,
    last_error: null,
    created_at: now.toISOString(),
    sent_at: null,
  };
  if (await tx.insertNew('mail', mail)) return mail;
  return (await tx.mailById(id))!; // queued by this event already
}
