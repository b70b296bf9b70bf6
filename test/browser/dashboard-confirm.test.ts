// What cannot be taken back asks first, in Debian's Chromium with JavaScript off: revoking and rotating a key,
// removing a member (withdrawing a request: request-follow-up.test.ts). The first click changes nothing and says
// what will happen; Cancel leaves everything as it was; the confirm button acts. Then what the keys page says of
// them: the key's name (not its id), the replaced key told from its successor, a date never broken over two
// lines; and the last admin's refusal beside the Remove button that caused it.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { axeViolations, keepPhoto, openBrowser, signIn } from '../support/browser.ts';
import {
  invited,
  selfServeLab,
  sessionCall,
  startSelfServe,
  type SelfServe,
  type SelfServeLab,
} from '../support/self-serve.ts';

let ctx: SelfServe;
let lab: SelfServeLab;
let browser: Awaited<ReturnType<typeof openBrowser>>;
let page: Page;

beforeAll(async () => {
  ctx = await startSelfServe({}, { asProcess: true });
  lab = await selfServeLab(ctx, 'Careful Lab');
  browser = await openBrowser({ javaScriptEnabled: false, viewport: { width: 1366, height: 900 } });
  await signIn(browser.context, lab.cookie, ctx.siteUrl);
  page = await browser.context.newPage();
  page.setDefaultTimeout(8000);
});
afterAll(async () => {
  await browser?.close();
  await ctx?.stop();
});

const keysState = async () =>
  Object.fromEntries(
    ((await sessionCall(ctx, lab.cookie, '/api/v1/keys')).body.data as { name: string; state: string }[]).map(
      (key) => [key.name, key.state],
    ),
  );

/** The row of the key named `name` that has a Revoke button (the live one). */
const liveRow = (name: string) =>
  page
    .locator('tr[data-key-id]')
    .filter({ has: page.locator('td[data-label="Name"]', { hasText: name }) })
    .filter({ has: page.getByRole('button', { name: /Revoke/ }) });

describe('keys', () => {
  test('Revoke asks first; Cancel keeps the key; confirming revokes it, named by its name', async () => {
    await page.goto(`${ctx.server.url}/dashboard/keys/`);
    await page.getByLabel('Name').fill('ci runner');
    await page.getByRole('button', { name: 'Create key' }).click();
    await page.locator('#new-key-value').waitFor();
    await liveRow('ci runner')
      .getByRole('button', { name: /Revoke/ })
      .click();
    await page.getByRole('heading', { name: /^Revoke key “ci runner” \(dss_\w{4}…\)\?$/ }).waitFor();
    expect(await page.locator('.confirm').textContent()).toMatch(/cannot be undone/);
    expect((await keysState())['ci runner']).toBe('active');
    await page.getByRole('link', { name: 'Cancel' }).click();
    expect(new URL(page.url()).pathname).toBe('/dashboard/keys/');
    expect(await page.locator('.confirm').count()).toBe(0);
    expect((await keysState())['ci runner']).toBe('active');
    await liveRow('ci runner')
      .getByRole('button', { name: /Revoke/ })
      .click();
    await page.getByRole('button', { name: 'Revoke the key' }).click();
    const said = await page.locator('p.notice[role=status]').textContent();
    expect(said).toMatch(/^Key “ci runner” \(dss_\w{4}…\) is revoked/);
    expect(said).not.toMatch(/key_/);
    expect((await keysState())['ci runner']).toBe('revoked');
  });

  test('Rotate comes with an hour of grace, asks first, then tells the old key from its successor', async () => {
    await page.goto(`${ctx.server.url}/dashboard/keys/`);
    await page.getByLabel('Name').fill('staging');
    await page.getByRole('button', { name: 'Create key' }).click();
    await page.locator('#new-key-value').waitFor();
    const row = liveRow('staging');
    const oldId = (await row.getAttribute('data-key-id'))!;
    expect(await row.getByLabel('Grace (hours, 0–24)').inputValue()).toBe('1');
    await row.getByRole('button', { name: 'Rotate' }).click();
    const confirm = page.locator('.confirm');
    await confirm.waitFor();
    expect(await confirm.textContent()).toMatch(
      /keeps working for 1 hour, until \d{4}-\d\d-\d\d \d\d:\d\d UTC/,
    );
    expect((await keysState()).staging).toBe('active');
    await page.getByRole('button', { name: 'Rotate the key' }).click();
    const note = await page.locator('#new-key-value-heading + p').textContent();
    expect(note).toMatch(/^Key “staging” \(dss_\w{4}…\) is rotated/);
    expect(note).not.toContain(oldId);
    // Two keys named "staging" now: the old one says it was replaced, and until when it works; the new one
    // says which it replaces.
    const old = page.locator(`tr[data-key-id="${oldId}"]`);
    const successor = page
      .locator('tr[data-key-id]')
      .filter({ hasText: 'staging' })
      .filter({ hasNotText: oldId });
    expect(await old.locator('td[data-label="State"]').textContent()).toMatch(
      /^Replaced by dss_\w{4}…: works until \d{4}-\d\d-\d\d \d\d:\d\d UTC$/,
    );
    expect(await successor.locator('td[data-label="Name"]').textContent()).toMatch(
      /^staging\s*Replaces dss_\w{4}…$/,
    );
    expect(await successor.locator('td[data-label="State"]').textContent()).toBe('Active');
  });

  test.each([
    ['desktop', 1366],
    ['phone', 390],
  ])('at %s width (%i px) no date or time breaks over two lines', async (_name, width) => {
    for (const name of [`expiring ${width}`, `rotated ${width}`]) {
      const made = await sessionCall(ctx, lab.cookie, '/api/v1/keys', {
        method: 'POST',
        body: { name, expires_in_days: 90 },
      });
      if (name.startsWith('rotated'))
        await sessionCall(ctx, lab.cookie, `/api/v1/keys/${made.body.data.id}/rotate`, {
          method: 'POST',
          body: { grace_hours: 2 },
        });
    }
    await page.setViewportSize({ width, height: 900 });
    await page.goto(`${ctx.server.url}/dashboard/keys/`);
    const times = page.locator('table.records time');
    expect(await times.count()).toBeGreaterThanOrEqual(6);
    const broken = await times.evaluateAll((elements) =>
      elements.filter((element) => element.getClientRects().length > 1).map((element) => element.textContent),
    );
    expect(broken).toEqual([]);
    await keepPhoto(page, `dashboard-keys-confirmed-${width}`);
    await page.setViewportSize({ width: 1366, height: 900 });
  });
});

