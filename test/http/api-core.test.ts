// The API core over HTTP, against the service in process (its signals and start-up refusals: as `npm start` runs it).
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { requireBuild } from '../support/dist.ts';
import { httpRequest } from '../support/http.ts';
import { startApp, type InProcessServer } from '../support/app.ts';
import { startServer } from '../support/server.ts';

const LIMIT = 5;
let server: InProcessServer;

beforeAll(async () => {
  requireBuild();
  server = await startApp({ RATE_LIMIT_PUBLIC_PER_MINUTE: String(LIMIT) });
});
afterAll(() => server?.stop());

// Each test speaks from its own loopback address, so each has its own per-IP window.
let nextHost = 10;
const from = () => `127.0.0.${nextHost++}`;

describe('the error envelope, over HTTP', () => {
  test.each([
    ['GET', '/api/v1/nothing', 404, 'not_found'],
    ['GET', '/api/v1/catalog/no-such-listing', 404, 'not_found'],
    ['GET', '/api/v1/catalog/a%2F..%2Fb', 404, 'not_found'],
    ['DELETE', '/api/v1/catalog', 405, 'method_not_allowed'],
    ['GET', '/api/v1/catalog?verticle=medical_imaging', 422, 'invalid'],
  ])('%s %s → %i %s', async (method, path, status, code) => {
    const response = await httpRequest(server.url + path, { method, from: from() });
    expect(response.status).toBe(status);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    const body = JSON.parse(response.body);
    expect(body.error.code).toBe(code);
    expect(typeof body.error.message).toBe('string');
    expect(response.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    if (status === 405) expect(response.headers.allow).toBe('GET, HEAD, OPTIONS');
    if (status === 422) expect(body.error.fields).toHaveProperty('verticle');
  });

  test('HEAD has the GET headers and no body', async () => {
    const ip = from();
    const get = await httpRequest(`${server.url}/api/v1/catalog`, { from: ip });
    const head = await httpRequest(`${server.url}/api/v1/catalog`, { method: 'HEAD', from: ip });
    expect(head.status).toBe(200);
    expect(head.body).toBe('');
    expect(head.headers['content-length']).toBe(String(Buffer.byteLength(get.body)));
    expect(head.headers['content-type']).toBe(get.headers['content-type']);
  });

  test('CORS: public GETs allow any origin and a preflight is answered', async () => {
    const ip = from();
    const get = await httpRequest(`${server.url}/api/v1/catalog`, {
      headers: { Origin: 'https://lab.example' },
      from: ip,
    });
    expect(get.headers['access-control-allow-origin']).toBe('*');
    const preflight = await httpRequest(`${server.url}/api/v1/catalog/x`, {
      method: 'OPTIONS',
      headers: { Origin: 'https://lab.example', 'Access-Control-Request-Method': 'GET' },
      from: ip,
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers['access-control-allow-methods']).toContain('GET');
  });

  test('every request id is new, and each request is one JSON log line without secrets', async () => {
    const ip = from();
    const a = await httpRequest(`${server.url}/api/v1/catalog?status=listed`, {
      from: ip,
      headers: { Authorization: 'Bearer dss_secret_value' },
    });
    const b = await httpRequest(`${server.url}/api/v1/catalog?status=listed`, { from: ip });
    expect(a.headers['x-request-id']).not.toBe(b.headers['x-request-id']);
    await new Promise((resolve) => setTimeout(resolve, 50));
    const line = server
      .stdout()
      .split('\n')
      .find((l) => l.includes(a.headers['x-request-id'] as string));
    // A malformed key is refused (401) even on a public endpoint, and the log never holds it.
    expect(JSON.parse(line!)).toMatchObject({
      method: 'GET',
      route: 'GET /api/v1/catalog',
      status: 401,
      clientIp: ip,
      keyId: null,
    });
    expect(server.stdout()).not.toContain('dss_secret_value');
  });
});

describe('rate limits per client IP', () => {
  test('the quota, then 429 rate_limited with Retry-After and the headers', async () => {
    const ip = from();
    const responses = [];
    for (let i = 0; i <= LIMIT; i++)
      responses.push(await httpRequest(`${server.url}/api/v1/catalog`, { from: ip }));
    expect(responses.map((r) => r.status)).toEqual([200, 200, 200, 200, 200, 429]);
    expect(responses.map((r) => r.headers.ratelimit)).toEqual(
      [4, 3, 2, 1, 0, 0].map((r) => expect.stringMatching(new RegExp(`^"per-ip";r=${r};t=\\d+$`))),
    );
    const refused = responses[LIMIT]!;
    expect(JSON.parse(refused.body).error.code).toBe('rate_limited');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(refused.headers['ratelimit-policy']).toBe(`"per-ip";q=${LIMIT};w=60`);
  });

  test('another IP keeps its own quota; pages, feeds and health are not limited', async () => {
    const noisy = from();
    for (let i = 0; i <= LIMIT; i++) await httpRequest(`${server.url}/api/v1/catalog`, { from: noisy });
    expect((await httpRequest(`${server.url}/api/v1/catalog`, { from: noisy })).status).toBe(429);
    expect((await httpRequest(`${server.url}/api/v1/catalog`, { from: from() })).status).toBe(200);
    for (const path of ['/catalog.json', '/', '/llms.txt', '/api/v1/health']) {
      const response = await httpRequest(server.url + path, { from: noisy });
      expect(response.status, path).toBe(200);
      if (!path.startsWith('/api/')) expect(response.headers.ratelimit, path).toBeUndefined();
    }
  });

  test('the on-demand /demand/ page counts against the same per-IP limit; static pages do not', async () => {
    const ip = from();
    const pages = [];
    for (let i = 0; i <= LIMIT; i++) pages.push(await httpRequest(`${server.url}/demand/`, { from: ip }));
    expect(pages.map((r) => r.status)).toEqual([200, 200, 200, 200, 200, 429]);
    const refused = pages[LIMIT]!;
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(refused.headers.ratelimit).toMatch(/^"per-ip";r=0;t=\d+$/);
    expect(refused.headers['cache-control']).toBe('no-store');
    // One window for the pages and the API: this address has used its quota on both.
    expect((await httpRequest(`${server.url}/api/v1/catalog`, { from: ip })).status).toBe(429);
    expect((await httpRequest(`${server.url}/catalog/`, { from: ip })).status).toBe(200);
  });

  test("a browser refused a page gets a small page in the site's look: the wait, a way home, the stylesheet", async () => {
    const ip = from();
    const browser = { Accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' };
    let refused;
    for (let i = 0; i <= LIMIT; i++)
      refused = await httpRequest(`${server.url}/demand/`, { from: ip, headers: browser });
    expect(refused!.status).toBe(429);
    expect(refused!.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(refused!.headers['content-security-policy']).toContain("script-src 'self'");
    expect(refused!.headers['cache-control']).toBe('no-store');
    const seconds = Number(refused!.headers['retry-after']);
    expect(seconds).toBeGreaterThanOrEqual(1);
    expect(refused!.headers.ratelimit).toMatch(/^"per-ip";r=0;t=\d+$/);
    expect(refused!.body).toMatch(/^<!doctype html>/);
    expect(refused!.body).toContain(`Wait <strong>${seconds} second`);
    expect(refused!.body).toContain('<a class="brand" href="/">');
    // The stylesheet the built pages use, which is itself served (static files are not limited).
    const css = /<link rel="stylesheet" href="([^"]+)">/.exec(refused!.body)?.[1];
    expect(css).toMatch(/^\/_astro\/.+\.css$/);
    const stylesheet = await httpRequest(server.url + css, { from: ip });
    expect(stylesheet.status).toBe(200);
    expect(stylesheet.headers['content-type']).toBe('text/css; charset=utf-8');
    // HEAD: the same status and headers, no body.
    const head = await httpRequest(`${server.url}/demand/`, { method: 'HEAD', from: ip, headers: browser });
    expect([head.status, head.headers['content-type'], head.body]).toEqual([
      429,
      'text/html; charset=utf-8',
      '',
    ]);
  });

  test('a 429 is decided before the body is read: it arrives while most of the body is still unsent', async () => {
    const ip = from();
    for (let i = 0; i < LIMIT; i++) await httpRequest(`${server.url}/api/v1/catalog`, { from: ip });
    const status = await new Promise<number>((resolve, reject) => {
      const req = request(`${server.url}/api/v1/requests`, {
        method: 'POST',
        localAddress: ip,
        agent: false,
        headers: { 'Content-Type': 'application/json', 'Content-Length': String(1 << 20) },
      });
      req.on('response', (res) => {
        resolve(res.statusCode!);
        req.destroy();
      });
      req.on('error', (error) => reject(error));
      req.write('x'.repeat(64 * 1024)); // one sixteenth of what Content-Length promised; the rest never comes
    });
    expect(status).toBe(429);
  });
});

describe('behind a proxy (TRUST_PROXY=true)', () => {
  let proxied: InProcessServer;
  beforeAll(async () => {
    proxied = await startApp({ RATE_LIMIT_PUBLIC_PER_MINUTE: '2', TRUST_PROXY: 'true' });
  });
  afterAll(() => proxied?.stop());

  test('the client is the address the proxy appended (rightmost), not what the client wrote (leftmost)', async () => {
    const via = (forwarded: string) =>
      httpRequest(`${proxied.url}/api/v1/catalog`, { headers: { 'X-Forwarded-For': forwarded } });
    expect((await via('1.1.1.1, 198.51.100.7')).status).toBe(200);
    expect((await via('2.2.2.2, 198.51.100.7')).status).toBe(200);
    expect((await via('3.3.3.3, 198.51.100.7')).status).toBe(429);
    expect((await via('1.1.1.1, 198.51.100.8')).status).toBe(200);
  });

  test('an IPv6 client counts by its /64: new addresses inside it share the budget (issue 41, item 12)', async () => {
    const via = (address: string) =>
      httpRequest(`${proxied.url}/api/v1/catalog`, { headers: { 'X-Forwarded-For': address } });
    expect((await via('2001:db8:41:12::1')).status).toBe(200);
    expect((await via('2001:db8:41:12::2')).status).toBe(200);
    expect((await via('2001:db8:41:12:ffff:1:2:3')).status).toBe(429);
    expect((await via('2001:db8:41:13::1')).status).toBe(200);
  });
});

test('SIGTERM: a request in flight completes, then the server exits 0', async () => {
  const own = await startServer();
  const response = await fetch(`${own.url}/llms-full.txt`);
  const exit = own.stop('SIGTERM');
  expect((await response.text()).length).toBeGreaterThan(1000);
  expect(await exit).toBe(0);
  expect(own.stdout()).toContain('"msg":"stopped"');
});

test('a bad variable stops start-up: exit 1, one line naming it', async () => {
  const error = await startServer({ RATE_LIMIT_PUBLIC_PER_MINUTE: 'lots' }).then(
    () => undefined,
    (e: Error) => e.message,
  );
  expect(error).toMatch(/exited with 1/);
  expect(error).toContain('Invalid RATE_LIMIT_PUBLIC_PER_MINUTE="lots": expects requests per minute');
});
