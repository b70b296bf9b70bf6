// Mail when the mail server fails (down, refusing, the process killed with mail queued): nothing lost, nothing sent
// twice; and without a mail server, each message an .eml file in DATA_DIR/outbox that only the service can read.
import { mkdtemp, readdir, readFile, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { simpleParser } from 'mailparser';
import { describe, expect, test } from 'vitest';
import { makeLab } from '../support/lab.ts';
import { ops } from '../support/ops.ts';
import { startServer } from '../support/server.ts';
import { freePort } from '../support/ports.ts';
import { startSmtp } from '../support/smtp.ts';
import {
  cleanups,
  LEAD,
  postRequest,
  serverWith,
  smtp,
  stopAfterEach,
  to,
} from '../support/mail-server-tests.ts';

stopAfterEach();

describe('when the mail server fails', () => {
  test('down when a request arrives: still 201, the mail is queued, and arrives once the server is back', async () => {
    const port = await freePort();
    const server = await serverWith({ SMTP_URL: `smtp://127.0.0.1:${port}` });
    const lab = await makeLab(server.dataDir);
    const response = await postRequest(server, lab.key, {
      data_types: ['ct_study'],
      description: 'Chest CT with reports, for a foundation model.',
    });
    expect(response.status).toBe(201);
    let queued: { status: string; last_error: string | null }[] = [];
    for (let i = 0; i < 40 && !queued.some((m) => m.last_error); i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      queued = (await ops(server.dataDir, 'mail', 'list')).json;
    }
    expect(queued).toHaveLength(2);
    expect(queued.every((m) => m.status === 'queued' && m.last_error)).toBe(true);
    // Start-up did not crash on the dead mail server: it said so once, in one line.
    expect(server.stdout().match(/mail server does not answer/g)).toHaveLength(1);
    const mail = await smtp(port);
    const received = await mail.waitFor(2, 30_000);
    expect(received.map((r) => r.envelopeTo[0]).sort()).toEqual([lab.email, LEAD].sort());
  }, 60_000);

  test('a permanent refusal (550) marks that mail failed for the operator; the rest of the batch is sent', async () => {
    const mail = await startSmtp(undefined, { rejectWith: 550, rejectTo: (address) => address !== LEAD });
    cleanups.push(() => mail.close());
    const server = await serverWith({ SMTP_URL: mail.url });
    const lab = await makeLab(server.dataDir);
    const response = await postRequest(server, lab.key, {
      data_types: ['call_audio'],
      description: 'Dutch customer-service calls with consent records.',
    });
    expect(response.status).toBe(201);
    const [lead] = await mail.waitFor(1);
    expect(lead!.envelopeTo).toEqual([LEAD]);
    let failed: { to: string; attempts: number; last_error: string }[] = [];
    for (let i = 0; i < 50 && failed.length === 0; i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      failed = (await ops(server.dataDir, 'mail', 'list', '--status', 'failed')).json;
    }
    expect(failed).toHaveLength(1);
    expect(failed[0]).toMatchObject({ to: lab.email, attempts: 1 });
    expect(failed[0]!.last_error).toMatch(/550/);
    expect((await ops(server.dataDir, 'mail', 'list', '--status', 'sent')).json).toHaveLength(1);
    await new Promise((resolve) => setTimeout(resolve, 2500)); // a failed mail is not retried
    expect(mail.received).toHaveLength(1);
  });

  test('a refused sign-in link keeps no body in the store: the link in it would still sign in', async () => {
    let refused = '';
    const mail = await startSmtp(undefined, { rejectWith: 550, rejectTo: (address) => address === refused });
    cleanups.push(() => mail.close());
    const server = await serverWith({ SMTP_URL: mail.url });
    const lab = await makeLab(server.dataDir);
    refused = lab.email;
    const asked = await fetch(`${server.url}/api/v1/session/link`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: lab.email }),
    });
    expect(asked.status).toBe(202);
    let failed: { subject: string; text: string | null; html: string | null }[] = [];
    for (let i = 0; i < 50 && failed.length === 0; i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      failed = (await ops(server.dataDir, 'mail', 'list', '--status', 'failed')).json;
    }
    expect(failed).toHaveLength(1);
    expect(failed[0]).toMatchObject({
      subject: expect.stringMatching(/sign-in link/),
      text: null,
      html: null,
    });
    // The failed record is all the store has of it (what `ops mail list` prints whole).
    expect(JSON.stringify(failed)).not.toContain('token=');
  });

  test('killed with mail queued: sent after restart, once', async () => {
    const port = await freePort();
    const dataDir = await mkdtemp(join(tmpdir(), 'dss-mailkill-'));
    // The one test here whose subject is the process: it is killed (-9), so it is one.
    const first = await startServer({
      SOURCING_LEAD_EMAIL: LEAD,
      SITE_URL: 'http://dss.example',
      SMTP_URL: `smtp://127.0.0.1:${port}`,
      DATA_DIR: dataDir,
    });
    const lab = await makeLab(dataDir);
    expect(
      (
        await postRequest(first, lab.key, {
          data_types: ['call_audio'],
          description: 'Telecom support calls in Hindi and English.',
        })
      ).status,
    ).toBe(201);
    await first.stop('SIGKILL');
    const mail = await smtp(port);
    await serverWith({ SMTP_URL: mail.url, DATA_DIR: dataDir });
    await mail.waitFor(2, 45_000);
    await new Promise((resolve) => setTimeout(resolve, 2500)); // time for a duplicate to show up, if any
    const ids = mail.received.map((r) => r.mail.messageId);
    expect(ids).toHaveLength(2);
    expect(new Set(ids).size).toBe(2);
  }, 90_000);
});

