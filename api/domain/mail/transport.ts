// Where mail goes: nodemailer over SMTP when SMTP_URL is set; otherwise each message is written as an .eml file
// into DATA_DIR/outbox/, so a newcomer can open what was sent. Both build the same MIME message (nodemailer).
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer from 'nodemailer';
import { encodeWord } from 'nodemailer/lib/mime-funcs';
import type { Config } from '../../config.ts';

export type OutgoingMail = {
  id: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  reply_to?: string | null;
  attachments?: MailFile[];
};

/** A file sent with a mail, made at send time (delivery.ts); plain values, so it crosses to the sender thread. */
export type MailFile = { filename: string; contentType: string; content: Uint8Array };

export type MailTransport = {
  readonly description: string;
  send(mail: OutgoingMail): Promise<void>;
  /** Whether the mail server answers; start-up warns (never fails) when it does not. */
  verify(): Promise<void>;
  close(): void;
};

/** A failure the mail server says is permanent (5xx): retrying will not help. */
export function isPermanent(error: unknown): boolean {
  const code = (error as { responseCode?: number }).responseCode;
  return typeof code === 'number' && code >= 500 && code < 600;
}

/** What a transport is made from: plain values, so that a worker thread can be given them too. */
export type TransportConfig = Pick<Config, 'smtpUrl' | 'mailFrom' | 'dataDir'>;

/** Where mail goes, said to the operator; never the SMTP password. */
export function describeTransport(config: TransportConfig): string {
  if (!config.smtpUrl) return `outbox ${join(config.dataDir, 'outbox')}`;
  const url = new URL(config.smtpUrl);
  return `SMTP ${url.hostname}:${url.port || (url.protocol === 'smtps:' ? 465 : 587)}`;
}

// A subject holding what reads as an RFC 2047 encoded-word ("=?utf-8?B?…?=", typed as an organisation's name)
// would go out as is, and a mail client would show what it decodes to. Such a subject goes out encoded whole (as a
// prepared header, which nodemailer sends as given), so the client decodes it once, to the characters typed.
export function subjectOf(
  subject: string,
): { subject: string } | { headers: Record<string, PreparedHeader> } {
  if (!subject.includes('=?')) return { subject };
  // One encoded-word per folded line (RFC 5322 §2.1.1 lines of at most 78 characters): only base64 in them.
  const value = encodeWord(subject, 'B', 52).split(' ').join('\r\n ');
  return { headers: { Subject: { prepared: true, value } } };
}
type PreparedHeader = { prepared: boolean; value: string };

export function createMailTransport(config: TransportConfig): MailTransport {
  const from = config.mailFrom;
  const description = describeTransport(config);
  // Our id as the Message-ID: a receiver (and a test) can tell a resend of the same mail from a new one.
  const message = (mail: OutgoingMail) => ({
    from,
    to: mail.to,
    ...subjectOf(mail.subject),
    ...(mail.reply_to ? { replyTo: mail.reply_to } : {}),
    text: mail.text,
    html: mail.html,
    ...(mail.attachments?.length && {
      attachments: mail.attachments.map(({ filename, contentType, content }) => ({
        filename,
        contentType,
        content: Buffer.from(content),
      })),
    }),
    messageId: `<${mail.id}@dss>`,
  });
  if (config.smtpUrl) {
    const transport = nodemailer.createTransport({
      url: config.smtpUrl,
      // A dead server must not hold a send for minutes: the queue retries instead.
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 20_000,
    } as Parameters<typeof nodemailer.createTransport>[0]);
    return {
      description,
      async send(mail) {
        await transport.sendMail(message(mail));
      },
      async verify() {
        await transport.verify();
      },
      close: () => transport.close(),
    };
  }
  const outbox = join(config.dataDir, 'outbox');
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    description,
    async send(mail) {
      const info = await transport.sendMail(message(mail));
      // Named by mail id: sending the same mail again overwrites its file, never adds a second.
      const path = join(outbox, `${mail.id}.eml`);
      const temp = `${path}.${process.pid}.tmp`;
      // The folder is made when a write finds it missing, not before every mail (a thousand a second, busy).
      // Ours alone, as DATA_DIR/db is: a mail holds a live sign-in, invitation or sample link.
      const owner = { mode: 0o600 };
      await writeFile(temp, info.message as Buffer, owner).catch(async (error: NodeJS.ErrnoException) => {
        if (error.code !== 'ENOENT') throw error;
        await mkdir(outbox, { recursive: true, mode: 0o700 });
        await writeFile(temp, info.message as Buffer, owner);
      });
      await rename(temp, path);
    },
    async verify() {},
    close() {},
  };
}
