// The self-serve journey in Debian's Chromium with JavaScript off (issue 21): the /access/ form → `ops access
// approve` → the sign-in mail read from a real SMTP server on loopback → /dashboard/ → the NDA accepted → a key
// created (shown once) → `ops nda verify` → a sample asked for → its link mailed → the download; a member invited;
// the key rotated with grace and the old one revoked; signed out everywhere. Then every self-serve page passes axe
// (light and dark) and is photographed at desktop (1366×900) and phone (390×844) width without sideways scroll, and
// the keys and request pages are checked at phone width.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { axeViolations, openBrowser, photograph } from '../support/browser.ts';
import { mailTo, signinLinkIn, startSelfServe, type SelfServe } from '../support/self-serve.ts';
import {
  DASHBOARD,
  keyStatesOn,
  LISTING,
  PUBLIC,
  signInThroughPages,
  statusWithKey,
} from '../support/self-serve-journey.ts';
import { opsOk } from '../support/ops.ts';

let ctx: SelfServe;
let browser: Awaited<ReturnType<typeof openBrowser>>;
let page: Page;
const email = `journey.${Date.now()}@lab.example`;
let orgId = '';

beforeAll(async () => {
  ctx = await startSelfServe({}, { asProcess: true });
  browser = await openBrowser({ javaScriptEnabled: false });
  page = await browser.context.newPage();
});
afterAll(async () => {
  await browser?.close();
  await ctx?.stop();
});

const keyStates = () => keyStatesOn(page);
const apiWith = (key: string) => statusWithKey(ctx, key);

