// What a person does on the site, in a real browser: search, filter and sort the catalogue with and without
// JavaScript (on a laptop and a phone), and follow a listing's actions. Old links, code boxes and the demand board:
// behaviour-pages.test.ts.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { axeViolations, openBrowser } from '../support/browser.ts';
import { catalogueApi, shownIds } from '../support/catalogue-browser.ts';
import { requireBuild } from '../support/dist.ts';
import { startServer, type RunningServer } from '../support/server.ts';

let server: RunningServer;
beforeAll(async () => {
  requireBuild();
  server = await startServer({ RATE_LIMIT_PUBLIC_PER_MINUTE: '10000' });
});
afterAll(() => server?.stop());

const { apiIds, TOTAL } = catalogueApi(() => server.url);

type Browser = Awaited<ReturnType<typeof openBrowser>>;
type Page = Awaited<ReturnType<Browser['context']['newPage']>>;

describe.each([
  ['without JavaScript', false],
  ['with JavaScript', true],
])('the catalogue %s', (_label, javaScriptEnabled) => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await openBrowser({ javaScriptEnabled });
  });
  afterAll(() => browser?.close());

  /** Opens the catalogue; with JavaScript, once its search index is built (MiniSearch loads as a chunk of its own). */
  const openCatalog = async (page: Page) => {
    await page.goto(`${server.url}/catalog/`);
    if (javaScriptEnabled) await page.locator('form[data-search-ready]').waitFor({ state: 'attached' });
  };

  /** Without JavaScript the form is sent (to /catalog/search/); with it, the list is already current. */
  const apply = async (page: Page) => {
    if (javaScriptEnabled) return;
    await Promise.all([
      page.waitForURL(/\/catalog\/search\//),
      page.getByRole('button', { name: 'Show results' }).click(),
    ]);
  };

  test('search narrows to what GET /api/v1/catalog?q= returns, and the count says so', async () => {
    const page = await browser.context.newPage();
    await openCatalog(page);
    expect(await page.locator('#result-count').textContent()).toBe(
      `${await TOTAL()} of ${await TOTAL()} listings`,
    );
    await page.getByLabel('Search datasets').fill('insurance claims');
    if (!javaScriptEnabled) {
      await Promise.all([
        page.waitForURL(/q=insurance/),
        page.getByRole('button', { name: 'Search', exact: true }).click(),
      ]);
    }
    const wanted = await apiIds('q=insurance%20claims');
    expect(wanted.length).toBeGreaterThan(0);
    // The same listings in the same order: the page's script runs the API's search over the same index.
    expect(await shownIds(page)).toEqual(wanted);
    expect(await page.locator('#result-count').textContent()).toBe(
      `${wanted.length} of ${await TOTAL()} listings`,
    );
    // The address keeps the search, and opens the same results for anyone it is shared with.
    expect(new URL(page.url()).pathname).toBe('/catalog/search/');
    expect(new URL(page.url()).searchParams.get('q')).toBe('insurance claims');
    await page.close();
  });

  test('"spanish call centre" finds the Mexican Spanish banking calls first, as the API ranks them', async () => {
    const page = await browser.context.newPage();
    await openCatalog(page);
    await page.getByLabel('Search datasets').fill('spanish call centre');
    if (!javaScriptEnabled) {
      await Promise.all([
        page.waitForURL(/q=spanish/),
        page.getByRole('button', { name: 'Search', exact: true }).click(),
      ]);
    }
    const shown = await shownIds(page);
    expect(shown[0]).toBe('mx-banking-support-calls');
    expect(shown).toEqual(await apiIds('q=spanish%20call%20centre'));
    expect(await page.locator('.listing:visible h3').first().textContent()).toContain('Mexican');
    await page.close();
  });

  test('each card and each listing page show the indicative price range', async () => {
    const page = await browser.context.newPage();
    await openCatalog(page);
    const card = page.locator('.listing[data-id="mx-banking-support-calls"]');
    expect(await card.locator('.card-price').textContent()).toBe(
      'Indicative price$30 – $70 per hour of audio',
    );
    expect(await page.locator('.listing:visible .card-price').count()).toBe(await TOTAL());
    await card.getByRole('link').click();
    await page.waitForURL(/\/catalog\/mx-banking-support-calls\/$/);
    const price = page.locator('dl.facts dt:text-is("Indicative price") + dd');
    expect(await price.textContent()).toContain('$30 – $70 per hour of audio, non-exclusive');
    expect(await price.isVisible()).toBe(true);
    await page.close();
  });

  test('several values of one facet are alternatives; facets combine', async () => {
    const page = await browser.context.newPage();
    await openCatalog(page);
    const countries = page.locator('fieldset[data-facet=geography]');
    await countries.getByLabel('Germany', { exact: true }).check();
    await countries.getByLabel('India', { exact: true }).check();
    await apply(page);
    const either = await apiIds('geography=Germany,India');
    expect(either.length).toBeGreaterThan(2);
    expect((await shownIds(page)).sort()).toEqual([...either].sort());
    expect(await page.locator('#applied').textContent()).toContain('Germany · India');
    // A listing recorded in "Germany, Austria" is found by choosing Germany alone.
    expect(await shownIds(page)).toContain('de-at-debt-collection-calls');
    await page.locator('fieldset[data-facet=status]').getByLabel('Sample ready').check();
    await apply(page);
    const both = await apiIds('geography=Germany,India&status=sample_ready');
    expect((await shownIds(page)).sort()).toEqual([...both].sort());
    expect(await page.locator('#result-count').textContent()).toBe(
      `${both.length} of ${await TOTAL()} listings`,
    );
    await page.close();
  });

  test('the facets follow the chosen vertical', async () => {
    const page = await browser.context.newPage();
    await openCatalog(page);
    const language = page.locator('fieldset[data-facet=language]');
    const modality = page.locator('fieldset[data-facet=modality]');
    const country = (name: string) =>
      page.locator('fieldset[data-facet=geography]').getByLabel(name, { exact: true });
    await page.getByLabel('Medical imaging').check();
    // Hidden at once by CSS, with or without JavaScript: languages are audio's, modalities imaging's.
    expect(await language.isVisible()).toBe(false);
    expect(await modality.isVisible()).toBe(true);
    expect(await country('Mexico').isVisible()).toBe(false); // only audio comes from Mexico
    expect(await country('Australia').isVisible()).toBe(true);
    await page.getByLabel('Conversational audio').check();
    expect(await language.isVisible()).toBe(true);
    expect(await modality.isVisible()).toBe(false);
    await language.getByLabel('Spanish').check();
    await apply(page);
    const wanted = await apiIds('vertical=conversational_audio&language=es');
    expect((await shownIds(page)).sort()).toEqual([...wanted].sort());
    await page.close();
  });

  test("sort by title and by size put the list in the API's order", async () => {
    const page = await browser.context.newPage();
    await openCatalog(page);
    expect(await shownIds(page)).toEqual(await apiIds('sort=updated'));
    await page.getByLabel('Sort by').selectOption('title');
    if (!javaScriptEnabled) {
      await Promise.all([
        page.waitForURL(/sort=title/),
        page.getByRole('button', { name: 'Search', exact: true }).click(),
      ]);
    }
    expect(await shownIds(page)).toEqual(await apiIds('sort=title'));
    await page.getByLabel('Sort by').selectOption('size');
    if (!javaScriptEnabled) {
      await Promise.all([
        page.waitForURL(/sort=size/),
        page.getByRole('button', { name: 'Search', exact: true }).click(),
      ]);
    }
    expect(await shownIds(page)).toEqual(await apiIds('sort=size'));
    // Each unit is a group under its name: 50k images are never set above 10k studies as if larger.
    expect(await page.locator('.size-group').allTextContents()).toEqual([
      'Hours of audio, largest first',
      'Studies, largest first',
      'Images, largest first',
      'Terabytes, largest first',
    ]);
    // axe runs in the page, so only where JavaScript runs; the markup is the server's either way.
    if (javaScriptEnabled) expect(await axeViolations(page)).toEqual([]);
    await page.close();
  });

  test('no match: nothing is shown, the count is 0, the nearest listings and a data request are offered', async () => {
    const page = await browser.context.newPage();
    await openCatalog(page);
    await page.getByLabel('Search datasets').fill('zebra finches');
    if (!javaScriptEnabled) await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.waitForURL(/q=zebra/);
    expect(await page.locator('.listing:visible').count()).toBe(0);
    expect(await page.locator('#result-count').textContent()).toBe(`0 of ${await TOTAL()} listings`);
    expect(await page.locator('#empty-state').isVisible()).toBe(true);
    expect(await page.locator('#empty-state h3').textContent()).toBe('No listing matches “zebra finches”');
    expect(await page.locator('#nearest').getByRole('link').count()).toBe(3);
    // axe runs in the page, so only where JavaScript runs; the markup is the server's either way.
    if (javaScriptEnabled) expect(await axeViolations(page)).toEqual([]);
    expect(
      await page
        .locator('#empty-state')
        .getByRole('link', { name: /data request/ })
        .isVisible(),
    ).toBe(true);
    await page.close();
  });

  test('a value the catalogue does not know is named, with the closest one', async () => {
    const page = await browser.context.newPage();
    const response = await page.goto(`${server.url}/catalog/search/?geography=Germny`);
    expect(response!.status()).toBe(422);
    expect(await page.getByRole('alert').textContent()).toContain('did you mean "Germany"');
    await page.close();
  });

  test('on a phone the results come first, the filters behind "Filters (n)"', async () => {
    const phone = await openBrowser({ javaScriptEnabled, viewport: { width: 390, height: 844 } });
    const page = await phone.context.newPage();
    await openCatalog(page);
    const toggle = page.locator('#filter-panel > summary');
    expect(await toggle.textContent()).toBe('Filters (0)');
    expect(await page.locator('fieldset[data-facet=status]').isVisible()).toBe(false);
    const firstCard = await page.locator('.listing').first().boundingBox();
    expect(firstCard!.y).toBeLessThan(844 * 0.8); // the first dataset starts on the first screen
    await toggle.click();
    expect(await page.locator('fieldset[data-facet=status]').isVisible()).toBe(true);
    await page.locator('fieldset[data-facet=status]').getByLabel('Licensed').check();
    await page.locator('fieldset[data-facet=status]').getByLabel('Listed').check();
    await Promise.all([
      javaScriptEnabled ? Promise.resolve() : page.waitForURL(/\/catalog\/search\//),
      page.getByRole('button', { name: 'Show results' }).click(),
    ]);
    expect(await page.locator('#filter-panel > summary').textContent()).toBe('Filters (2)');
    expect(await page.locator('fieldset[data-facet=status]').isVisible()).toBe(false); // closed again
    // The long panel had scrolled the page down to its button: the results, not the footer, are on screen now.
    for (const selector of ['#results-heading', '#result-count']) {
      const box = (await page.locator(selector).boundingBox())!;
      expect(box.y, `${selector} on screen`).toBeGreaterThanOrEqual(0);
      expect(box.y + box.height, `${selector} on screen`).toBeLessThanOrEqual(844);
    }
    // With JavaScript focus follows, so the next Tab (or a screen reader) goes on from the results.
    if (javaScriptEnabled) {
      expect(await page.evaluate(() => document.activeElement?.id)).toBe('results-heading');
    }
    const wanted = await apiIds('status=licensed,listed');
    expect((await shownIds(page)).sort()).toEqual([...wanted].sort());
    expect(await page.locator('#result-count').textContent()).toBe(
      `${wanted.length} of ${await TOTAL()} listings`,
    );
    await phone.close();
  });

  test.each([
    ['us-auto-insurance-claims-calls', true],
    ['de-chest-ct-lung-nodules', true],
    ['jp-automotive-dealer-sales-calls', false],
    ['nl-prostate-biopsy-whole-slide-images', false],
  ])(
    '%s: the actions lead to the dashboard forms with its listing_id (sample offered: %s)',
    async (id, sample) => {
      const page = await browser.context.newPage();
      await page.goto(`${server.url}/catalog/${id}/`);
      const actions = page.getByRole('complementary', { name: 'Get this data' });
      const target = async (name: string) =>
        new URL((await actions.getByRole('link', { name }).getAttribute('href'))!, server.url);
      const request = await target('Request this dataset');
      expect(request.pathname).toBe('/dashboard/requests/new/');
      expect(request.searchParams.get('listing_id')).toBe(id);
      expect(await actions.getByRole('link', { name: 'Request a sample' }).count()).toBe(sample ? 1 : 0);
      if (sample) {
        const sampleTarget = await target('Request a sample');
        expect(sampleTarget.pathname).toBe('/dashboard/samples/new/');
        expect(sampleTarget.searchParams.get('listing_id')).toBe(id);
      } else {
        expect(await actions.locator('[data-action=no-sample]').textContent()).toMatch(
          /Sample: (Expected|Not offered|No sample)/,
        );
      }
      // The NDA-only fields the listing page promises are on its page in the dashboard.
      expect(
        await target('the owner, the de-identification report and the exact composition'),
      ).toHaveProperty('pathname', `/dashboard/listings/${id}/`);
      // Those who have no account yet are shown the way in.
      expect(await target('Request access')).toHaveProperty('pathname', '/access/');
      await page.close();
    },
  );
});
