// A removed admin's webhook endpoint on the dashboard's webhooks page, in Debian's Chromium with JavaScript off
// (issue 41 item 9): shown disabled with the reason, no test button, still deletable; axe-clean; photographed at
// desktop and phone width.
import { afterAll, beforeAll, expect, test } from 'vitest';
import { looksOf, openBrowser, signIn } from '../support/browser.ts';
import { invited, selfServeLab, sessionCall, startSelfServe, type SelfServe } from '../support/self-serve.ts';

let ctx: SelfServe;
let browser: Awaited<ReturnType<typeof openBrowser>>;

beforeAll(async () => {
  ctx = await startSelfServe({ WEBHOOK_ALLOW_PRIVATE: 'true' }, { asProcess: true });
  browser = await openBrowser({ javaScriptEnabled: false });
});
afterAll(async () => {
  await browser?.close();
  await ctx?.stop();
});

test('a removed admin’s endpoint reads as disabled, with why and what to do, and can only be deleted', async () => {
  const lab = await selfServeLab(ctx, 'Disabled Hooks Lab');
  const leaver = await invited(ctx, lab, 'admin');
  const made = await sessionCall(ctx, leaver.cookie, '/api/v1/webhooks', {
    method: 'POST',
    body: { url: 'http://127.0.0.1:9/hooks/leaver' },
  });
  expect(made.status, made.text).toBe(201);
  expect(
    (await sessionCall(ctx, lab.cookie, `/api/v1/team/${leaver.accountId}`, { method: 'DELETE' })).status,
  ).toBe(204);

  await signIn(browser.context, lab.cookie, ctx.siteUrl);
  const page = await browser.context.newPage();
  page.setDefaultTimeout(8000);
  const card = page.locator(`[data-endpoint-id="${made.body.data.id}"]`);
  await page.goto(`${ctx.server.url}/dashboard/webhooks/`);
  await expect.poll(() => card.textContent()).toMatch(/Disabled: the account that made it was removed/);
  expect(await card.getByRole('button', { name: /Send a test event/ }).count()).toBe(0);
  expect(await card.getByRole('button', { name: /Delete/ }).count()).toBe(1);
  const looks = await looksOf(
    browser.context,
    `${ctx.server.url}/dashboard/webhooks/`,
    'dashboard-webhook-disabled',
  );
  expect(looks.violations).toEqual([]);
  expect(looks.overflow).toEqual({ desktop: 0, phone: 0 });
}, 90_000);
