// Following a request and a sample from the dashboard, in Debian's Chromium with JavaScript off (issue 22's views,
// on issue 21's pages): a request asked from a listing with bands as labs write them, its matches and its history
// as the sourcing lead replies, withdrawn from its page; a sample whose link went out mailed again from the
// samples page, the fresh link read from a real SMTP server on loopback.
import { expect, test } from 'vitest';
import { signedInPage } from '../support/signed-in-page.ts';
import { mailsTo, mailTo, selfServeSuite, sessionCall } from '../support/self-serve.ts';
import { opsOk } from '../support/ops.ts';

const LISTING = 'us-auto-insurance-claims-calls';

const suite = selfServeSuite('Follow-up Lab');
const browser = signedInPage(suite, { javaScriptEnabled: false });

test("a request from a listing: natural bands, its matches, the lead's reply in its history, then withdrawn", async () => {
  const { page } = browser;
  await page.goto(`${suite.ctx.server.url}/dashboard/requests/new/?listing_id=${LISTING}`);
  await page.getByLabel('Volume').fill('five terabytes');
  await page.getByLabel('Timeline').fill('2 to 4 weeks');
  await page.getByRole('button', { name: 'Send the request' }).click();
  expect(await page.locator('#field-volume-error').textContent()).toMatch(/1-5 TB/); // an example of what is read
  expect(await page.getByLabel('Timeline').inputValue()).toBe('2 to 4 weeks');
  await page.getByLabel('Volume').fill('500 GB - 2 TB');
  await page.getByRole('button', { name: 'Send the request' }).click();
  const created = new URL(page.url()).searchParams.get('created')!;
  expect(created).toMatch(/^req_/);

  await page.goto(`${suite.ctx.server.url}/dashboard/requests/${created}/`);
  expect(await page.locator('dl.facts').textContent()).toContain('500 GB - 2 TB');
  // The listing it is about, by its title, on its page in the dashboard (where its NDA-only fields are).
  expect(await page.locator(`dl.facts a[href="/dashboard/listings/${LISTING}/"]`).count()).toBe(1);
  const fits = page.locator('h2:has-text("Listings that fit") + ol li');
  expect(await fits.count()).toBeGreaterThan(0);
  expect(await fits.first().textContent()).toMatch(/meets data type/);

  await opsOk(
    suite.ctx.operator,
    'requests',
    'reply',
    created,
    '--message',
    'We have 1.2 TB ready; a proposal follows.',
  );
  await page.goto(`${suite.ctx.server.url}/dashboard/requests/${created}/`);
  const history = await page.locator('ol.history').textContent();
  expect(history).toContain('In review');
  expect(history).toContain('We have 1.2 TB ready; a proposal follows.');

  await page.getByRole('button', { name: 'Withdraw this request' }).click();
  await page.getByRole('heading', { name: 'Withdraw this request?' }).waitFor(); // asked first
  await page.getByLabel('Why you withdraw it').fill('Our budget moved to next year.');
  await page.getByRole('button', { name: 'Withdraw the request' }).click();
  await page.getByText('The request is withdrawn').waitFor();
  expect(await page.locator('dl.facts dd.status').textContent()).toBe('Closed: withdrawn');
  expect(await page.locator('ol.history').textContent()).toContain('Our budget moved to next year.');
  expect(await page.getByRole('button', { name: 'Withdraw this request' }).count()).toBe(0);
  const told = await mailTo(suite.ctx.smtp, 'sourcing@localhost', /withdrawn/i);
  expect(told.mail.text).toContain('Our budget moved to next year.');
});

test('a sample whose link went out is mailed a fresh link from the samples page', async () => {
  const { page } = browser;
  const nda = (await sessionCall(suite.ctx, suite.lab.cookie, '/api/v1/nda')).body.data;
  const signer = { signer_name: 'Fay Follow', signer_title: 'Data lead', authorised: true };
  const accepted = await sessionCall(suite.ctx, suite.lab.cookie, '/api/v1/nda/acceptances', {
    method: 'POST',
    body: { version: nda.version, sha256: nda.sha256, ...signer },
  });
  expect(accepted.status, accepted.text).toBe(201);
  await opsOk(suite.ctx.operator, 'nda', 'verify', '--org', suite.lab.orgId);
  const asked = await sessionCall(suite.ctx, suite.lab.cookie, `/api/v1/samples/${LISTING}`, {
    method: 'POST',
  });
  expect(asked.status, asked.text).toBe(202);
  await mailTo(suite.ctx.smtp, suite.lab.email, /sample .* is ready/i);
  const links = () =>
    mailsTo(suite.ctx.smtp, suite.lab.email).filter((m) => /sample .* is ready/i.test(m.mail.subject ?? ''));
  expect(links()).toHaveLength(1);

  await page.goto(`${suite.ctx.server.url}/dashboard/samples/`);
  await page.getByRole('button', { name: /Mail me a fresh link/ }).click();
  await page.getByText('A fresh link is on its way').waitFor();
  await expect.poll(() => links().length, { timeout: 10_000 }).toBe(2);
  const fresh = /(http\S+\/api\/v1\/samples\/\S+)/.exec(links()[1]!.mail.text!)![1]!;
  const download = await page.context().request.get(fresh);
  expect(download.status()).toBe(200);
});
