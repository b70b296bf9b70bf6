// WCAG 1.4.12 (text spacing), in Debian's Chromium: a reader who widens line height, letter, word and paragraph
// spacing to the criterion's values, on a 320 CSS px screen, loses nothing off the side of any page. The spacing is
// set through each element's style, as a reader's extension does (the site's CSP refuses an injected stylesheet).
import { afterAll, beforeAll, expect, test } from 'vitest';
import { requireBuild } from '../support/dist.ts';
import { openBrowser } from '../support/browser.ts';
import { startServer, type RunningServer } from '../support/server.ts';
import { PAGES } from './page-list.ts';

let server: RunningServer;
let browser: Awaited<ReturnType<typeof openBrowser>>;

beforeAll(async () => {
  requireBuild();
  server = await startServer();
  browser = await openBrowser({ viewport: { width: 320, height: 800 } });
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

test.each(PAGES)('%s (%s) does not scroll sideways at 320 px with text spacing', async (_name, path) => {
  const page = await browser.context.newPage();
  await page.goto(server.url + path);
  const overflow = await page.evaluate(() => {
    for (const element of document.querySelectorAll<HTMLElement>('body, body *')) {
      element.style.setProperty('line-height', '1.5', 'important');
      element.style.setProperty('letter-spacing', '0.12em', 'important');
      element.style.setProperty('word-spacing', '0.16em', 'important');
      if (element.tagName === 'P') element.style.setProperty('margin-bottom', '2em', 'important');
    }
    return document.documentElement.scrollWidth - document.documentElement.clientWidth;
  });
  expect(overflow, `${path} is wider than the screen by ${overflow} px`).toBe(0);
  await page.close();
});
