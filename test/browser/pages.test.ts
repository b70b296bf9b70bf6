// Every page type in a real browser, against the built server: it loads cleanly, passes axe (WCAG 2.1 AA) in
// light and dark, works with a keyboard, and does not scroll sideways at desktop and phone width.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { requireBuild } from '../support/dist.ts';
import { axeViolations, openBrowser, photograph, watch } from '../support/browser.ts';
import { startServer, type RunningServer } from '../support/server.ts';
import { PAGES } from './page-list.ts';

let server: RunningServer;
let browser: Awaited<ReturnType<typeof openBrowser>>;

beforeAll(async () => {
  requireBuild();
  server = await startServer();
  browser = await openBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe.each(PAGES)('%s (%s)', (name, path, status) => {
  test('loads with no console error and no failed request', async () => {
    const page = await browser.context.newPage();
    const problems = watch(page, (url) =>
      new URL(url).pathname === new URL(path, server.url).pathname ? status : 200,
    );
    const response = await page.goto(server.url + path, { waitUntil: 'networkidle' });
    expect(response!.status()).toBe(status);
    expect(await page.locator('h1').count()).toBe(1);
    expect(problems).toEqual({ consoleErrors: [], failedRequests: [] });
    await page.close();
  });

  test.each(['light', 'dark'] as const)('axe finds no WCAG 2.1 AA violation (%s)', async (scheme) => {
    const page = await browser.context.newPage();
    await page.emulateMedia({ colorScheme: scheme });
    await page.goto(server.url + path);
    expect(await axeViolations(page)).toEqual([]);
    await page.close();
  });

  test('every control is reachable by keyboard and visibly focused', async () => {
    const page = await browser.context.newPage();
    await page.goto(server.url + path);
    const focusable = await page
      .locator('a[href], button, input, select, summary, [tabindex]:not([tabindex="-1"])')
      .count();
    const seen = new Set<string>();
    for (let i = 0; i < Math.min(focusable + 2, 120); i++) {
      await page.keyboard.press('Tab');
      const focus = await page.evaluate(() => {
        const element = document.activeElement as HTMLElement | null;
        if (!element || element === document.body) return null;
        const style = getComputedStyle(element);
        return {
          key: `${element.tagName}#${element.id}.${element.textContent?.trim().slice(0, 30)}@${element.getAttribute('href') ?? ''}${(element as HTMLInputElement).value ?? ''}`,
          visible: style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0,
        };
      });
      if (!focus) continue;
      expect(focus.visible, `focus ring on ${focus.key}`).toBe(true);
      seen.add(focus.key);
    }
    expect(seen.size).toBeGreaterThan(3);
    await page.close();
  });

  test('no sideways scroll at desktop and phone width', async () => {
    const page = await browser.context.newPage();
    const overflow = await photograph(page, name, () =>
      page.goto(server.url + path, { waitUntil: 'networkidle' }),
    );
    expect(overflow, `${name} scrolls sideways`).toEqual({ desktop: 0, phone: 0 });
    await page.close();
  });
});
