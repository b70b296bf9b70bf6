// Issue 42: in Debian's Chromium with JavaScript off, the samples page's Download button saves the sample's zip
// (no mailed link needed), and the audit page then names who downloaded it and from where.
import { readFile } from 'node:fs/promises';
import { expect, test } from 'vitest';
import { signedInPage } from '../support/signed-in-page.ts';
import { opsOk } from '../support/ops.ts';
import { mailTo, selfServeSuite, sessionCall } from '../support/self-serve.ts';

const LISTING = 'us-auto-insurance-claims-calls';
const suite = selfServeSuite('Browser Download Lab');
const browser = signedInPage(suite, { javaScriptEnabled: false });

test('the Download button on the samples page saves the zip, and the audit page says who and from where', async () => {
  const { ctx, lab } = suite;
  const { page } = browser;
  const { version, sha256 } = (await sessionCall(ctx, lab.cookie, '/api/v1/nda')).body.data;
  const signer = { signer_name: 'Ada Admin', signer_title: 'CTO', authorised: true };
  const accepted = await sessionCall(ctx, lab.cookie, '/api/v1/nda/acceptances', {
    method: 'POST',
    body: { version, sha256, ...signer },
  });
  expect(accepted.status, accepted.text).toBe(201);
  await opsOk(ctx.operator, 'nda', 'verify', '--org', lab.orgId);
  const asked = await sessionCall(ctx, lab.cookie, `/api/v1/samples/${LISTING}`, { method: 'POST' });
  expect(asked.status, asked.text).toBe(202);
  await mailTo(ctx.smtp, lab.email, /sample .* is ready/i); // sent: the link is live

  await page.goto(`${ctx.server.url}/dashboard/samples/`);
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: /^Download the sample of / }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`${LISTING}-sample.zip`);
  const saved = await readFile((await download.path())!);
  expect(saved.subarray(0, 4).toString('latin1')).toBe('PK\u0003\u0004'); // a zip's local file header
  expect(saved.length).toBeGreaterThan(10_000);

  await page.goto(`${ctx.server.url}/dashboard/audit/`);
  const row = page.locator('tr', { hasText: 'Sample download' }).first();
  expect(await row.locator('td[data-label="By"]').textContent()).toBe(lab.email);
  expect(await row.locator('td[data-label="Address"]').textContent()).toBe('127.0.0.1');
});
