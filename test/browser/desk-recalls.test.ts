// The desk's recall page in Debian's Chromium (issue 43): a staff member fills the form as a person does (a mistyped
// listing first, refused on its field), then recalls; one lab attests the deletion, the other does not. The page,
// refusal and list, passes axe (light and dark) and does not scroll sideways at 1366×900 or 390×844; screenshots in
// screenshots/desk-recalls-*.png.
import { afterAll, beforeAll, expect, test } from 'vitest';
import { axeViolations, keepPhoto, openBrowser, photograph, signIn } from '../support/browser.ts';
import { addStaff, deskSignin } from '../support/desk.ts';
import { opsOk } from '../support/ops.ts';
import {
  selfServeLab,
  sessionCall,
  startSelfServe,
  type SelfServe,
  type SelfServeLab,
} from '../support/self-serve.ts';

const LISTING = 'us-auto-insurance-claims-calls';
let ctx: SelfServe;
let labs: SelfServeLab[] = [];
let browser: Awaited<ReturnType<typeof openBrowser>>;

beforeAll(async () => {
  ctx = await startSelfServe();
  labs = [await selfServeLab(ctx, 'Prompt Deleting Lab'), await selfServeLab(ctx, 'Slow Answering Lab')];
  for (const lab of labs) {
    const made = await sessionCall(ctx, lab.cookie, '/api/v1/requests', {
      method: 'POST',
      body: {
        data_types: ['call_audio'],
        description: 'Claims calls for our speech recognition.',
        listing_id: LISTING,
      },
    });
    expect(made.status, made.text).toBe(201);
    await opsOk(ctx.operator, 'requests', 'move', made.body.data.id, 'closed', '--outcome', 'licensed');
  }
  const staff = await addStaff(ctx, 'lead', 'Rita Recall');
  browser = await openBrowser({ viewport: { width: 1366, height: 900 } });
  await signIn(browser.context, await deskSignin(ctx, staff.email), ctx.siteUrl);
}, 60_000);
afterAll(async () => {
  await browser?.close();
  await ctx?.stop();
});

const noAxeViolations = async (page: import('playwright-core').Page, what: string) => {
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    expect((await axeViolations(page)).map((line) => `${what} ${scheme} ${line}`)).toEqual([]);
  }
  await page.emulateMedia({ colorScheme: 'light' });
};

test('the recall form, its refusal, and who acknowledged', { timeout: 120_000 }, async () => {
  const page = await browser.context.newPage();
  await page.goto(`${ctx.server.url}/desk/`);
  await page.getByRole('navigation', { name: 'Desk' }).getByRole('link', { name: 'Recalls' }).click();
  await page.getByRole('heading', { name: 'Recalls', level: 1 }).waitFor();
  expect(await page.getByText('No recall yet.').isVisible()).toBe(true);

  await page.getByLabel('Listing').fill('us-auto-insurance-claim-calls');
  await page.getByLabel('Items').fill('C-first, C-second\nC-third');
  await page.getByLabel('Reason').fill('The caller withdrew consent on 2026-11-27.');
  await page.getByRole('button', { name: 'Recall the items' }).click();
  await expect
    .poll(() => page.locator('.field-error').first().textContent())
    .toContain(`the closest is "${LISTING}"`);
  await noAxeViolations(page, 'refusal');
  await keepPhoto(page, 'desk-recalls-refused-desktop');

  await page.getByLabel('Listing').fill(LISTING);
  await page.getByRole('button', { name: 'Recall the items' }).click();
  await page.getByRole('status').waitFor();
  const recall = (await page.locator('section.recall').getAttribute('id'))!;
  const acked = await sessionCall(ctx, labs[0]!.cookie, `/api/v1/recalls/${recall}/acknowledgements`, {
    method: 'POST',
    body: { deleted: true, statement: 'Deleted from our training store and its backups on 2026-11-28.' },
  });
  expect(acked.status, acked.text).toBe(201);

  const url = `${ctx.server.url}/desk/recalls/`;
  await page.goto(url);
  const rows = page.locator(`#${recall} tbody tr`);
  await expect.poll(() => rows.count()).toBe(2);
  expect(await page.locator(`#${recall} tr`, { hasText: 'Slow Answering Lab' }).textContent()).toContain(
    'Not yet',
  );
  expect(await page.locator(`#${recall} tr`, { hasText: 'Prompt Deleting Lab' }).textContent()).toContain(
    'Deleted from our training store',
  );
  await noAxeViolations(page, 'list');
  expect(await photograph(page, 'desk-recalls', () => page.goto(url))).toEqual({ desktop: 0, phone: 0 });
});
