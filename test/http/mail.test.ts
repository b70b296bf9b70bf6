// The spec's out-of-band effects, by real SMTP on loopback: the lead and the lab are mailed, and sample links go out
// when they are due. When the mail server fails, and without one: mail-failures.test.ts.
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { makeLab } from '../support/lab.ts';
import { ops } from '../support/ops.ts';
import { until } from '../support/until.ts';
import {
  LEAD,
  linkIn,
  postRequest,
  serverWith,
  smtp,
  stopAfterEach,
  to,
} from '../support/mail-server-tests.ts';

stopAfterEach();

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
    // The mail server has the mail a moment before the sender records it sent.
    const sent = await until(
      async () => (await ops(server.dataDir, 'mail', 'list', '--status', 'sent')).json as unknown[],
      (list) => list.length >= 2,
    );
    expect(sent).toHaveLength(2);
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
