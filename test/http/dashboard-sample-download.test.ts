// Issue 42: a lab downloads its approved sample straight from the dashboard (no re-mail), and every download, by the
// dashboard or by the mailed link, is audited with the person (the account) and the client's address, shown on the
// dashboard's audit page and to the operator (`ops audit list`). Another organisation's sample is not found; one
// not approved yet is refused saying why.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, test } from 'vitest';
import { loadCatalog } from '../../api/domain/listings/catalog.ts';
import { opsOk } from '../support/ops.ts';
import {
  mailTo,
  selfServeLab,
  selfServeSuite,
  sessionCall,
  type SelfServeLab,
  type Json,
} from '../support/self-serve.ts';

const LISTING = 'us-auto-insurance-claims-calls';
const suite = selfServeSuite('Download Lab');
let sampleId: string;
let mailedLink: string;

async function acceptNda(lab: SelfServeLab) {
  const { version, sha256 } = (await sessionCall(suite.ctx, lab.cookie, '/api/v1/nda')).body.data;
  const accepted = await sessionCall(suite.ctx, lab.cookie, '/api/v1/nda/acceptances', {
    method: 'POST',
    body: { version, sha256, signer_name: 'Ada Admin', signer_title: 'CTO', authorised: true },
  });
  expect(accepted.status, accepted.text).toBe(201);
}

async function askForSample(lab: SelfServeLab): Promise<string> {
  const asked = await sessionCall(suite.ctx, lab.cookie, `/api/v1/samples/${LISTING}`, { method: 'POST' });
  expect(asked.status, asked.text).toBe(202);
  return asked.body.id as string;
}

const page = (path: string, cookie: string) =>
  fetch(suite.ctx.server.url + path, { headers: { Cookie: cookie }, redirect: 'manual' });

beforeAll(async () => {
  await acceptNda(suite.lab);
  await opsOk(suite.ctx.operator, 'nda', 'verify', '--org', suite.lab.orgId);
  sampleId = await askForSample(suite.lab);
  const mail = await mailTo(suite.ctx.smtp, suite.lab.email, /sample .* is ready/i);
  mailedLink = /(http\S+\/api\/v1\/samples\/\S+)/.exec(mail.mail.text!)![1]!;
});

describe('a sample downloaded from the dashboard', () => {
  test('the samples page links the download; it is the sample file itself, as an attachment', async () => {
    const list = await (await page('/dashboard/samples/', suite.lab.cookie)).text();
    const href = `/dashboard/samples/${sampleId}/download/`;
    expect(list).toContain(`href="${href}"`);
    const download = await page(href, suite.lab.cookie);
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toBe('application/zip');
    expect(download.headers.get('content-disposition')).toBe(`attachment; filename="${LISTING}-sample.zip"`);
    const catalog = await loadCatalog('content/listings');
    const file = readFileSync(join('content/samples', catalog.find(LISTING)!.nda.sample_file!));
    expect(Buffer.compare(Buffer.from(await download.arrayBuffer()), file)).toBe(0);
  });

  test('the download and the mailed link are each audited with the account and the address, on the dashboard and for the operator', async () => {
    const { ctx, lab } = suite;
    expect((await page(`/dashboard/samples/${sampleId}/download/`, lab.cookie)).status).toBe(200);
    const byLink = await fetch(mailedLink);
    expect(byLink.status).toBe(200);
    await byLink.arrayBuffer();

    const entries = (await opsOk(ctx.operator, 'audit', 'list', '--org', lab.orgId)) as Json[];
    const downloads = entries.filter((e) => e.kind === 'sample_download');
    expect(downloads[0]).toMatchObject({
      account_id: lab.accountId,
      by: lab.email,
      ip: '127.0.0.1',
      detail: `${sampleId} (mailed link)`,
    });
    expect(downloads[1]).toMatchObject({
      account_id: lab.accountId,
      by: lab.email,
      ip: '127.0.0.1',
      detail: `${sampleId} (dashboard)`,
    });

    const audit = await (await page('/dashboard/audit/', lab.cookie)).text();
    const row = /<tr><td data-label="When \(UTC\)">[^<]+<\/td><td data-label="What">Sample download<\/td>.*?<\/tr>/.exec(audit)?.[0];
    expect(row, 'a sample download row').toBeDefined();
    expect(row).toContain(`<td data-label="By">${lab.email}</td>`);
    expect(row).toContain('<td data-label="Address">127.0.0.1</td>');
    expect(audit).not.toContain('data-label="Key"'); // "Dashboard" named no one
  });

  test("another organisation's sample is not found; one not approved yet is refused saying why; no session, sign in", async () => {
    const { ctx, lab } = suite;
    const other = await selfServeLab(ctx, 'Other Download Lab');
    const refused = await page(`/dashboard/samples/${sampleId}/download/`, other.cookie);
    expect(refused.status).toBe(404);
    expect(await refused.text()).toContain(`No sample request ${sampleId} in your organisation`);

    await acceptNda(other); // accepted, not verified: the sample waits
    const pending = await askForSample(other);
    const waiting = await page(`/dashboard/samples/${pending}/download/`, other.cookie);
    expect(waiting.status).toBe(409);
    expect(await waiting.text()).toContain('not approved yet');
    expect(await (await page('/dashboard/samples/', other.cookie)).text()).not.toContain('/download/');

    const anonymous = await page(`/dashboard/samples/${sampleId}/download/`, '');
    expect(anonymous.status).toBe(303);
    // Nothing of these refusals reached the audit log.
    const entries = (await opsOk(ctx.operator, 'audit', 'list', '--org', other.orgId)) as Json[];
    expect(entries.filter((e) => e.kind === 'sample_download')).toEqual([]);
    expect(lab.orgId).not.toBe(other.orgId);
  });
});
