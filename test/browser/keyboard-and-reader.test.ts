// What axe and Lighthouse do not see, as a keyboard-only or screen-reader user meets it in Debian's Chromium: where
// focus is after a form is refused, and whether what was wrong is said and leads to each field.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { keepPhoto, openBrowser, photograph, signIn } from '../support/browser.ts';
import { selfServeLab, startSelfServe, type SelfServe } from '../support/self-serve.ts';

let ctx: SelfServe;
let browser: Awaited<ReturnType<typeof openBrowser>>;
let page: Page;

beforeAll(async () => {
  ctx = await startSelfServe({}, { asProcess: true });
  browser = await openBrowser({ javaScriptEnabled: false, viewport: { width: 1366, height: 900 } });
  page = await browser.context.newPage();
  page.setDefaultTimeout(8000);
});
afterAll(async () => {
  await browser?.close();
  await ctx?.stop();
});

describe('a refused form, JavaScript off', () => {
  const refuse = async () => {
    await page.goto(`${ctx.server.url}/access/`);
    await page.getByLabel('Organisation').fill('Keyboard Lab');
    await page.getByLabel('Work email').fill('not an address');
    await page.getByLabel('What you intend to use the data for').fill('Too short');
    await page.getByRole('button', { name: 'Request access' }).press('Enter');
    await page.locator('#field-email-error').waitFor();
  };

  test('after a refused form, focus is on the error summary and it names each field, linked to it', async () => {
    await refuse();
    const summary = page.locator('.form-message');
    expect(await summary.evaluate((element) => element === document.activeElement)).toBe(true);
    const links = summary.getByRole('link');
    const named = await links.evaluateAll((anchors) =>
      anchors.map((a) => [a.getAttribute('href'), a.textContent?.trim()]),
    );
    expect(named.map(([href]) => href)).toEqual(['#field-name', '#field-email', '#field-intended_use']);
    expect(named.map(([, text]) => text)).toEqual([
      'Your name',
      'Work email',
      'What you intend to use the data for',
    ]);
    // Each link leads to its field: Enter on it, then Tab, reaches the field's input.
    for (const [href] of named) expect(await page.locator(href!).count()).toBe(1);
    await links.nth(1).press('Enter');
    expect(new URL(page.url()).hash).toBe('#field-email');
    await photograph(page, 'access-refused', refuse);
  });
});

describe('a key shown once, JavaScript on', () => {
  let keys: Page;
  let signedIn: Awaited<ReturnType<typeof openBrowser>>;
  beforeAll(async () => {
    const lab = await selfServeLab(ctx, 'Keyboard Lab');
    signedIn = await openBrowser({ viewport: { width: 1366, height: 900 } });
    await signedIn.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: ctx.siteUrl });
    await signIn(signedIn.context, lab.cookie, ctx.siteUrl);
    keys = await signedIn.context.newPage();
    keys.setDefaultTimeout(8000);
  });
  afterAll(async () => {
    await signedIn?.close();
  });

  const create = async (name: string) => {
    await keys.goto(`${ctx.siteUrl}/dashboard/keys/`);
    await keys.getByLabel('Name').fill(name);
    await keys.getByRole('button', { name: 'Create key' }).press('Enter');
    await keys.locator('#new-key-value').waitFor();
  };

  test('after a key is created, focus is on the new key, which says it is shown only this once', async () => {
    await create('focus test');
    const focused = await keys.evaluate(() => ({
      id: document.activeElement?.id,
      description: document.activeElement
        ?.getAttribute('aria-describedby')
        ?.split(' ')
        .map((id) => document.getElementById(id)?.textContent)
        .join(' '),
    }));
    expect(focused.id).toBe('new-key-value');
    expect(focused.description).toMatch(/only time it is shown/);
    await photograph(keys, 'dashboard-key-created', () => create('focus photo'));
  });

  test('Copy says it copied in a status message a screen reader announces', async () => {
    await create('copy test');
    await keys.getByRole('button', { name: 'Copy', exact: true }).press('Enter');
    const status = keys.locator('.secret-box [role=status]');
    await expect.poll(() => status.textContent()).toMatch(/^Copied/);
    expect(await keys.evaluate(() => navigator.clipboard.readText())).toBe(
      await keys.locator('#new-key-value').inputValue(),
    );
  });
});

