// Lighthouse (performance, accessibility, best practices, SEO) on every page type, in Debian's Chromium against the
// built server: each category at least 95, as issue 23 asks. Lighthouse's default mobile profile, with its simulated
// throttling, so a busy test machine changes the score little.
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { CHROMIUM } from '../support/browser.ts';
import { requireBuild } from '../support/dist.ts';
import { startServer, type RunningServer } from '../support/server.ts';
import { PAGES } from './page-list.ts';

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;

let server: RunningServer;
// Every page's scores, printed at the end for the record (the assertion is per page).
const table: Record<string, Record<string, number>> = {};
let chrome: chromeLauncher.LaunchedChrome;
beforeAll(async () => {
  requireBuild();
  server = await startServer({ RATE_LIMIT_PUBLIC_PER_MINUTE: '100000' });
  chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    chromeFlags: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
    ],
  });
}, 60_000);
afterAll(async () => {
  console.table(table);
  chrome?.kill();
  await server?.stop();
});

describe.each(PAGES.filter(([, , status]) => status === 200))('%s (%s)', (name, path) => {
  test('scores at least 95 in every category', async () => {
    const result = await lighthouse(server.url + path, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: [...CATEGORIES],
    });
    const { categories, audits } = result!.lhr;
    const scores = Object.fromEntries(
      CATEGORIES.map((c) => [c, Math.round((categories[c]?.score ?? 0) * 100)]),
    );
    table[name] = scores;
    // The failing audits of a category under 95, so a failure says what to fix.
    const failing = CATEGORIES.filter((c) => scores[c]! < 95).flatMap((c) =>
      categories[c]!.auditRefs.filter((ref) => ref.weight > 0 && (audits[ref.id]?.score ?? 1) < 0.9).map(
        (ref) => `${c}: ${ref.id} (${audits[ref.id]?.displayValue ?? audits[ref.id]?.score})`,
      ),
    );
    expect({ scores, failing }).toEqual({
      scores: Object.fromEntries(CATEGORIES.map((c) => [c, expect.toSatisfy((n: number) => n >= 95)])),
      failing: [],
    });
  }, 120_000);
});
