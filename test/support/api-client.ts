// What the lab-facing HTTP tests share (lab-journey, key-lifecycle, authentication, bola, idempotency,
// request-bodies, request-properties): the service as they start it (in process, support/app.ts), the API over
// fetch, the operator CLI on the service's DATA_DIR, and the error envelope's checks. Each of those files starts its
// own service with `startApiServer()` and makes its own labs (support/lab.ts); nothing here holds state between files.
import { expect } from 'vitest';
import { startApp, type InProcessServer } from './app.ts';
import * as operator from './ops.ts';

/** JSON from the CLI and the API: its shape is what the tests check. */
export type Json = any;

export const MAX_BODY_BYTES = 2048;
export const LISTING_ID = 'us-auto-insurance-claims-calls';

export const VALID_REQUEST = {
  data_types: ['call_audio'],
  description: 'Inbound support calls with both channels, for speech recognition evaluation.',
};

/**
 * The service with the rate limits out of the way (these tests make hundreds of keyed requests, the property
 * tests most) and a small body limit (so "too large" is cheap to send).
 */
export function startApiServer(env: Record<string, string> = {}): Promise<InProcessServer> {
  return startApp({
    RATE_LIMIT_KEY_PER_MINUTE: '100000',
    RATE_LIMIT_PUBLIC_PER_MINUTE: '100000',
    DATA_REQUESTS_PER_HOUR: '100000',
    KEYS_PER_ORG: '100000',
    MAX_BODY_BYTES: String(MAX_BODY_BYTES),
    ...env,
  });
}

export type Reply = { status: number; headers: Headers; text: string; body: Json };

/** A response read whole: its text, and the JSON in it (undefined if it is not JSON). */
export async function readReply(response: Response): Promise<Reply> {
  const text = await response.text();
  let body: Json;
  try {
    body = JSON.parse(text);
  } catch {
    body = undefined;
  }
  return { status: response.status, headers: response.headers, text, body };
}

export type CallOptions = {
  method?: string;
  key?: string;
  authorization?: string;
  headers?: Record<string, string>;
  body?: unknown;
};

/**
 * The API over fetch and the operator CLI, both against the server `server()` returns: a function, because a test
 * file declares its client before its beforeAll has started the server.
 */
export function apiClient(
  server: () => { url: string; dataDir: string },
  options: { cliProcess?: boolean } = {},
) {
  const run = options.cliProcess ? operator.opsOkProcess : operator.opsOk;
  /** Runs an operator command that must succeed (as a child process with `cliProcess`), and returns its JSON. */
  const opsOk = (...args: string[]): Promise<Json> => run(server().dataDir, ...args);

  async function call(path: string, options: CallOptions = {}): Promise<Reply> {
    const headers: Record<string, string> = {};
    if (options.key !== undefined) headers.Authorization = `Bearer ${options.key}`;
    if (options.authorization !== undefined) headers.Authorization = options.authorization;
    let body: string | undefined;
    if (options.body !== undefined) {
      headers['Content-Type'] = 'application/json';
      // A string is sent as it is (raw JSON text); anything else is serialised.
      body = typeof options.body === 'string' ? options.body : JSON.stringify(options.body);
    }
    Object.assign(headers, options.headers);
    return readReply(await fetch(server().url + path, { method: options.method ?? 'GET', headers, body }));
  }

  const postRequest = (key: string, body: unknown, headers: Record<string, string> = {}) =>
    call('/api/v1/requests', { method: 'POST', key, body, headers });

  return { opsOk, call, postRequest };
}

/** The error envelope (contract §5): `{ error: { code, message } }` (and `fields` on 422), nothing else. */
export function expectError(reply: Reply, status: number, code: string) {
  expect(reply.status, reply.text).toBe(status);
  expect(reply.headers.get('content-type')).toBe('application/json; charset=utf-8');
  expect(reply.body?.error?.code, reply.text).toBe(code);
  expect(typeof reply.body.error.message).toBe('string');
  expect(Object.keys(reply.body)).toEqual(['error']);
}

export function expectUnauthorized(reply: Reply) {
  expectError(reply, 401, 'unauthorized');
  expect(reply.headers.get('www-authenticate')).toMatch(/^Bearer/);
}
