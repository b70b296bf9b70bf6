// The light responses of api/http.ts as the node:http adapter puts them on the wire: headers added by
// setHeaders arrive once each, whether or not someone built the web Headers object first.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { jsonText, setHeaders } from '../../api/http/responses.ts';
import { writeResponse } from '../../api/server/node-adapter.ts';
import { httpRequest } from '../support/http.ts';

const answers: Record<string, () => Response> = {
  '/plain': () => {
    const response = jsonText('{"ok":true}', { status: 429, headers: { 'Retry-After': '7' } });
    setHeaders(response, { 'x-request-id': 'first' });
    setHeaders(response, { 'x-request-id': 'second', 'cache-control': 'no-store' });
    return response;
  },
  '/headers-read-first': () => {
    const response = jsonText('{"ok":true}', { headers: { 'Cache-Control': 'public, max-age=60' } });
    expect(response.headers.get('cache-control')).toBe('public, max-age=60'); // builds the Headers object
    setHeaders(response, { 'cache-control': 'private, no-store', vary: 'Authorization' });
    return response;
  },
  '/web-response': () => {
    const response = new Response('{"ok":true}', { headers: { 'Content-Type': 'application/json' } });
    setHeaders(response, { 'x-request-id': 'web' });
    return response;
  },
};

let base: string;
const server = createServer((req, res) => void writeResponse(req, res, answers[req.url!]!()));

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** Every value sent under `name`, in order. */
function headerValues(raw: string[], name: string): string[] {
  const found: string[] = [];
  for (let i = 0; i < raw.length; i += 2) if (raw[i]!.toLowerCase() === name) found.push(raw[i + 1]!);
  return found;
}

test('headers added to a light response go out once each, the last value winning', async () => {
  const { status, rawHeaders: raw, body } = await httpRequest(`${base}/plain`);
  expect(status).toBe(429);
  expect(body).toBe('{"ok":true}');
  expect(headerValues(raw, 'x-request-id')).toEqual(['second']);
  expect(headerValues(raw, 'retry-after')).toEqual(['7']);
  expect(headerValues(raw, 'cache-control')).toEqual(['no-store']);
  expect(headerValues(raw, 'content-length')).toEqual([String(Buffer.byteLength(body))]);
});

test('headers added after the web Headers object was built still reach the wire, replacing the old value', async () => {
  const { rawHeaders: raw } = await httpRequest(`${base}/headers-read-first`);
  expect(headerValues(raw, 'cache-control')).toEqual(['private, no-store']);
  expect(headerValues(raw, 'vary')).toEqual(['Authorization']);
});

test('setHeaders works on any web Response too', async () => {
  const { rawHeaders: raw, body } = await httpRequest(`${base}/web-response`);
  expect(body).toBe('{"ok":true}');
  expect(headerValues(raw, 'x-request-id')).toEqual(['web']);
});
