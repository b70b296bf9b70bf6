// Headers every answer of the site carries (issue 41, smaller items): every HTML page says its charset, the built
// ones and those rendered per request alike; with an https SITE_URL every answer carries HSTS, with http none.
import { afterAll, beforeAll, expect, test } from 'vitest';
import { requireBuild } from '../support/dist.ts';
import { startServer, type RunningServer } from '../support/server.ts';

let plain: RunningServer;
let secure: RunningServer;
beforeAll(async () => {
  requireBuild();
  [plain, secure] = await Promise.all([
    startServer(),
    startServer({ SITE_URL: 'https://data.example', TRUST_PROXY: 'true' }),
  ]);
});
afterAll(async () => {
  await Promise.all([plain?.stop(), secure?.stop()]);
});

const HTML_PAGES = [
  '/',
  '/catalog/',
  '/catalog/search/?q=audio',
  '/legal/nda/',
  '/demand/',
  '/access/',
  '/signin/',
  '/unavailable/',
  '/no-such-page/',
];

test.each(HTML_PAGES)('%s is text/html; charset=utf-8', async (path) => {
  const response = await fetch(plain.url + path, { headers: { Accept: 'text/html' } });
  await response.arrayBuffer();
  expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
});

const EVERY_KIND = [
  ['GET', '/'],
  ['GET', '/access/'],
  ['GET', '/catalog.json'],
  ['GET', '/api/v1/health'],
  ['GET', '/api/v1/no-such-endpoint'],
  ['POST', '/'],
  ['GET', '/mcp'],
] as const;

test.each(EVERY_KIND)('HSTS with an https SITE_URL, none with http: %s %s', async (method, path) => {
  const [overHttps, overHttp] = await Promise.all(
    [secure, plain].map((server) => fetch(server.url + path, { method, redirect: 'manual' })),
  );
  await Promise.all([overHttps!.arrayBuffer(), overHttp!.arrayBuffer()]);
  expect(overHttps!.headers.get('strict-transport-security')).toBe('max-age=31536000');
  expect(overHttp!.headers.get('strict-transport-security')).toBeNull();
});
