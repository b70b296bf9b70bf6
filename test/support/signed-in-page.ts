// A signed-in Chromium page for a browser test file, kept apart from browser.ts, which scripts import outside vitest.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { openBrowser, signIn } from './browser.ts';

/**
 * A page of a Chromium signed in as `suite`'s lab, opened before the file's tests (once its server is up) and closed
 * after them; read `.page` inside tests.
 */
export function signedInPage(
  suite: { ctx: { siteUrl: string }; lab: { cookie: string } },
  options: Parameters<typeof openBrowser>[0] = {},
) {
  const held = {} as { page: Page; browser: Awaited<ReturnType<typeof openBrowser>> };
  beforeAll(async () => {
    held.browser = await openBrowser(options);
    await signIn(held.browser.context, suite.lab.cookie, suite.ctx.siteUrl);
    held.page = await held.browser.context.newPage();
    held.page.setDefaultTimeout(10_000);
  });
  afterAll(async () => {
    await held.browser?.close();
  });
  return held;
}
