// Lighthouse on the self-serve pages (issue 21): performance, accessibility, best practices and SEO each at least
// 95, in Debian's Chromium; the dashboard's pages signed in (the session cookie sent as a header).
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { CHROMIUM } from '../support/browser.ts';
import { selfServeLab, startSelfServe, type SelfServe } from '../support/self-serve.ts';

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const PAGES = [
  '/access/',
  '/signin/',
  '/legal/nda/',
  '/dashboard/',
  '/dashboard/keys/',
  '/dashboard/nda/',
  '/dashboard/requests/',
  '/dashboard/requests/new/',
  '/dashboard/samples/',
  '/dashboard/samples/new/',
  '/dashboard/team/',
  '/dashboard/audit/',
];

let ctx: SelfServe;
let chrome: chromeLauncher.LaunchedChrome;
let cookie: string;

beforeAll(async () => {
  ctx = await startSelfServe();
  cookie = (await selfServeLab(ctx, 'Lighthouse Lab')).cookie;
  chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    chromeFlags: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--no-first-run',
    ],
  });
}, 120_000);
afterAll(async () => {
  chrome?.kill();
  await ctx?.stop();
});

test.each(PAGES)(
  '%s scores at least 95 in every category',
  async (path) => {
    const result = await lighthouse(ctx.server.url + path, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: [...CATEGORIES],
      extraHeaders: path.startsWith('/dashboard/') ? { Cookie: cookie } : {},
    });
    const lhr = result!.lhr;
    expect(lhr.finalDisplayedUrl).toBe(ctx.server.url + path);
    const scores = Object.fromEntries(
      CATEGORIES.map((c) => [c, Math.round((lhr.categories[c]?.score ?? 0) * 100)]),
    );
    const failing = Object.values(lhr.audits)
      .filter((audit) => audit.score !== null && audit.score < 1 && audit.scoreDisplayMode === 'binary')
      .map((audit) => audit.id);
    console.log(path, JSON.stringify(scores), failing.join(' '));
    for (const category of CATEGORIES)
      expect(scores[category], `${path} ${category}: ${failing.join(', ')}`).toBeGreaterThanOrEqual(95);
  },
  120_000,
);
