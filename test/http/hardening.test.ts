// Answers that used to fall outside the contract (issue 20): what node:http refuses before our handler (a 20 KB
// header, a body cut short of its Content-Length) still gets the envelope under /api/v1/; the site answers GET and
// HEAD only, never a 500 with a stack trace; a path that does not decode is a plain, uncached 400; a HEAD is not
// an NDA disclosure.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { apiClient, LISTING_ID, startApiServer, VALID_REQUEST } from '../support/api-client.ts';
import { httpRequest } from '../support/http.ts';
import { makeLab, type Lab } from '../support/lab.ts';
import { openSocket, rawExchange, readAnswer } from '../support/raw-socket.ts';
import type { InProcessServer } from '../support/app.ts';

let server: InProcessServer;
let lab: Lab;
const { opsOk } = apiClient(() => server);

beforeAll(async () => {
  server = await startApiServer();
  lab = await makeLab(server.dataDir, 'hardening lab');
  await opsOk('nda', 'accept', '--org', lab.orgId);
});
afterAll(async () => {
  await server?.stop();
});

function expectEnvelope(
  answer: { status: number; headers: Record<string, string>; body: string },
  status: number,
  code: string,
) {
  expect(answer.status, answer.body).toBe(status);
  expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
  const body = JSON.parse(answer.body);
  expect(Object.keys(body)).toEqual(['error']);
  expect(body.error.code).toBe(code);
  expect(typeof body.error.message).toBe('string');
}

describe('what node:http refuses is still the envelope under /api/v1/', () => {
  const bigAuthorization = `Bearer ${'a'.repeat(20 * 1024)}`;

  test('a 20 KB Authorization header: 431 headers_too_large, as JSON', async () => {
    const answer = await rawExchange(
      server.url,
      `GET /api/v1/catalog HTTP/1.1\r\nHost: localhost\r\nAuthorization: ${bigAuthorization}\r\n\r\n`,
    );
    expectEnvelope(answer, 431, 'headers_too_large');
    expect(answer.headers['cache-control']).toBe('no-store');
  });

  test('the same header on a page: 431, without a JSON body', async () => {
    const answer = await rawExchange(
      server.url,
      `GET /catalog/ HTTP/1.1\r\nHost: localhost\r\nAuthorization: ${bigAuthorization}\r\n\r\n`,
    );
    expect(answer.status).toBe(431);
    expect(answer.headers['content-type']).toBeUndefined();
  });

  test('a body shorter than its Content-Length, then the end of the stream: 400 bad_request, as JSON', async () => {
    const body = JSON.stringify(VALID_REQUEST);
    const answer = await rawExchange(
      server.url,
      `POST /api/v1/requests HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer ${lab.key}\r\n` +
        `Content-Type: application/json\r\nContent-Length: ${body.length + 100}\r\n\r\n${body}`,
      { halfClose: true },
    );
    expectEnvelope(answer, 400, 'bad_request');
  });

  test('a header line without a colon: 400 bad_request, as JSON', async () => {
    const answer = await rawExchange(
      server.url,
      'GET /api/v1/catalog HTTP/1.1\r\nHost: localhost\r\nNot a header\r\n\r\n',
    );
    expectEnvelope(answer, 400, 'bad_request');
  });

  test('a bad request on a connection that already had an API answer: the envelope again', async () => {
    const socket = await openSocket(server.url);
    const answered = readAnswer(socket);
    socket.write('GET /api/v1/health HTTP/1.1\r\nHost: localhost\r\n\r\n');
    await new Promise((resolve) => setTimeout(resolve, 300)); // the first answer is out before the bad request
    socket.write('GET /api/v1/catalog HTTP/1.1\r\nHost: localhost\r\nNot a header\r\n\r\n');
    const answer = await answered;
    expect(answer.status).toBe(200); // the first answer
    const second = answer.raw.slice(answer.raw.indexOf('HTTP/1.1', 10));
    expect(second).toMatch(/^HTTP\/1\.1 400 /);
    expect(second).toContain('"code":"bad_request"');
  });
});

describe('site paths answer GET and HEAD only', () => {
  const paths = [
    '/',
    '/catalog/',
    '/catalog.json',
    '/llms.txt',
    '/demand/',
    '/no-such-page/',
    '/nothing.json',
  ];
  const methods = ['POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'TRACE'];
  test.each(paths.flatMap((path) => methods.map((method) => ({ path, method }))))(
    '$method $path → 405 with Allow: GET, HEAD',
    async ({ path, method }) => {
      const response = await httpRequest(server.url + path, { method });
      expect(response.status, response.body).toBe(405);
      expect(response.headers.allow).toBe('GET, HEAD');
      expect(response.headers['cache-control']).toBe('no-store');
      expect(response.body).not.toMatch(/\n\s+at /); // never a stack trace
    },
  );

  test('GET and HEAD still work on pages, feeds and the on-demand page', async () => {
    for (const path of ['/', '/catalog.json', '/demand/']) {
      expect((await httpRequest(server.url + path)).status, path).toBe(200);
      expect((await httpRequest(server.url + path, { method: 'HEAD' })).status, path).toBe(200);
    }
  });
});

describe('paths that do not decode, and errors at feed paths', () => {
  test.each(['/%e0%80%ae%e0%80%ae/package.json', '/%ff.json', '/catalog/%c0%af', '/100%.txt'])(
    'GET %s → 400 plain text, not cached',
    async (path) => {
      const response = await httpRequest(server.url + path);
      expect(response.status).toBe(400);
      expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
      expect(response.headers['cache-control']).toBe('no-store');
    },
  );

  test('a missing feed is a 404 that is neither labelled JSON nor publicly cached', async () => {
    const response = await httpRequest(`${server.url}/catalog/no-such-listing.json`);
    expect(response.status).toBe(404);
    expect(response.headers['content-type'] ?? '').not.toContain('application/json');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['access-control-allow-origin']).toBeUndefined();
  });
});

test('a HEAD of a listing with an NDA key shows nothing, so it is not audited; a GET is, once', async () => {
  const audited = async () =>
    ((await opsOk('audit', 'list', '--org', lab.orgId)) as { kind: string }[]).filter(
      (entry) => entry.kind === 'nda_disclosure',
    ).length;
  const url = `${server.url}/api/v1/catalog/${LISTING_ID}`;
  const headers = { Authorization: `Bearer ${lab.key}` };
  const head = await httpRequest(url, { method: 'HEAD', headers });
  expect(head.status).toBe(200);
  expect(head.body).toBe('');
  expect(await audited()).toBe(0);
  const get = await httpRequest(url, { headers });
  expect(get.status).toBe(200);
  expect(JSON.parse(get.body).data.owner).toBeDefined();
  expect(head.headers['content-length']).toBe(get.headers['content-length']);
  expect(await audited()).toBe(1);
});