describe('the journey, JavaScript off', () => {
  test('the access form: errors beside the fields with what was typed kept, then received', async () => {
    await page.goto(`${ctx.server.url}/access/`);
    await page.getByLabel('Organisation').fill('Browser Lab');
    await page.getByLabel('Your name').fill('Bea Browser');
    await page.getByLabel('Work email').fill('not an address');
    await page.getByLabel('What you intend to use the data for').fill('Too short');
    await page.getByRole('button', { name: 'Request access' }).click();
    await expect.poll(() => page.locator('#field-email-error').textContent()).toMatch(/plain address/);
    expect(await page.locator('#field-intended_use-error').textContent()).toMatch(/20/);
    expect(await page.getByLabel('Organisation').inputValue()).toBe('Browser Lab');
    expect(await page.getByLabel('Work email').getAttribute('aria-invalid')).toBe('true');
    await page.getByLabel('Work email').fill(email);
    await page
      .getByLabel('What you intend to use the data for')
      .fill('Evaluating ASR on insurance claims calls.');
    await page.getByLabel('Conversational audio').check();
    await page.getByRole('button', { name: 'Request access' }).click();
    await page.getByRole('heading', { name: /your request is in/ }).waitFor();
    await mailTo(ctx.smtp, email, /received your access request/i);
  });

  test('the operator approves; the sign-in mail signs in; the cookie is HttpOnly and SameSite=Lax', async () => {
    const request = (await opsOk(ctx.operator, 'access', 'list', '--status', 'pending')).find(
      (r: any) => r.email === email,
    );
    const approved = await opsOk(ctx.operator, 'access', 'approve', request.id);
    orgId = approved.org_id;
    const link = signinLinkIn(await mailTo(ctx.smtp, email, /access .* is ready/i));
    await page.goto(link);
    await page.getByRole('button', { name: /^Sign in as / }).click(); // the link's confirm step (contract §14)
    await page.waitForURL((url) => url.pathname === '/dashboard/');
    await page.getByRole('heading', { name: 'Overview' }).waitFor();
    const cookie = (await browser.context.cookies()).find((c) => c.name === 'dss_session')!;
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', secure: false, path: '/' });
    expect(await page.textContent('main')).toMatch(/accept the NDA/);
  });

  test('the NDA is read and accepted as an authorised signer', async () => {
    await page.getByRole('link', { name: 'NDA' }).first().click();
    await page.getByRole('link', { name: 'Read the NDA' }).click();
    await page.getByRole('heading', { name: /Mutual Non-Disclosure Agreement/ }).waitFor();
    await page.goBack();
    await page.getByLabel('Your full name').fill('Bea Browser');
    await page.getByRole('button', { name: 'Accept the NDA' }).click();
    await expect.poll(() => page.locator('#field-signer_title-error').count()).toBe(1);
    expect(await page.locator('#authorised-error').textContent()).toMatch(/authorised/);
    expect(await page.getByLabel('Your full name').inputValue()).toBe('Bea Browser');
    await page.getByLabel('Your title').fill('Head of Data');
    await page.getByLabel(/I am authorised to sign/).check();
    await page.getByRole('button', { name: 'Accept the NDA' }).click();
    await page.getByText('the NDA is accepted').waitFor();
    await mailTo(ctx.smtp, 'sourcing@localhost', /NDA accepted by Browser Lab/);
  });

  let firstKey = '';
  test('a key is created, shown once (the copy button needs JavaScript), and works', async () => {
    await page.getByRole('link', { name: 'API keys' }).click();
    await page.getByLabel('Name').fill('eval pipeline');
    await page.getByLabel('Expires after (days)').fill('30');
    await page.getByRole('button', { name: 'Create key' }).click();
    firstKey = await page.locator('#new-key-value').inputValue();
    expect(firstKey).toMatch(/^dss_[0-9A-Za-z]{38}$/);
    expect(await page.locator('button[data-copy]').isHidden()).toBe(true);
    expect(await apiWith(firstKey)).toBe(200);
    await page.goto(`${ctx.server.url}/dashboard/keys/`);
    expect(await page.content()).not.toContain(firstKey); // shown once: the page does not show it again
    expect(await page.content()).toContain(firstKey.slice(0, 8)); // only its prefix, to recognise it
  });

  test('the operator verifies the NDA; a sample asked from the listing link arrives and downloads', async () => {
    await opsOk(ctx.operator, 'nda', 'verify', '--org', orgId);
    await page.goto(`${ctx.server.url}/dashboard/samples/new/?listing_id=${LISTING}`);
    expect(await page.getByLabel('Listing').inputValue()).toBe(LISTING);
    await page.getByRole('button', { name: 'Ask for the sample' }).click();
    await page.getByText('Sample requested').waitFor();
    const mail = await mailTo(ctx.smtp, email, /sample .* is ready/i);
    const link = /(http\S+\/api\/v1\/samples\/\S+)/.exec(mail.mail.text!)![1]!;
    const download = await page.context().request.get(link);
    expect(download.status()).toBe(200);
    expect((await download.body()).byteLength).toBeGreaterThan(1000);
  });

  test('a member is invited and signs in from the invitation', async () => {
    await page.goto(`${ctx.server.url}/dashboard/team/`);
    const member = `member.${Date.now()}@lab.example`;
    await page.getByLabel('Their work email').fill(member);
    await page.getByRole('button', { name: 'Send the invitation' }).click();
    await page.getByText(`Invitation sent to ${member}`).waitFor();
    // Waiting, it is listed; a second, to a mistyped address, is cancelled from its row; a third stays waiting
    // (the team page's screenshot below shows it).
    const waiting = page.locator('h2:has-text("Invitations not yet used") + .table-wrap tbody tr');
    expect(await waiting.filter({ hasText: member }).count()).toBe(1);
    for (const address of [`mistyped.${Date.now()}@lab.exmaple`, `later.${Date.now()}@lab.example`]) {
      await page.getByLabel('Their work email').fill(address);
      await page.getByRole('button', { name: 'Send the invitation' }).click();
      await page.getByText(`Invitation sent to ${address}`).waitFor();
    }
    const mistyped = (await waiting.allTextContents()).find((row) => row.includes('@lab.exmaple'))!;
    const typo = /\S+@lab\.exmaple/.exec(mistyped)![0];
    await page.getByRole('button', { name: `Cancel the invitation to ${typo}` }).click();
    await page.getByText(`The invitation to ${typo} is cancelled`).waitFor();
    expect(await waiting.filter({ hasText: typo }).count()).toBe(0);
    expect(await waiting.count()).toBe(2);
    const other = await openBrowser({ javaScriptEnabled: false });
    try {
      const memberPage = await other.context.newPage();
      await memberPage.goto(signinLinkIn(await mailTo(ctx.smtp, member, /invited/i)));
      await memberPage.getByRole('button', { name: /^Sign in as / }).click();
      await memberPage.waitForURL((url) => url.pathname === '/dashboard/');
      expect(await memberPage.textContent('.dashboard-bar')).toMatch(/\(member\)/);
      await memberPage.goto(`${ctx.server.url}/dashboard/keys/`);
      expect(await memberPage.getByRole('button', { name: 'Create key' }).count()).toBe(0);
    } finally {
      await other.close();
    }
  });

  test('a request from a listing: Languages filled from it, and its error beside it, marked invalid', async () => {
    await page.goto(`${ctx.server.url}/dashboard/requests/new/?listing_id=${LISTING}`);
    const languages = page.getByLabel(/^Languages/);
    expect(await languages.inputValue()).toBe('English, Spanish');
    expect(await page.getByLabel('Call audio').isChecked()).toBe(true);
    await languages.fill('English, Klingonese');
    await page.getByRole('button', { name: 'Send the request' }).click();
    await expect.poll(() => page.locator('#field-languages-error').textContent()).toMatch(/Klingonese/);
    // Beside its field: in the same .field as the input, which says it is invalid and points at the error.
    const field = page.locator('.field').filter({ has: page.locator('#field-languages') });
    expect(await field.locator('#field-languages-error').count()).toBe(1);
    expect(await languages.getAttribute('aria-invalid')).toBe('true');
    expect(await languages.getAttribute('aria-describedby')).toContain('field-languages-error');
    expect(await languages.evaluate((input) => getComputedStyle(input).borderTopColor)).toBe(
      'rgb(179, 38, 30)',
    );
    expect(await page.locator('main .field-error').count()).toBe(1); // no second copy elsewhere
    expect(await languages.inputValue()).toBe('English, Klingonese');
  });

  test('the key is rotated with an hour of grace, then the old one revoked', async () => {
    await page.goto(`${ctx.server.url}/dashboard/keys/`);
    const oldId = (await page
      .locator('tr[data-key-id]')
      .filter({ hasText: firstKey.slice(0, 8) })
      .getAttribute('data-key-id'))!;
    const row = page.locator(`tr[data-key-id="${oldId}"]`);
    await row.getByLabel('Grace (hours, 0–24)').fill('1');
    await row.getByRole('button', { name: 'Rotate' }).click();
    // It asks first (nothing is rotated yet), then rotates on the second submit.
    await page.getByRole('heading', { name: 'Rotate key “eval pipeline”' }).waitFor();
    expect((await keyStates())[oldId]).toBe('Active');
    await page.getByRole('button', { name: 'Rotate the key' }).click();
    const successor = await page.locator('#new-key-value').inputValue();
    expect(successor).toMatch(/^dss_/);
    expect((await keyStates())[oldId]).toMatch(/^Replaced by dss_\w{4}…: works until/);
    expect(await apiWith(firstKey)).toBe(200); // within its grace
    expect(await apiWith(successor)).toBe(200);
    await page
      .locator(`tr[data-key-id="${oldId}"]`)
      .getByRole('button', { name: /Revoke/ })
      .click();
    await page.getByRole('button', { name: 'Revoke the key' }).click();
    await page.getByText(/Key “eval pipeline” \(dss_\w{4}…\) is revoked/).waitFor();
    expect((await keyStates())[oldId]).toMatch(/^Replaced by dss_\w{4}…; revoked/);
    expect(await apiWith(firstKey)).toBe(401);
    expect(await apiWith(successor)).toBe(200);
  });

  test('signing out everywhere ends the session: the dashboard asks to sign in again', async () => {
    await page.getByRole('button', { name: 'Sign out everywhere' }).click();
    expect(new URL(page.url()).pathname).toBe('/signin/');
    await page.getByText('You are signed out').waitFor();
    await page.goto(`${ctx.server.url}/dashboard/keys/`);
    expect(new URL(page.url()).pathname).toBe('/signin/');
    expect(new URL(page.url()).searchParams.get('next')).toBe('/dashboard/keys/');
  });
});

