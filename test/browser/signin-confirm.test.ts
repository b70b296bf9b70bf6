// The sign-in link's confirm step and `next` in Chromium, without JavaScript (issue 41 items 3 and 5): a signed-out
// visitor presses "Request a sample" on a listing, is told why they must sign in, asks for a link, opens it, sees
// whose it is, presses the one button and lands on the sample form. The confirm page is axe-clean and photographed
// at 1366×900 and 390×844 (screenshots/signin-confirm-*.png).
import { afterAll, beforeAll, expect, test } from 'vitest';
import { axeViolations, openBrowser, photograph } from '../support/browser.ts';
import {
  mailsTo,
  selfServeLab,
  signinLinkIn,
  startSelfServe,
  type SelfServe,
} from '../support/self-serve.ts';

const LISTING = 'de-chest-ct-lung-nodules'; // offers a sample
let ctx: SelfServe;
let browser: Awaited<ReturnType<typeof openBrowser>>;
beforeAll(async () => {
  ctx = await startSelfServe({}, { asProcess: true });
  browser = await openBrowser({ javaScriptEnabled: false });
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await ctx?.stop();
}, 120_000);

test('from "Request a sample", signed out, through the confirm page to the sample form', async () => {
  const lab = await selfServeLab(ctx, 'Browser Confirm Lab');
  const page = await browser.context.newPage();
  await page.goto(`${ctx.server.url}/catalog/${LISTING}/`);
  await page.getByRole('link', { name: 'Request a sample' }).click();
  await page.waitForURL((url) => url.pathname === '/signin/');
  expect(await page.locator('#why-sign-in').textContent()).toMatch(/^Sign in to request a sample/);
  const before = mailsTo(ctx.smtp, lab.email).length;
  await page.getByLabel('Work email').fill(lab.email);
  await page.getByRole('button', { name: 'Send me a sign-in link' }).click();
  await page.getByText('Check your inbox').waitFor();
  await expect.poll(() => mailsTo(ctx.smtp, lab.email).length, { timeout: 15_000 }).toBeGreaterThan(before);
  const link = signinLinkIn(mailsTo(ctx.smtp, lab.email).at(-1)!);

  await page.goto(link);
  const shown = `${lab.email[0]}…@lab.example`;
  await page.getByRole('heading', { name: `Sign in as ${shown}` }).waitFor();
  expect(await page.textContent('main')).not.toContain(lab.email);
  // axe and the overflow measure run in the page: a browser with JavaScript opens the same link (a GET: harmless).
  const withScripts = await openBrowser();
  try {
    const look = await withScripts.context.newPage();
    await look.goto(link);
    expect(await axeViolations(look)).toEqual([]);
    const overflow = await photograph(look, 'signin-confirm', () => look.goto(link));
    expect(overflow).toEqual({ desktop: 0, phone: 0 });
  } finally {
    await withScripts.close();
  }
  expect((await browser.context.cookies()).some((c) => c.name === 'dss_session')).toBe(false);

  await page.getByRole('button', { name: `Sign in as ${shown}` }).click();
  await page.waitForURL((url) => url.pathname === '/dashboard/samples/new/');
  expect(new URL(page.url()).searchParams.get('listing_id')).toBe(LISTING);
  expect(await page.getByLabel('Listing').inputValue()).toBe(LISTING);
  expect((await browser.context.cookies()).find((c) => c.name === 'dss_session')).toMatchObject({
    httpOnly: true,
    sameSite: 'Lax',
  });
  // Used: opening it again says so, and signs no one in.
  await page.goto(link);
  expect(await page.textContent('main')).toContain('That sign-in link was used already');
}, 120_000);
