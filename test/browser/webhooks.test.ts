// The dashboard's webhooks page in Debian's Chromium with JavaScript off (issue 22): an endpoint added from the
// form (a bad URL refused beside its field, what was typed kept), its secret shown once, a test event sent and
// verified by a real receiver with `standardwebhooks`, its delivery in the page, the endpoint deleted (asked first,
// as every action that cannot be taken back is); then axe (light and dark) and screenshots at desktop and phone
// width with an endpoint and its deliveries showing.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { keepPhoto, looksOf, openBrowser, signIn } from '../support/browser.ts';
import { selfServeLab, startSelfServe, type SelfServe } from '../support/self-serve.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver.ts';

let ctx: SelfServe;
let browser: Awaited<ReturnType<typeof openBrowser>>;
let page: Page;
let receiver: WebhookReceiver;

beforeAll(async () => {
  ctx = await startSelfServe(
    { WEBHOOK_ALLOW_PRIVATE: 'true', WEBHOOK_RETRY_SECONDS: '0.2' },
    { asProcess: true },
  );
  receiver = await startWebhookReceiver();
  const lab = await selfServeLab(ctx, 'Browser Hooks Lab');
  browser = await openBrowser({ javaScriptEnabled: false });
  await signIn(browser.context, lab.cookie, ctx.siteUrl);
  page = await browser.context.newPage();
  page.setDefaultTimeout(8000);
});
afterAll(async () => {
  await browser?.close();
  await receiver?.close();
  await ctx?.stop();
});

test('add an endpoint, see its secret once, send a test event, see it delivered, delete it', async () => {
  await page.goto(`${ctx.server.url}/dashboard/webhooks/`);
  await page.getByText('No endpoints yet.').waitFor();
  await page.getByLabel('URL').fill('not a url');
  await page.getByRole('button', { name: 'Add endpoint' }).click();
  expect(await page.locator('#field-url-error').textContent()).toMatch(/absolute https URL/);
  expect(await page.getByLabel('URL').inputValue()).toBe('not a url');

  await page.getByLabel('URL').fill(receiver.url);
  await page.getByLabel(/request\.status_changed/).check();
  await page.getByRole('button', { name: 'Add endpoint' }).click();
  await page.getByRole('heading', { name: /copy it now/ }).waitFor();
  receiver.secret = await page.getByLabel('Webhook signing secret').inputValue();
  expect(receiver.secret).toMatch(/^whsec_/);
  const endpoint = page.locator('section[data-endpoint-id]');
  expect(await endpoint.locator('p').first().textContent()).toContain('request.status_changed');

  await page.goto(`${ctx.server.url}/dashboard/webhooks/`); // the secret is not shown again
  expect(await page.getByLabel('Webhook signing secret').count()).toBe(0);
  await page.getByRole('button', { name: `Send a test event to ${receiver.url}` }).click();
  await page.getByText('A test event is on its way').waitFor();
  expect(new URL(page.url()).search).toBe('?done=test'); // redirected: a reload sends nothing again
  await receiver.delivered(1);
  expect(receiver.received[0]!.event).toMatchObject({ type: 'webhook.test' });
  await expect
    .poll(
      async () => {
        await page.reload();
        return page.locator('table.records tbody tr').first().textContent();
      },
      { timeout: 10_000 },
    )
    .toContain('Delivered');
  await checkLooks(); // with an endpoint and a delivery showing

  // Deleting asks first; Cancel keeps the endpoint, and only the confirmation deletes it.
  await page.getByRole('button', { name: `Delete ${receiver.url}` }).click();
  await page.getByRole('heading', { name: `Delete the endpoint ${receiver.url}?` }).waitFor();
  expect(await page.locator('section[data-endpoint-id]').count()).toBe(1);
  expect(await page.getByText('A test event is on its way').count()).toBe(0); // the earlier action's notice
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 800 });
    await keepPhoto(page, `dashboard-webhooks-confirm-delete-${width}`);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, `the confirmation scrolls sideways at ${width} px`).toBeLessThanOrEqual(0);
  }
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.getByRole('link', { name: 'Cancel' }).click();
  await page.getByRole('button', { name: `Send a test event to ${receiver.url}` }).click(); // still receiving
  await receiver.delivered(2);
  await page.getByRole('button', { name: `Delete ${receiver.url}` }).click();
  await page.getByRole('button', { name: 'Delete it' }).click();
  await page.getByText('The endpoint is deleted').waitFor();
  expect(await page.locator('section[data-endpoint-id]').count()).toBe(0);
}, 90_000);

async function checkLooks() {
  const { violations, overflow } = await looksOf(
    browser.context,
    `${ctx.server.url}/dashboard/webhooks/`,
    'self-serve-dashboard-webhooks-with-deliveries',
  );
  expect(violations).toEqual([]);
  expect(overflow, 'the page must not scroll sideways').toEqual({ desktop: 0, phone: 0 });
}
