// The spec's out-of-band effects, by real SMTP on loopback: the lead and the lab are mailed, sample links go
// out when they are due, and nothing is lost or sent twice when the mail server is down or the process dies.
import { mkdtemp, readdir, readFile, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { simpleParser } from 'mailparser';
import { afterEach, describe, expect, test } from 'vitest';
import { requireBuild } from '../support/dist.ts';
import { makeLab } from '../support/lab.ts';
import { ops } from '../support/ops.ts';
import { startApp, type InProcessServer } from '../support/app.ts';
import { startServer } from '../support/server.ts';
import { freePort } from '../support/ports.ts';
import { startSmtp, type Received } from '../support/smtp.ts';

const LEAD = 'lead@sourcing.example';
const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function serverWith(env: Record<string, string>) {
  requireBuild();
  const server = await startApp({ SOURCING_LEAD_EMAIL: LEAD, SITE_URL: 'http://dss.example', ...env });
  cleanups.push(() => server.stop());
  return server;
}

async function smtp(port?: number) {
  const mail = await startSmtp(port);
  cleanups.push(() => mail.close());
  return mail;
}

function postRequest(server: { url: string }, key: string, body: object) {
  return fetch(`${server.url}/api/v1/requests`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
}

const to = (received: Received[], address: string) => received.filter((r) => r.envelopeTo.includes(address));
const linkIn = (message: Received, server: InProcessServer) =>
  /http:\/\/dss\.example(\/api\/v1\/samples\/\S+)/.exec(message.mail.text!)![1]!.replace(/^/, server.url);

describe('with a mail server', () => {
  test('a data request mails the lead and acknowledges the lab: both parts, user text escaped, no header injection', async () => {
    const mail = await smtp();
    const server = await serverWith({ SMTP_URL: mail.url });
    const lab = await makeLab(server.dataDir, 'Evil Lab\r\nBcc: victim@evil.example');
    const response = await postRequest(server, lab.key, {
      data_types: ['call_audio'],
      languages: ['es'],
      description: 'Spanish <script>alert(1)</script> insurance calls\r\nBcc: victim@evil.example',
    });
    expect(response.status).toBe(201);
    const { id } = (await response.json()).data;
    const received = await mail.waitFor(2);
    const [lead] = to(received, LEAD);
    const [ack] = to(received, lab.email);
    expect(lead!.mail.subject).toContain('New data request from Evil Lab');
    // Written as the dashboard writes them, not as the API's codes.
    expect(lead!.mail.subject).toMatch(/: Call audio$/);
    expect(lead!.mail.text).toContain('Data types: Call audio');
    expect(lead!.mail.text).toMatch(/matches: data type/);
    expect(lead!.mail.text).not.toContain('call_audio');
    expect(ack!.mail.text).toContain('Data types: Call audio');
    expect(lead!.mail.text).toContain(id);
    expect(lead!.mail.text).toMatch(/Reply due by: \d{4}-\d\d-\d\d \d\d:\d\d UTC/); // as the dashboard writes times
    expect(lead!.mail.text).toContain(lab.email);
    expect(lead!.mail.html).toContain('&lt;script&gt;');
    expect(lead!.mail.html).not.toContain('<script>');
    expect(ack!.mail.subject).toBe(`We received your data request ${id}`);
    expect(ack!.mail.text).toContain('within one business day');
    expect(ack!.mail.html).toContain(id);
    for (const { mail: message, envelopeTo } of received) {
      expect(message.headers.has('bcc')).toBe(false);
      expect(envelopeTo).not.toContain('victim@evil.example');
      expect(message.text).toBeTruthy();
      expect(message.html).toBeTruthy();
    }
    expect((await ops(server.dataDir, 'mail', 'list', '--status', 'sent')).json).toHaveLength(2);
  });

  test('a CLI run without the server’s SMTP_URL leaves the mail to the server: the lab gets the reply by SMTP', async () => {
    const mail = await smtp();
    const server = await serverWith({ SMTP_URL: mail.url });
    const lab = await makeLab(server.dataDir);
    const response = await postRequest(server, lab.key, {
      data_types: ['call_audio'],
      languages: ['es'],
      description: 'Spanish insurance calls',
    });
    expect(response.status).toBe(201);
    const { id } = (await response.json()).data;
    await mail.waitFor(2);
    // The operator's shell has DATA_DIR alone: its own mail would go to the outbox, marked sent.
    const replied = await ops(server.dataDir, 'requests', 'reply', id, '--message', 'Two listings fit.');
    expect(replied.code).toBe(0);
    expect(replied.stderr).toContain(
      `delivery: left queued for the server (mail: SMTP 127.0.0.1:${mail.port}`,
    );
    const [, reply] = to(await mail.waitFor(3), lab.email);
    expect(reply!.mail.text).toContain('Two listings fit.');
    expect(await readdir(join(server.dataDir, 'outbox')).catch(() => [])).toEqual([]);
  });

  test('the whole sample journey: request, lead told, link mailed, bytes downloaded, download audited', async () => {
    const mail = await smtp();
    const server = await serverWith({ SMTP_URL: mail.url });
    const lab = await makeLab(server.dataDir);
    await ops(server.dataDir, 'nda', 'accept', '--org', lab.orgId, '--verified');
    const listing = 'de-chest-ct-lung-nodules';
    const asked = await fetch(`${server.url}/api/v1/samples/${listing}`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${lab.key}` },
    });
    expect(asked.status).toBe(202);
    const received = await mail.waitFor(2);
    expect(to(received, LEAD)[0]!.mail.subject).toContain('Sample requested by Test Lab');
    const linkMail = to(received, lab.email)[0]!;
    expect(linkMail.mail.subject).toContain('is ready');
    const download = await fetch(linkIn(linkMail, server));
    expect(download.status).toBe(200);
    // The sample is a zip of studies as a delivery is made (issue 42), named for the listing.
    expect(download.headers.get('content-type')).toBe('application/zip');
    expect(download.headers.get('content-disposition')).toBe(`attachment; filename="${listing}-sample.zip"`);
    expect(Buffer.from(await download.arrayBuffer())).toEqual(
      await readFile(`content/samples/imaging/${listing}.zip`),
    );
    const audit = (await ops(server.dataDir, 'audit', 'list', '--org', lab.orgId)).json;
    expect(audit.map((entry: { kind: string }) => entry.kind)).toContain('sample_download');
    expect((await ops(server.dataDir, 'samples', 'list', '--status', 'sent')).json).toHaveLength(1);
    // The same link once the organisation's NDA is withdrawn: refused.
    expect((await ops(server.dataDir, 'nda', 'revoke', '--org', lab.orgId)).code).toBe(0);
    const afterRevoke = await fetch(linkIn(linkMail, server));
    expect(afterRevoke.status).toBe(403);
    expect((await afterRevoke.json()).error.code).toBe('forbidden');
  });

  test('an old link dies with the NDA acceptance it was issued under: revoke, then an unverified accept, still 403', async () => {
    const mail = await smtp();
    const server = await serverWith({ SMTP_URL: mail.url });
    const lab = await makeLab(server.dataDir);
    await ops(server.dataDir, 'nda', 'accept', '--org', lab.orgId, '--verified');
    const asked = await fetch(`${server.url}/api/v1/samples/de-chest-ct-lung-nodules`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${lab.key}` },
    });
    expect(asked.status).toBe(202);
    const link = linkIn(to(await mail.waitFor(2), lab.email)[0]!, server);
    expect((await fetch(link)).status).toBe(200);
    expect((await ops(server.dataDir, 'nda', 'revoke', '--org', lab.orgId)).code).toBe(0);
    expect((await ops(server.dataDir, 'nda', 'accept', '--org', lab.orgId)).code).toBe(0); // not verified
    const again = await fetch(link);
    expect(again.status).toBe(403);
    expect((await again.json()).error.code).toBe('forbidden');
    // Verified again: still a new acceptance, and the old link stays dead.
    expect((await ops(server.dataDir, 'nda', 'verify', '--org', lab.orgId)).code).toBe(0);
    expect((await fetch(link)).status).toBe(403);
  });

  test('links wait for verification: `ops nda verify` makes the link due and it is sent', async () => {
    const mail = await smtp();
    const server = await serverWith({ SMTP_URL: mail.url });
    const org = (await ops(server.dataDir, 'org', 'create', '--name', 'Slow Lab')).json;
    const unverified = (
      await ops(server.dataDir, 'account', 'add', '--org', org.id, '--email', 'slow@lab.example')
    ).json;
    const verified = (
      await ops(server.dataDir, 'account', 'add', '--org', org.id, '--email', 'ops@lab.example', '--verified')
    ).json;
    const key = (await ops(server.dataDir, 'key', 'issue', '--account', verified.id)).json.key;
    await ops(server.dataDir, 'nda', 'accept', '--org', org.id); // accepted, not verified yet
    const asked = await fetch(`${server.url}/api/v1/samples/au-abdominal-ultrasound-liver`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${key}` },
    });
    expect(asked.status).toBe(202);
    await mail.waitFor(1); // the lead only: the NDA is not verified
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(to(mail.received, 'ops@lab.example')).toHaveLength(0);
    // The CLI sends it at once, or the server's next worker pass does: either way, once.
    expect(
      (await ops({ DATA_DIR: server.dataDir, SMTP_URL: mail.url }, 'nda', 'verify', '--org', org.id)).code,
    ).toBe(0);
    await mail.waitFor(2);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(to(mail.received, 'ops@lab.example')).toHaveLength(1);
    expect(to(mail.received, 'ops@lab.example')[0]!.mail.subject).toContain('is ready');
    expect(unverified.verified_at).toBeNull();
  });

  test('`ops samples reject` tells the lab why; a listing without a sample file is 409 sample_unavailable, nothing stored, no mail', async () => {
    const mail = await smtp();
    const server = await serverWith({ SMTP_URL: mail.url });
    const lab = await makeLab(server.dataDir);
    await ops(server.dataDir, 'nda', 'accept', '--org', lab.orgId); // accepted, not verified: links wait
    const ask = (listing: string) =>
      fetch(`${server.url}/api/v1/samples/${listing}`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${lab.key}` },
      });
    const unavailable = await ask('mx-banking-support-calls'); // listed: no sample file yet
    expect(unavailable.status).toBe(409);
    expect((await unavailable.json()).error.code).toBe('sample_unavailable');
    expect((await ops(server.dataDir, 'samples', 'list')).json).toHaveLength(0);
    expect((await ask('us-auto-insurance-claims-calls')).status).toBe(202);
    await mail.waitFor(1); // the lead's notice of the one stored
    expect(mail.received.map((r) => r.mail.subject)).toEqual([expect.stringContaining('Sample requested')]);
    const pending = (await ops(server.dataDir, 'samples', 'list', '--status', 'pending_verification')).json;
    expect(pending).toHaveLength(1);
    // The operator's CLI has the server's mail settings, as `npm run ops` in the same environment would.
    const operator = { DATA_DIR: server.dataDir, SMTP_URL: mail.url };
    const rejected = await ops(operator, 'samples', 'reject', pending[0].id, '--reason', 'Not yet prepared');
    expect(rejected.code).toBe(0);
    await mail.waitFor(2);
    const why = to(mail.received, lab.email).find((r) => r.mail.text!.includes('Not yet prepared'));
    expect(why).toBeDefined();
    const view = await fetch(`${server.url}/api/v1/sample-requests/${pending[0].id}`, {
      headers: { Authorization: `Bearer ${lab.key}` },
    });
    expect((await view.json()).data).toMatchObject({ status: 'rejected', reason: 'Not yet prepared' });
  });
});

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
