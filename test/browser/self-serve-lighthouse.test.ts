// Lighthouse on the dashboard's pages (issue 21), signed in (the session cookie sent as a header): performance,
// accessibility, best practices and SEO each at least 95, in Debian's Chromium.
import type { LaunchedChrome } from 'chrome-launcher';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { audit, expectPassing, launchChrome } from '../support/lighthouse.ts';
import { selfServeLab, startSelfServe, type SelfServe } from '../support/self-serve.ts';

// The public self-serve pages (/access/, /signin/, /legal/nda/) are in page-list.ts, with every other page.
const PAGES = [
  '/dashboard/',
  '/dashboard/keys/',
  '/dashboard/nda/',
  '/dashboard/requests/',
  '/dashboard/requests/new/',
  '/dashboard/samples/',
  '/dashboard/samples/new/',
  '/dashboard/team/',
  '/dashboard/webhooks/',
  '/dashboard/audit/',
];

let ctx: SelfServe;
let chrome: LaunchedChrome;
let cookie: string;

beforeAll(async () => {
  ctx = await startSelfServe({}, { asProcess: true });
  cookie = (await selfServeLab(ctx, 'Lighthouse Lab')).cookie;
  chrome = await launchChrome();
}, 120_000);
afterAll(async () => {
  chrome?.kill();
  await ctx?.stop();
});

test.each(PAGES)(
  '%s scores at least 95 in every category',
  async (path) => {
    const result = await audit(chrome, ctx.server.url + path, { Cookie: cookie });
    expect(result.finalUrl).toBe(ctx.server.url + path); // signed in: not sent to /signin/
    expectPassing(result);
  },
  120_000,
);
