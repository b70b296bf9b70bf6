// What a person does on the site, in a real browser: filter the catalogue with and without JavaScript, copy a
// listing's curl example, and see a published request on the demand board.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { openBrowser } from '../support/browser.ts';
import { requireBuild } from '../support/dist.ts';
import { makeLab } from '../support/lab.ts';
import { ops } from '../support/ops.ts';
import { startServer, type RunningServer } from '../support/server.ts';

let server: RunningServer;
beforeAll(async () => {
  requireBuild();
  server = await startServer({ RATE_LIMIT_PUBLIC_PER_MINUTE: '10000' });
});
afterAll(() => server?.stop());

const apiCount = async (query: string) =>
  ((await (await fetch(`${server.url}/api/v1/catalog?${query}`)).json()) as { count: number }).count;

describe.each([
  ['without JavaScript', false],
  ['with JavaScript', true],
])('catalogue filters %s', (_label, javaScriptEnabled) => {
  let browser: Awaited<ReturnType<typeof openBrowser>>;
  beforeAll(async () => {
    browser = await openBrowser({ javaScriptEnabled });
  });
  afterAll(() => browser?.close());

  test('each filter narrows the list to what the API returns, and filters combine', async () => {
    const page = await browser.context.newPage();
    await page.goto(`${server.url}/catalog/`);
    const visible = () => page.locator('.listing:visible').count();
    expect(await visible()).toBe(await apiCount(''));
    await page.getByLabel('Medical imaging').check();
    expect(await visible()).toBe(await apiCount('vertical=medical_imaging'));
    await page.getByLabel('Sample ready').check();
    expect(await visible()).toBe(await apiCount('vertical=medical_imaging&status=sample_ready'));
    await page.getByLabel('Any').first().check(); // vertical: any
    await page.getByLabel('Any').nth(1).check(); // status: any
    await page.getByLabel('Spanish').check();
    expect(await visible()).toBe(await apiCount('language=es'));
    await page.locator('summary', { hasText: 'Modality' }).click(); // open the collapsed facet
    expect(await page.getByLabel('Computed tomography (CT)').isVisible()).toBe(true);
    await page.close();
  });

  test('no match: nothing is shown and a data request is suggested', async () => {
    const page = await browser.context.newPage();
    await page.goto(`${server.url}/catalog/`);
    await page.getByLabel('Medical imaging').check();
    await page.getByLabel('English').check();
    expect(await page.locator('.listing:visible').count()).toBe(0);
    expect(
      await page
        .getByRole('link', { name: /data request/ })
        .first()
        .isVisible(),
    ).toBe(true);
    if (javaScriptEnabled) {
      expect(await page.locator('#empty-state').isVisible()).toBe(true);
      expect(await page.locator('#result-count').textContent()).toBe(
        `0 of ${await apiCount('')} listings shown`,
      );
      expect(new URL(page.url()).search).toBe('?vertical=medical_imaging&language=en');
    }
    await page.close();
  });
});

test('with JavaScript, a shared filter URL opens filtered', async () => {
  const browser = await openBrowser();
  const page = await browser.context.newPage();
  await page.goto(`${server.url}/catalog/?vertical=conversational_audio&status=licensed`);
  expect(await page.locator('.listing:visible').count()).toBe(
    await apiCount('vertical=conversational_audio&status=licensed'),
  );
  expect(await page.locator('#result-count').textContent()).toMatch(/^\d+ of \d+ listings shown$/);
  await browser.close();
});

test("a listing page's curl example is the API's sample endpoint for that listing", async () => {
  const lab = await makeLab(server.dataDir);
  await ops(server.dataDir, 'nda', 'accept', '--org', lab.orgId);
  const browser = await openBrowser();
  const page = await browser.context.newPage();
  await page.goto(`${server.url}/catalog/us-auto-insurance-claims-calls/`);
  const curl = (await page.locator('pre code').first().textContent())!;
  const [, method, url] = /curl -X (\w+) (\S+)/.exec(curl)!;
  expect(curl).toContain('Authorization: Bearer $DSS_API_KEY');
  const path = new URL(url!).pathname;
  expect(path).toBe('/api/v1/samples/us-auto-insurance-claims-calls');
  const response = await fetch(server.url + path, {
    method,
    headers: { Authorization: `Bearer ${lab.key}` },
  });
  expect(response.status).toBe(202);
  expect(await response.json()).toEqual({
    status: 'pending_verification',
    id: expect.stringMatching(/^smp_/),
  });
  await browser.close();
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