describe('an action that asks first, JavaScript off', () => {
  let noJs: Awaited<ReturnType<typeof openBrowser>>;
  let keys: Page;
  beforeAll(async () => {
    const lab = await selfServeLab(ctx, 'Careful Keyboard Lab');
    noJs = await openBrowser({ javaScriptEnabled: false, viewport: { width: 1366, height: 900 } });
    await signIn(noJs.context, lab.cookie, ctx.siteUrl);
    keys = await noJs.context.newPage();
    keys.setDefaultTimeout(8000);
  });
  afterAll(async () => {
    await noJs?.close();
  });
  const focusedText = () => keys.evaluate(() => document.activeElement?.textContent?.trim() ?? '');

  test('after Revoke, focus is on the question, and the next Tab reaches the button that confirms', async () => {
    await keys.goto(`${ctx.siteUrl}/dashboard/keys/`);
    await keys.getByLabel('Name').fill('to revoke');
    await keys.getByRole('button', { name: 'Create key' }).press('Enter');
    await keys.goto(`${ctx.siteUrl}/dashboard/keys/`);
    await keys.getByRole('button', { name: 'Revoke to revoke' }).press('Enter');
    await keys.locator('.confirm').waitFor();
    expect(await focusedText()).toMatch(/^Revoke key “to revoke”/);
    await keys.keyboard.press('Tab');
    expect(await focusedText()).toBe('Revoke the key');
    await photograph(keys, 'dashboard-key-confirm', async () => {
      await keys.goto(`${ctx.siteUrl}/dashboard/keys/`);
      await keys.getByRole('button', { name: 'Revoke to revoke' }).press('Enter');
      await keys.locator('.confirm').waitFor();
    });
  });

  test('after the revoke is confirmed, focus is on the notice that says the key is revoked', async () => {
    await keys.goto(`${ctx.siteUrl}/dashboard/keys/`);
    await keys.getByRole('button', { name: 'Revoke to revoke' }).press('Enter');
    await keys.getByRole('button', { name: 'Revoke the key' }).press('Enter');
    await keys.locator('p.notice[role=status]').waitFor();
    expect(await focusedText()).toMatch(/^Key “to revoke” \(dss_\w{4}…\) is revoked/);
    await photograph(keys, 'dashboard-key-revoked', async () => {
      await keys.goto(`${ctx.siteUrl}/dashboard/keys/`);
      await keys.getByLabel('Name').fill('revoked photo');
      await keys.getByRole('button', { name: 'Create key' }).press('Enter');
      await keys.goto(`${ctx.siteUrl}/dashboard/keys/`);
      await keys.getByRole('button', { name: 'Revoke revoked photo' }).press('Enter');
      await keys.getByRole('button', { name: 'Revoke the key' }).press('Enter');
    });
  });
  test('at 320 CSS px (400% zoom) the dashboard, which names a long sign-in address, does not scroll sideways', async () => {
    await keys.setViewportSize({ width: 320, height: 640 });
    try {
      for (const path of ['/dashboard/', '/dashboard/keys/', '/dashboard/team/']) {
        await keys.goto(`${ctx.siteUrl}${path}`);
        const overflow = await keys.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow, path).toBe(0);
      }
      await keepPhoto(keys, 'dashboard-team-320', false);
      await photograph(keys, 'dashboard-overview', () => keys.goto(`${ctx.siteUrl}/dashboard/`));
    } finally {
      await keys.setViewportSize({ width: 1366, height: 900 });
    }
  });
});

describe('zoomed to 400% (320 CSS px wide)', () => {
  test('the catalogue and its search results reflow: nothing scrolls sideways', async () => {
    await page.setViewportSize({ width: 320, height: 640 });
    try {
      for (const path of ['/catalog/', '/catalog/search/?q=audio']) {
        await page.goto(`${ctx.server.url}${path}`);
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow, path).toBe(0);
      }
      await keepPhoto(page, 'catalog-320', false);
      await photograph(page, 'catalog', () => page.goto(`${ctx.server.url}/catalog/`));
    } finally {
      await page.setViewportSize({ width: 1366, height: 900 });
    }
  });
});
