// The dashboard's recall page in Debian's Chromium with JavaScript off (issue 43): the overview says a recall waits,
// the page shows its items with their SHA-256, an empty form is refused beside its fields with what was typed kept,
// and the attestation is recorded; then axe (light and dark) and screenshots at desktop and phone width.
import { readFileSync } from 'node:fs';
import { unzipSync } from 'fflate';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { looksOf, openBrowser, photograph, signIn } from '../support/browser.ts';
import { opsOk } from '../support/ops.ts';
import {
  selfServeLab,
  sessionCall,
  startSelfServe,
  type SelfServe,
  type SelfServeLab,
} from '../support/self-serve.ts';
import { until } from '../support/until.ts';

const LISTING = 'us-auto-insurance-claims-calls';
const zip = unzipSync(new Uint8Array(readFileSync(`content/samples/audio/${LISTING}.zip`)));
const ITEM = Object.keys(zip)
  .find((path) => path.startsWith('calls/'))!
  .replace(/^calls\/|\.wav$/g, '');
let ctx: SelfServe;
let lab: SelfServeLab;
let browser: Awaited<ReturnType<typeof openBrowser>>;
let page: Page;
let first: { id: string; items: { id: string; files: { path: string; sha256: string }[] }[] };

beforeAll(async () => {
  ctx = await startSelfServe({}, { asProcess: true });
  lab = await selfServeLab(ctx, 'Browser Recall Lab');
  await opsOk(ctx.operator, 'nda', 'accept', '--org', lab.orgId, '--verified');
  const asked = await sessionCall(ctx, lab.cookie, `/api/v1/samples/${LISTING}`, { method: 'POST' });
  await until(
    async () =>
      (await sessionCall(ctx, lab.cookie, `/api/v1/sample-requests/${asked.body.id}`)).body.data.status,
    (status) => status === 'link_sent',
  );
  const recall = (items: string, reason: string) =>
    opsOk(ctx.operator, 'listings', 'recall', LISTING, '--items', items, '--reason', reason);
  first = await recall('claim-call-that-is-not-in-the-sample', 'The claimant withdrew consent.');
  browser = await openBrowser({ javaScriptEnabled: false });
  await signIn(browser.context, lab.cookie, ctx.siteUrl);
  page = await browser.context.newPage();
  page.setDefaultTimeout(8000);
}, 60_000);
afterAll(async () => {
  await browser?.close();
  await ctx?.stop();
});

test('the overview says a recall waits; the recall page refuses an empty form beside its fields, then records it', async () => {
  await page.goto(`${ctx.server.url}/dashboard/`);
  await page.getByRole('link', { name: /delete the items of 1 recall and acknowledge/ }).click();
  expect(new URL(page.url()).pathname).toBe('/dashboard/recalls/');
  expect(await page.getByRole('link', { name: 'Recalls', exact: true }).getAttribute('aria-current')).toBe(
    'page',
  );
  await page.getByText('The claimant withdrew consent.').waitFor();
  expect(await page.getByText('Not in the sample').count()).toBe(1);

  // A second recall names a call in the sample: its files and hashes show.
  const sampled = await opsOk(
    ctx.operator,
    'listings',
    'recall',
    LISTING,
    '--items',
    ITEM,
    '--reason',
    'Consent withdrawn by the caller.',
  );
  expect(sampled.items[0].files.length).toBeGreaterThanOrEqual(2);
  await page.reload();
  expect(await page.locator('section.recall').count()).toBe(2);
  // Two recalls of one listing: a screen reader's list of regions tells them apart (axe: landmark-unique).
  const names = await page.getByRole('region').evaluateAll((regions) =>
    regions.map((region) =>
      region
        .getAttribute('aria-labelledby')!
        .split(' ')
        .map((id) => document.getElementById(id)!.textContent!.trim())
        .join(' '),
    ),
  );
  expect(new Set(names).size).toBe(names.length);
  for (const file of sampled.items[0].files) expect(await page.getByText(file.sha256).count()).toBe(1);

  const form = page.locator('section.recall', { hasText: 'The claimant withdrew consent.' });
  await form.getByRole('button', { name: 'Acknowledge the deletion' }).click();
  expect(await page.locator(`#statement-${first.id}-error`).textContent()).toMatch(/say what was deleted/);
  expect(await page.locator(`#deleted-${first.id}-error`).textContent()).toMatch(
    /tick the box once the items are deleted/,
  );
  // The refusal as a person sees it, at both widths (the page as answered, JavaScript off).
  expect(await photograph(page, 'self-serve-dashboard-recalls-errors')).toEqual({ desktop: 0, phone: 0 });
  await page.setViewportSize({ width: 1280, height: 800 });
  const again = page.locator('section.recall', { hasText: 'The claimant withdrew consent.' });
  await again
    .getByLabel('What you deleted, and where')
    .fill('Removed from our claims corpus and its backups.');
  await again.getByRole('button', { name: 'Acknowledge the deletion' }).click();
  // Still refused (the box is not ticked), and what was typed is kept.
  expect(await again.getByLabel('What you deleted, and where').inputValue()).toBe(
    'Removed from our claims corpus and its backups.',
  );
  await again.getByLabel('We have deleted these items from every copy we hold').check();
  await again.getByRole('button', { name: 'Acknowledge the deletion' }).click();
  await page.getByText('Your deletion is recorded').waitFor();
  expect(new URL(page.url()).search).toBe('?done=acknowledged');
  const done = page.locator('section.recall', { hasText: 'The claimant withdrew consent.' });
  expect(
    await done.getByText(/Deletion attested on .* by admin.*Removed from our claims corpus/).count(),
  ).toBe(1);
  expect(await done.getByRole('button').count()).toBe(0);
  const [row] = (await opsOk(ctx.operator, 'recalls', 'list', '--listing', LISTING)).filter(
    (r: { id: string }) => r.id === first.id,
  );
  expect(row.acknowledged.map((a: { name: string }) => a.name)).toEqual(['Browser Recall Lab']);
  await checkLooks();
}, 90_000);

async function checkLooks() {
  const { violations, overflow } = await looksOf(
    browser.context,
    `${ctx.server.url}/dashboard/recalls/`,
    'self-serve-dashboard-recalls',
  );
  expect(violations).toEqual([]);
  expect(overflow, 'the page must not scroll sideways').toEqual({ desktop: 0, phone: 0 });
}
