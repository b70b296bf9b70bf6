// Lighthouse (performance, accessibility, best practices, SEO) on every page type, in Debian's Chromium against the
// built server: each category at least 95, as issue 23 asks. Lighthouse's default mobile profile; the vitest project
// `lighthouse` runs it with no other test file beside it, since a busy machine's long tasks count as the page's.
import type { LaunchedChrome } from 'chrome-launcher';
import { afterAll, beforeAll, describe, test } from 'vitest';
import { requireBuild } from '../support/dist.ts';
import { audit, expectPassing, launchChrome } from '../support/lighthouse.ts';
import { startServer, type RunningServer } from '../support/server.ts';
import { PAGES } from './page-list.ts';

let server: RunningServer;
// Every page's scores, printed at the end for the record (the assertion is per page).
const table: Record<string, Record<string, number>> = {};
let chrome: LaunchedChrome;
beforeAll(async () => {
  requireBuild();
  server = await startServer({ RATE_LIMIT_PUBLIC_PER_MINUTE: '100000' });
  chrome = await launchChrome();
}, 60_000);
afterAll(async () => {
  console.table(table);
  chrome?.kill();
  await server?.stop();
});

describe.each(PAGES.filter(([, , status]) => status === 200))('%s (%s)', (name, path) => {
  test('scores at least 95 in every category', async () => {
    const result = await audit(chrome, server.url + path);
    table[name] = result.scores;
    expectPassing(result);
  }, 120_000);
});