test('without SMTP_URL each message is an .eml file in DATA_DIR/outbox', async () => {
  const server = await serverWith({});
  const lab = await makeLab(server.dataDir);
  expect(
    (
      await postRequest(server, lab.key, {
        data_types: ['mammogram'],
        description: 'Screening mammograms with follow-up outcomes.',
      })
    ).status,
  ).toBe(201);
  const outbox = join(server.dataDir, 'outbox');
  let files: string[] = [];
  for (let i = 0; i < 50 && files.length < 2; i++) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    files = (await readdir(outbox).catch(() => [])).filter((f) => f.endsWith('.eml'));
  }
  expect(files).toHaveLength(2);
  const parsed = await Promise.all(files.map(async (f) => simpleParser(await readFile(join(outbox, f)))));
  expect(parsed.map((m) => (m.to as { text: string }).text).sort()).toEqual([lab.email, LEAD].sort());
  expect(parsed.every((m) => m.text && m.html)).toBe(true);
  // `ops mail list` still shows what went out, without the bodies the store no longer keeps.
  let sent: { to: string; subject: string; status: string; text: unknown; html: unknown }[] = [];
  for (let i = 0; i < 50 && sent.length < 2; i++) {
    sent = (await ops(server.dataDir, 'mail', 'list', '--status', 'sent')).json;
    if (sent.length < 2) await new Promise((resolve) => setTimeout(resolve, 100));
  }
  expect(sent.map((m) => m.to).sort()).toEqual([lab.email, LEAD].sort());
  for (const mail of sent) {
    expect(mail.subject).toBeTruthy();
    expect(mail.status).toBe('sent');
    expect(mail.text).toBeNull();
    expect(mail.html).toBeNull();
  }
});

test('the outbox is readable by the service alone: its files hold live sign-in and sample links', async () => {
  const server = await serverWith({});
  const lab = await makeLab(server.dataDir);
  const asked = await fetch(`${server.url}/api/v1/session/link`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: lab.email }),
  });
  expect(asked.status).toBe(202);
  const outbox = join(server.dataDir, 'outbox');
  let files: string[] = [];
  for (let i = 0; i < 50 && files.length < 1; i++) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    files = (await readdir(outbox).catch(() => [])).filter((f) => f.endsWith('.eml'));
  }
  expect(files).toHaveLength(1);
  expect(await readFile(join(outbox, files[0]!), 'utf8')).toContain('callback?token');
  // As DATA_DIR/db and the link secret: no group or other permission bits.
  expect((await stat(outbox)).mode & 0o077).toBe(0);
  expect((await stat(join(outbox, files[0]!))).mode & 0o077).toBe(0);
});
