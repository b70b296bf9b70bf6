// What a person does on the site, in a real browser, beyond the catalogue's search (behaviour.test.ts): a link from
// before multi-select still opens filtered, code boxes show whole lines, and the demand board shows what labs publish.
import { afterAll, beforeAll, expect, test } from 'vitest';
import { openBrowser } from '../support/browser.ts';
import { catalogueApi, shownIds } from '../support/catalogue-browser.ts';
import { requireBuild } from '../support/dist.ts';
import { makeLab } from '../support/lab.ts';
import { startServer, type RunningServer } from '../support/server.ts';

let server: RunningServer;
beforeAll(async () => {
  requireBuild();
  server = await startServer({ RATE_LIMIT_PUBLIC_PER_MINUTE: '10000' });
});
afterAll(() => server?.stop());

const { apiIds, TOTAL } = catalogueApi(() => server.url);

test('a link from before multi-select (/catalog/?vertical=…&status=…) still opens filtered, with JavaScript', async () => {
  const browser = await openBrowser();
  const page = await browser.context.newPage();
  await page.goto(`${server.url}/catalog/?vertical=conversational_audio&status=licensed`);
  await page.locator('form[data-search-ready]').waitFor({ state: 'attached' });
  const wanted = await apiIds('vertical=conversational_audio&status=licensed');
  expect((await shownIds(page)).sort()).toEqual([...wanted].sort());
  expect(await page.locator('#result-count').textContent()).toBe(
    `${wanted.length} of ${await TOTAL()} listings`,
  );
  await browser.close();
});

test.each([
  [1366, 900],
  [390, 844],
])('at %i px, the code boxes of a listing and of the API guide show whole lines', async (width, height) => {
  const browser = await openBrowser({ viewport: { width, height } });
  const page = await browser.context.newPage();
  // The listing's "From the API" box is narrow on a laptop (a side column): its lines wrap instead of being cut.
  await page.goto(`${server.url}/catalog/us-auto-insurance-claims-calls/`);
  await page.locator('.api-call > summary').click();
  const box = page.locator('.api-call pre');
  expect(await box.isVisible()).toBe(true);
  expect(await box.evaluate((pre) => pre.scrollWidth - pre.clientWidth)).toBeLessThanOrEqual(0);
  expect(await box.textContent()).toContain('us-auto-insurance-claims-calls');
  // The guide's longest example, the POST of a data request, fits the box on a laptop (scrolls on a phone).
  if (width > 1000) {
    await page.goto(`${server.url}/docs/api/`);
    const example = page.getByRole('region', {
      name: 'curl example: POST /api/v1/requests',
      exact: true,
    });
    expect(await example.evaluate((pre) => pre.scrollWidth - pre.clientWidth)).toBeLessThanOrEqual(0);
  }
  await browser.close();
});

test('an empty demand board says there is no open request yet, and how a holder of data reaches us', async () => {
  const empty = await startServer();
  const browser = await openBrowser();
  const page = await browser.context.newPage();
  await page.goto(`${empty.url}/demand/`);
  const main = page.locator('main');
  expect(await main.textContent()).toContain('No open requests yet');
  expect(await main.textContent()).not.toMatch(/0 of 0|No request matches/);
  const contact = main.getByRole('link', { name: 'talk to us' });
  expect(await contact.getAttribute('href')).toBe('/contact/');
  await browser.close();
  await empty.stop();
});

test('a request POSTed with publish_to_demand_board appears on /demand/ on the next load, anonymised', async () => {
  const lab = await makeLab(server.dataDir, 'Secretive Lab Inc');
  const browser = await openBrowser();
  const page = await browser.context.newPage();
  await page.goto(`${server.url}/demand/`);
  const before = await page.locator('.demand-post').count();
  const description = 'Cardiology ultrasound with measurements; this sentence must stay private.';
  const response = await fetch(`${server.url}/api/v1/requests`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${lab.key}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({
      data_types: ['ultrasound_study'],
      languages: ['de'],
      domains: ['cardiology'],
      volume: '1-10 TB',
      description,
      publish_to_demand_board: true,
    }),
  });
  expect(response.status).toBe(201);
  await page.reload();
  expect(await page.locator('.demand-post').count()).toBe(before + 1);
  const newest = page.locator('.demand-post').first();
  expect(await newest.locator('h2').textContent()).toBe('Ultrasound study');
  expect(await newest.textContent()).toContain('German');
  const html = await page.content();
  expect(html).not.toContain('Secretive Lab');
  expect(html).not.toContain('must stay private');
  // The GET filters narrow it without JavaScript too.
  await page.selectOption('select[name=data_type]', 'ultrasound_study');
  await page.getByRole('button', { name: 'Filter' }).click();
  await page.waitForURL(/data_type=ultrasound_study/);
  expect(await page.locator('.demand-post').count()).toBeGreaterThanOrEqual(1);
  await browser.close();
});