describe('every self-serve page: axe, screenshots, no sideways scroll', () => {
  let signedIn: Awaited<ReturnType<typeof openBrowser>>;

  beforeAll(async () => {
    signedIn = await openBrowser();
    await signInThroughPages(ctx, signedIn.context, email);
  });
  afterAll(() => signedIn?.close());

  test.each([...PUBLIC, ...DASHBOARD])('%s (%s)', async (name, path) => {
    const page = await signedIn.context.newPage();
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      const response = await page.goto(ctx.server.url + path);
      expect(response!.status(), path).toBe(200);
      expect(new URL(page.url()).pathname).toBe(path.split('?')[0]);
      expect(await page.locator('h1').count()).toBe(1);
      expect((await axeViolations(page)).map((line) => `${scheme} ${line}`)).toEqual([]);
    }
    // Each table has a name (a caption, or a heading by aria-labelledby): a screen reader's list of tables tells
    // them apart.
    const unnamed = await page
      .locator('table')
      .evaluateAll(
        (tables) =>
          tables.filter(
            (table) =>
              !(table as HTMLTableElement).caption?.textContent?.trim() &&
              !table.getAttribute('aria-labelledby'),
          ).length,
      );
    expect(unnamed, `${path}: tables without a name`).toBe(0);
    await page.emulateMedia({ colorScheme: 'light' });
    const overflow = await photograph(page, `self-serve-${name}`, () => page.goto(ctx.server.url + path));
    expect(overflow, `${name} must not scroll sideways`).toEqual({ desktop: 0, phone: 0 });
    await page.close();
  });

  test('at phone width: a new key shown whole, Revoke in the Actions column, data types as people write them', async () => {
    const page = await signedIn.context.newPage();
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${ctx.server.url}/dashboard/keys/`);
    await page.getByLabel('Name').fill('phone key');
    await page.getByRole('button', { name: 'Create key' }).click();
    const shown = page.locator('#new-key-value');
    expect(await shown.inputValue()).toMatch(/^dss_[0-9A-Za-z]{38}$/);
    // Nothing of it scrolled out of its box, and the box within the screen.
    const fits = await shown.evaluate((box) => ({
      inside: box.scrollWidth <= box.clientWidth && box.scrollHeight <= box.clientHeight,
      right: box.getBoundingClientRect().right,
    }));
    expect(fits.inside).toBe(true);
    expect(fits.right).toBeLessThanOrEqual(390);
    // Each card's Revoke lines up with its Rotate, in the value's column, not under the labels at the card's edge.
    const row = page.locator('tr[data-key-id]').filter({ has: page.getByRole('button', { name: 'Rotate' }) });
    const rotate = (await row.first().getByRole('button', { name: 'Rotate' }).boundingBox())!;
    const revoke = (await row
      .first()
      .getByRole('button', { name: /Revoke/ })
      .boundingBox())!;
    expect(Math.abs(revoke.x - rotate.x)).toBeLessThan(2);
    expect(revoke.y).toBeGreaterThan(rotate.y);
    await page.goto(`${ctx.server.url}/dashboard/requests/new/`);
    for (const label of ['CT study', 'MR study', 'PET-CT study', 'Whole-slide image', 'Call audio']) {
      expect(await page.getByLabel(label, { exact: true }).count(), label).toBe(1);
    }
    expect(await page.locator('.checks').first().textContent()).not.toMatch(/Ct study|Mr study|Pet ct/);
    await page.close();
  });
});
