// A listing's "For your training-data summary" in Chromium (issue 43): without JavaScript the entry is there to
// select and no dead button shows; with it, Copy puts exactly the entry on the clipboard and says so.
import { afterAll, beforeAll, expect, test } from 'vitest';
import { aiActSource, aiActSourceText } from '../../api/domain/rights/ai-act-source.ts';
import { loadListings } from '../../api/domain/listings/listing-files.ts';
import { openBrowser } from '../support/browser.ts';
import { requireBuild } from '../support/dist.ts';
import { startServer, type RunningServer } from '../support/server.ts';

const ID = 'kr-lymphoma-pet-ct';
let server: RunningServer;
beforeAll(async () => {
  requireBuild();
  server = await startServer();
});
afterAll(() => server?.stop());

async function expectedText(): Promise<string> {
  const {
    nda: _,
    body: __,
    filePath: ___,
    ...listing
  } = (await loadListings('content/listings')).find((l) => l.id === ID)!;
  // The page was built for SITE_URL, whatever port this server listens on.
  return aiActSourceText(aiActSource(listing, new URL(process.env.SITE_URL ?? 'http://localhost:4321')));
}

test('without JavaScript: the entry is on the page, selectable, and the Copy button stays hidden', async () => {
  const browser = await openBrowser({ javaScriptEnabled: false });
  try {
    const page = await browser.context.newPage();
    await page.goto(`${server.url}/catalog/${ID}/`);
    await expect
      .poll(() => page.locator('#ai-act-text').textContent())
      .toContain('Licence: Training and evaluation');
    expect(await page.locator('button[data-copy="ai-act-text"]').isVisible()).toBe(false);
    expect(await page.locator('#ai-act-text').evaluate((pre) => getComputedStyle(pre).userSelect)).not.toBe(
      'none',
    );
  } finally {
    await browser.close();
  }
});

test('with JavaScript: Copy puts exactly the entry on the clipboard and says so', async () => {
  const browser = await openBrowser();
  try {
    await browser.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
    const page = await browser.context.newPage();
    await page.goto(`${server.url}/catalog/${ID}/`);
    const button = page.locator('button[data-copy="ai-act-text"]');
    await button.click();
    await expect.poll(() => button.textContent()).toBe('Copied');
    expect(await page.locator('[data-copy-status]').textContent()).toBe('Copied to the clipboard.');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(await expectedText());
  } finally {
    await browser.close();
  }
});
