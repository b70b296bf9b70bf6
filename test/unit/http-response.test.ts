// Replies as the node:http adapter puts them on the wire: each header once, the length of the bytes sent, no
// body for HEAD, and a streamed body piped whole.
import { createServer, get } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { json, jsonText } from '../../api/http/responses.ts';
import type { Reply } from '../../api/http/types.ts';
import { writeReply } from '../../api/server/node-adapter.ts';
import { httpRequest } from '../support/http.ts';

const answers: Record<string, () => Reply> = {
  '/plain': () => {
    const reply = jsonText('{"ok":"é"}', { status: 429, headers: { 'Retry-After': '7' } });
    Object.assign(
      reply.headers,
      { 'x-request-id': 'first' },
      { 'x-request-id': 'second', 'cache-control': 'no-store' },
    );
    return reply;
  },
  '/bytes': () => jsonText(Buffer.from('{"n":1}')),
  '/stream': () => ({
    status: 200,
    headers: { 'content-type': 'text/plain' },
    body: new Blob(['one ', 'two ', 'three']).stream(),
  }),
  '/head': () => json({ hidden: true }),
  // A download the client leaves half-way: one chunk, then the stream waits.
  '/endless': () => ({
    status: 200,
    headers: { 'content-type': 'application/octet-stream' },
    body: new ReadableStream({ start: (controller) => controller.enqueue(new Uint8Array(1024)) }),
  }),
};

let base: string;
/** What writeReply reported for each answer it finished: an error, or null. */
const finished: (Error | null | undefined)[] = [];
const server = createServer(
  (req, res) => void writeReply(req, res, answers[req.url!]!(), (error) => finished.push(error)),
);

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

test('headers go out once each, the last value winning, with the byte length of the body', async () => {
  const { status, rawHeaders: raw, body } = await httpRequest(`${base}/plain`);
  expect(status).toBe(429);
  expect(body).toBe('{"ok":"é"}');
  expect(headerValues(raw, 'x-request-id')).toEqual(['second']);
  expect(headerValues(raw, 'retry-after')).toEqual(['7']);
  expect(headerValues(raw, 'cache-control')).toEqual(['no-store']);
  expect(headerValues(raw, 'content-length')).toEqual([String(Buffer.byteLength(body))]);
});

test('bytes are sent as they are', async () => {
  const { body, rawHeaders: raw } = await httpRequest(`${base}/bytes`);
  expect(body).toBe('{"n":1}');
  expect(headerValues(raw, 'content-type')).toEqual(['application/json; charset=utf-8']);
});

test('a streamed body arrives whole', async () => {
  expect((await httpRequest(`${base}/stream`)).body).toBe('one two three');
});

test('HEAD gets the headers and no body', async () => {
  const { body, rawHeaders: raw } = await httpRequest(`${base}/head`, { method: 'HEAD' });
  expect(body).toBe('');
  expect(headerValues(raw, 'content-length')).toEqual([String(Buffer.byteLength('{"hidden":true}'))]);
});

test('a client that hangs up during a streamed body is not reported as a failure', async () => {
  const before = finished.length;
  await new Promise<void>((resolve, reject) => {
    const request = get(`${base}/endless`, (response) =>
      response.once('data', () => {
        request.destroy(); // the person cancelled the download
        resolve();
      }),
    );
    request.on('error', (error) => (error.message === 'socket hang up' ? undefined : reject(error)));
  });
  await expect.poll(() => finished.length).toBe(before + 1);
  expect(finished.at(-1)).toBeNull();
});
