// The built server, as `npm start` runs it, answers pages and feeds over HTTP.
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { DIST_CLIENT, requireBuild } from '../support/dist.ts';
import { startServer, type RunningServer } from '../support/server.ts';
import { testingPostgres } from '../support/store-env.ts';

let server: RunningServer;

beforeAll(async () => {
  requireBuild();
  server = await startServer();
});
afterAll(() => server?.stop());

test.each([
  ['/', 'text/html', 'Licensed training data for AI labs'],
  ['/catalog/', 'text/html', '<h1>Catalogue</h1>'],
  ['/catalog.json', 'application/json', '"count":'],
  ['/llms.txt', 'text/plain', '# Data Sourcing Service'],
])('GET %s answers 200 %s', async (path, type, text) => {
  const response = await fetch(server.url + path);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toContain(type);
  expect(await response.text()).toContain(text);
});

test('/catalog.json is served byte for byte as built', async () => {
  const response = await fetch(`${server.url}/catalog.json`);
  expect(await response.text()).toBe(await readFile(`${DIST_CLIENT}/catalog.json`, 'utf8'));
});

test('an invalid configuration stops start-up with one line naming the variable', async () => {
  await expect(startServer({ PORT: 'eighty' })).rejects.toThrow(
    /Invalid PORT="eighty": expects a port number/,
  );
});

test('a bad DATABASE_URL or REDIS_URL is named at start-up, never echoed: either may hold a password', async () => {
  for (const [name, value] of [
    ['DATABASE_URL', 'postgresql+psycopg://dss:Pa55w0rd-s3cret@db.example/dss'],
    ['REDIS_URL', 'redis//:Pa55w0rd-s3cret@cache.example:6379'],
  ]) {
    const refused = await startServer({ [name!]: value!, LINK_SECRET: 'x'.repeat(32) }).then(
      () => new Error('started'),
      (error: Error) => error,
    );
    expect(refused.message).toMatch(new RegExp(`Invalid ${name} \\(value not shown\\): expects `));
    expect(refused.message).not.toContain('s3cret');
  }
});

test('a build made for another SITE_URL is named at start-up, since its links point there', async () => {
  const built = JSON.parse(await readFile(`${DIST_CLIENT}/openapi.json`, 'utf8')).servers[0].url;
  const elsewhere = await startServer({ SITE_URL: 'https://data.elsewhere.example' });
  const matching = await startServer({ SITE_URL: built });
  try {
    expect(elsewhere.stdout()).toContain(
      `warning: the build links to ${built}, but SITE_URL is https://data.elsewhere.example; rebuild with this SITE_URL`,
    );
    expect(matching.stdout()).not.toContain('warning: the build links to');
  } finally {
    await Promise.all([elsewhere.stop(), matching.stop()]);
  }
});

test('pages and feeds carry an ETag; a matching If-None-Match gets 304 with no body', async () => {
  for (const path of ['/catalog/', '/catalog.json', '/llms.txt']) {
    const first = await fetch(server.url + path);
    const etag = first.headers.get('etag');
    expect(etag, path).toMatch(/^"[\w-]+"$/);
    const again = await fetch(server.url + path, { headers: { 'If-None-Match': etag! } });
    expect(again.status, path).toBe(304);
    expect(await again.text()).toBe('');
  }
});

test('If-None-Match is compared weakly and may be a list or *, as caches and proxies send it', async () => {
  const etag = (await fetch(`${server.url}/llms.txt`)).headers.get('etag')!;
  const status = async (ifNoneMatch: string) =>
    (await fetch(`${server.url}/llms.txt`, { headers: { 'If-None-Match': ifNoneMatch } })).status;
  expect(await status(`W/${etag}`)).toBe(304);
  expect(await status(`"older", ${etag}`)).toBe(304);
  expect(await status('*')).toBe(304);
  expect(await status('"older", W/"other"')).toBe(200);
});

test.each([
  ['/', 'text/html; charset=utf-8'],
  ['/catalog/de-chest-ct-lung-nodules/', 'text/html; charset=utf-8'],
  ['/catalog/de-chest-ct-lung-nodules.md', 'text/markdown; charset=utf-8'],
  ['/feed.xml', 'application/rss+xml; charset=utf-8'],
  ['/catalog/de-chest-ct-lung-nodules/croissant.json', 'application/ld+json; charset=utf-8'],
  ['/catalog/de-chest-ct-lung-nodules/preview.png', 'image/png'],
  ['/favicon.ico', 'image/x-icon'],
  ['/catalog/search/?q=ct', 'text/html; charset=utf-8'],
])('%s is %s with the security headers', async (path, type) => {
  const response = await fetch(server.url + path);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toBe(type);
  expect(response.headers.get('content-security-policy')).toContain("script-src 'self'");
  expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
  expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
});

test('the server says which store it uses: PostgreSQL in the postgres project, DATA_DIR otherwise', async () => {
  const server = await startServer();
  try {
    const listening = server
      .stdout()
      .split('\n')
      .find((line) => line.includes('"msg":"listening"'))!;
    expect(JSON.parse(listening).store).toMatch(
      testingPostgres() ? /^PostgreSQL 127\.0\.0\.1:\d+\/dss_/ : /^DATA_DIR \//,
    );
  } finally {
    await server.stop();
  }
});
