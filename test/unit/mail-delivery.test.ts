// The mail queue against a mail server that takes connections and never answers, through nodemailer as the
// server sends: one round of sends finds that out, and the rest of the chunk waits for the retry, unsent. And
// against one that answers slowly: a chunk that outlasts its lease is still no other sender's to send.
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { createMailDelivery } from '../../api/domain/mail/delivery.ts';
import { enqueueMail } from '../../api/domain/mail/queue.ts';
import { createMailTransport } from '../../api/domain/mail/transport.ts';
import { openStore } from '../../api/store/open-store.ts';
import { startSilentMailServer } from '../support/silent-mail-server.ts';
import { startSmtp } from '../support/smtp.ts';

test('a silent mail server is asked by one round of mails, not by every mail of the chunk', async () => {
  const silent = await startSilentMailServer();
  const dataDir = await mkdtemp(join(tmpdir(), 'dss-silent-mail-'));
  const store = await openStore({ dataDir });
  const transport = createMailTransport({ smtpUrl: silent.url, mailFrom: 'data@dss.example', dataDir });
  try {
    const now = new Date();
    await store.transact(async (tx) => {
      for (let i = 0; i < 24; i++) {
        const message = { subject: `Mail ${i}`, text: 'Hello.', html: '<p>Hello.</p>' };
        await enqueueMail(tx, `test:${i}`, `lab${i}@example.com`, message, now);
      }
    });
    const started = performance.now();
    await createMailDelivery({ store, transport, log: { info() {} } }).deliver();
    // Eight at a time, each waiting 10 s for a greeting: three rounds (30 s) before, one now.
    expect(performance.now() - started).toBeLessThan(20_000);
    expect(silent.connections()).toBe(8);
    const mails = await store.mailList({});
    expect(mails).toHaveLength(24);
    expect(mails.every((mail) => mail.status === 'queued')).toBe(true);
    const tried = mails.filter((mail) => mail.attempts === 1);
    expect(tried).toHaveLength(8);
    expect(tried.every((mail) => /greeting/i.test(mail.last_error ?? ''))).toBe(true);
    const waiting = mails.filter((mail) => mail.attempts === 0);
    expect(waiting).toHaveLength(16);
    for (const mail of waiting) {
      expect(mail.last_error).toMatch(/^not sent: another mail just failed: greeting never received/i);
      expect(mail.text).not.toBeNull(); // the body stays until it is sent
    }
    // They wait for the retry of the tried ones, no longer.
    const retries = tried.map((mail) => Date.parse(mail.next_attempt_at));
    for (const mail of waiting) {
      expect(Date.parse(mail.next_attempt_at)).toBeGreaterThanOrEqual(Math.min(...retries));
      expect(Date.parse(mail.next_attempt_at)).toBeLessThanOrEqual(Math.max(...retries));
    }
  } finally {
    transport.close();
    await store.close();
    await silent.close();
  }
}, 60_000);

test('a slow mail server: another sender never sends again what the first is still sending', async () => {
  const slow = await startSmtp(undefined, { acceptAfterMs: 600 });
  const dataDir = await mkdtemp(join(tmpdir(), 'dss-slow-mail-'));
  const store = await openStore({ dataDir });
  const transports = [0, 1].map(() =>
    createMailTransport({ smtpUrl: slow.url, mailFrom: 'data@dss.example', dataDir }),
  );
  // Two senders, as two instances of the server would be, with a lease shorter than their chunk takes to send:
  // 24 mails, eight at a time, each answered after 600 ms.
  const [first, second] = transports.map((transport) =>
    createMailDelivery({ store, transport, log: { info() {} }, leaseMs: 900 }),
  );
  try {
    await store.transact(async (tx) => {
      for (let i = 0; i < 24; i++) {
        const message = { subject: `Mail ${i}`, text: 'Hello.', html: '<p>Hello.</p>' };
        await enqueueMail(tx, `test:${i}`, `lab${i}@example.com`, message, new Date());
      }
    });
    let done = false;
    const firstPass = first!.deliver().finally(() => (done = true));
    // The second sender looks for due mail every 200 ms while the first sends.
    while (!done) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      await second!.deliver();
    }
    await firstPass;
    const ids = slow.received.map(({ mail }) => mail.messageId);
    expect(ids).toHaveLength(24);
    expect(new Set(ids).size).toBe(24);
    const mails = await store.mailList({});
    expect(mails.map((mail) => mail.status)).toEqual(Array(24).fill('sent'));
  } finally {
    for (const transport of transports) transport.close();
    await store.close();
    await slow.close();
  }
}, 60_000);