describe('team', () => {
  test('Remove asks first; confirming removes the member', async () => {
    const member = await invited(ctx, lab, 'member');
    await page.goto(`${ctx.server.url}/dashboard/team/`);
    await page.getByRole('button', { name: `Remove ${member.email}` }).click();
    await page.getByRole('heading', { name: `Remove ${member.email} from Careful Lab?` }).waitFor();
    expect(await page.locator(`tr[data-account-id="${member.accountId}"]`).count()).toBe(1);
    expect((await sessionCall(ctx, member.cookie, '/api/v1/me')).status).toBe(200); // still signed in
    // On a phone the question, which names a long address, wraps within the screen.
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBe(0);
    await page.setViewportSize({ width: 1366, height: 900 });
    await page.getByRole('button', { name: 'Remove them' }).click();
    await page.getByText(`${member.email} is removed from the team`).waitFor();
    expect(await page.locator(`tr[data-account-id="${member.accountId}"]`).count()).toBe(0);
    expect((await sessionCall(ctx, member.cookie, '/api/v1/me')).status).toBe(401);
  });

  test("the last admin's refusal shows in their row, beside the Remove button, not under the invitation", async () => {
    await page.goto(`${ctx.server.url}/dashboard/team/`);
    await page.getByRole('button', { name: `Remove ${lab.email}` }).click();
    await page.getByRole('button', { name: 'Remove me', exact: true }).click();
    const row = page.locator(`tr[data-account-id="${lab.accountId}"]`);
    const error = row.locator('.field-error');
    expect(await error.textContent()).toMatch(/last admin/);
    const button = row.getByRole('button', { name: `Remove ${lab.email}` });
    expect(await button.getAttribute('aria-describedby')).toBe(await error.getAttribute('id'));
    // Beside it: just above the button, in the same cell.
    const [errorBox, buttonBox] = [(await error.boundingBox())!, (await button.boundingBox())!];
    expect(buttonBox.y - (errorBox.y + errorBox.height)).toBeLessThan(40);
    expect(Math.abs(buttonBox.x - errorBox.x)).toBeLessThan(20);
    const invite = page
      .locator('form')
      .filter({ has: page.getByRole('button', { name: 'Send the invitation' }) });
    expect(await invite.textContent()).not.toMatch(/last admin/);
    await keepPhoto(page, 'dashboard-team-last-admin-1366');
  });
});

// axe runs in the page, so it needs JavaScript: the confirmation, as a browser with it shows it, light and dark.
test('the confirmation step passes axe, light and dark', async () => {
  const withJs = await openBrowser();
  try {
    await signIn(withJs.context, lab.cookie, ctx.siteUrl);
    const shown = await withJs.context.newPage();
    await sessionCall(ctx, lab.cookie, '/api/v1/keys', { method: 'POST', body: { name: 'axe' } });
    await shown.goto(`${ctx.server.url}/dashboard/keys/`);
    await shown
      .locator('tr[data-key-id]')
      .filter({ hasText: 'axe' })
      .getByRole('button', { name: /Revoke/ })
      .click();
    await shown.locator('.confirm').waitFor();
    for (const scheme of ['light', 'dark'] as const) {
      await shown.emulateMedia({ colorScheme: scheme });
      expect((await axeViolations(shown)).map((line) => `${scheme} ${line}`)).toEqual([]);
    }
  } finally {
    await withJs.close();
  }
});
