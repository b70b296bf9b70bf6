// A real Chromium (Debian's, installed by .ci/run) driven by playwright-core: headless, no sandbox (CI runs as
// root), background networking off (this machine has no network), a fresh profile every time.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import { chromium, type BrowserContext, type Page } from 'playwright-core';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export async function openBrowser(
  options: {
    javaScriptEnabled?: boolean;
    colorScheme?: 'light' | 'dark';
    viewport?: { width: number; height: number };
  } = {},
) {
  const profile = await mkdtemp(join(tmpdir(), 'dss-chromium-'));
  const context: BrowserContext = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    javaScriptEnabled: options.javaScriptEnabled ?? true,
    colorScheme: options.colorScheme ?? 'light',
    viewport: options.viewport ?? { width: 1280, height: 800 },
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-default-apps',
    ],
  });
  return {
    context,
    async close() {
      await context.close();
      await rm(profile, { recursive: true, force: true });
    },
  };
}

/** Signs the browser in as a dashboard session: the session's cookie (`name=value`), for the site's address. */
export async function signIn(context: BrowserContext, cookie: string, siteUrl: string): Promise<void> {
  const [name, value] = cookie.split('=') as [string, string];
  await context.addCookies([{ name, value, url: siteUrl }]);
}

export type PageProblems = { consoleErrors: string[]; failedRequests: string[] };

/** Collects console errors and failed requests (network failures and HTTP errors) while a page is used. */
export function watch(page: Page, expectedStatus: (url: string) => number = () => 200): PageProblems {
  const problems: PageProblems = { consoleErrors: [], failedRequests: [] };
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    // Chromium logs every HTTP error as a console error, including a 404 page's own (expected) status.
    const url = message.location().url;
    if (message.text().startsWith('Failed to load resource') && url && expectedStatus(url) >= 400) return;
    problems.consoleErrors.push(message.text());
  });
  page.on('pageerror', (error) => problems.consoleErrors.push(error.message));
  page.on('requestfailed', (request) =>
    problems.failedRequests.push(`${request.url()} ${request.failure()?.errorText}`),
  );
  page.on('response', (response) => {
    if (response.status() >= 400 && response.status() !== expectedStatus(response.url())) {
      problems.failedRequests.push(`${response.url()} ${response.status()}`);
    }
  });
  return problems;
}

/** WCAG 2.1 A and AA violations axe finds on the page as it is, one line each (empty when there are none). */
export async function axeViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  return results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

const WIDTHS = [
  ['desktop', { width: 1366, height: 900 }],
  ['phone', { width: 390, height: 844 }],
] as const;

/**
 * Photographs are for a person to look at, not for an assertion: taken only with SCREENSHOTS=1 (`npm run
 * test:screenshots`), into screenshots/ (git-ignored). A full-page PNG of every page tested cost `npm test` a minute.
 */
const PHOTOGRAPHS = process.env.SCREENSHOTS === '1';

/** The page as it is now into screenshots/<name>.png, when photographs are asked for. */
export async function keepPhoto(page: Page, name: string, fullPage = true): Promise<void> {
  if (PHOTOGRAPHS) await page.screenshot({ path: `screenshots/${name}.png`, fullPage });
}

/**
 * How far the page scrolls sideways at desktop and phone width (0 when nothing overflows; `load` shows the page again
 * at each width), photographed at each into screenshots/<name>-<width>.png when photographs are asked for.
 */
export async function photograph(
  page: Page,
  name: string,
  load: () => Promise<unknown> = async () => {},
): Promise<Record<string, number>> {
  const overflow: Record<string, number> = {};
  for (const [label, viewport] of WIDTHS) {
    await page.setViewportSize(viewport);
    await load();
    await keepPhoto(page, `${name}-${label}`);
    overflow[label] = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  }
  return overflow;
}

/**
 * axe (light and dark) and screenshots at desktop and phone width of `url`, seen by the signed-in `signedIn`: in a
 * second browser with JavaScript on, since axe and the screenshots run scripts in the page.
 */
export async function looksOf(signedIn: BrowserContext, url: string, name: string) {
  const withScripts = await openBrowser();
  try {
    await withScripts.context.addCookies(await signedIn.cookies());
    const looked = await withScripts.context.newPage();
    await looked.goto(url);
    const violations: string[] = [];
    for (const scheme of ['light', 'dark'] as const) {
      await looked.emulateMedia({ colorScheme: scheme });
      violations.push(...(await axeViolations(looked)).map((line) => `${scheme} ${line}`));
    }
    await looked.emulateMedia({ colorScheme: 'light' });
    return { violations, overflow: await photograph(looked, name) };
  } finally {
    await withScripts.close();
  }
}
