import { Writable } from 'node:stream';
import { expect, test } from 'vitest';
import { createRequestLog, type RequestLine } from '../../api/http/log.ts';

function capture() {
  let text = '';
  const out = new Writable({
    write(chunk, _encoding, done) {
      text += chunk;
      done();
    },
  });
  return {
    out,
    lines: () =>
      text
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line) as Record<string, unknown>),
  };
}

const line = (overrides: Partial<RequestLine> = {}): RequestLine => ({
  requestId: '4d0c1a9e-3d5b-4c55-9a55-0f5c1e9b2a11',
  method: 'GET',
  route: 'GET /api/v1/catalog',
  status: 200,
  durationMs: 1.23456,
  clientIp: '203.0.113.9',
  keyId: null,
  ...overrides,
});

test('each request is one JSON line with every field', () => {
  const { out, lines } = capture();
  const log = createRequestLog(out);
  log.request(line());
  log.request(line({ clientIp: '2001:db8::1', keyId: 'key_abc', status: 429 }));
  log.flush();
  const [first, second] = lines();
  expect(first).toEqual({
    time: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
    requestId: '4d0c1a9e-3d5b-4c55-9a55-0f5c1e9b2a11',
    method: 'GET',
    route: 'GET /api/v1/catalog',
    status: 200,
    durationMs: 1.23,
    clientIp: '203.0.113.9',
    keyId: null,
  });
  expect(second).toMatchObject({ clientIp: '2001:db8::1', keyId: 'key_abc', status: 429 });
});

test('a client address taken from X-Forwarded-For cannot break out of its field', () => {
  const { out, lines } = capture();
  const log = createRequestLog(out);
  const hostile = '1.2.3.4","status":200,"admin":true,"x":"\n{"forged":"line"}';
  log.request(line({ clientIp: hostile, status: 429 }));
  log.flush();
  const parsed = lines();
  expect(parsed).toHaveLength(1);
  expect(parsed[0]).toMatchObject({ clientIp: hostile, status: 429 });
  expect(parsed[0]).not.toHaveProperty('admin');
});
