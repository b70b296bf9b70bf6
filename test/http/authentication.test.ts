// Every way authentication can fail, on every keyed endpoint and (with a header present) on the public ones: no
// header, another scheme, a malformed, truncated, wrong-checksum, unknown or revoked key. Each is 401 unauthorized
// with the error envelope and a Bearer challenge (contract §5), never a 403 or 404 that would tell keys apart; and a
// refused request stores nothing. On a lab of its own, with a second key the CLI revoked.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { newApiKey } from '../../api/domain/ids.ts';
import {
  apiClient,
  expectUnauthorized,
  LISTING_ID,
  startApiServer,
  VALID_REQUEST,
  type Json,
} from '../support/api-client.ts';
import { makeLab, type Lab } from '../support/lab.ts';
import type { InProcessServer } from '../support/app.ts';

let server: InProcessServer;
const { opsOk, call } = apiClient(() => server);

beforeAll(async () => {
  server = await startApiServer();
});
afterAll(async () => {
  await server?.stop();
});

describe('every authentication failure is 401 unauthorized with a Bearer challenge', () => {
  let lab: Lab;
  let revokedKey: string;
  beforeAll(async () => {
    lab = await makeLab(server.dataDir, 'authentication lab'); // no request yet: nothing stored is checked below
    const doomed = await opsOk('key', 'issue', '--account', lab.accountId);
    await opsOk('key', 'revoke', doomed.id);
    revokedKey = doomed.key;
  });

  const wrongChecksum = () => {
    const key = newApiKey();
    return key.slice(0, -1) + (key.endsWith('A') ? 'B' : 'A');
  };
  const presentButInvalid: [string, () => string][] = [
    ['Basic abc', () => 'Basic abc'],
    ['Bearer with nothing', () => 'Bearer'],
    ['Bearer and two tokens', () => `Bearer ${newApiKey()} ${newApiKey()}`],
    ['a malformed key', () => 'Bearer not-a-key'],
    ['a truncated key', () => `Bearer ${newApiKey().slice(0, -1)}`],
    ['a well-formed key with a wrong checksum', () => `Bearer ${wrongChecksum()}`],
    ['a well-formed unknown key', () => `Bearer ${newApiKey()}`],
    ['a revoked key', () => `Bearer ${revokedKey}`],
  ];
  const everyFailure: [string, () => string | undefined][] = [
    ['no header', () => undefined],
    ...presentButInvalid,
  ];

  const keyed: [string, string, unknown][] = [
    ['POST', '/api/v1/requests', VALID_REQUEST],
    ['GET', '/api/v1/requests', undefined],
    ['GET', '/api/v1/requests/x', undefined],
    ['POST', `/api/v1/samples/${LISTING_ID}`, undefined],
  ];
  test.each(
    keyed.flatMap(([method, path, body]) =>
      everyFailure.map(([what, header]) => ({ method, path, body, what, header })),
    ),
  )('$method $path with $what', async ({ method, path, body, header }) => {
    const authorization = header();
    expectUnauthorized(await call(path, { method, body, authorization }));
  });

  // Health too: it is not rate limited, but a key that is present is still checked (contract §5).
  const publicPaths = [
    '/api/v1/catalog',
    '/api/v1/demand',
    `/api/v1/catalog/${LISTING_ID}`,
    '/api/v1/health',
  ];
  test.each(
    publicPaths.flatMap((path) => presentButInvalid.map(([what, header]) => ({ path, what, header }))),
  )('public GET $path with $what', async ({ path, header }) => {
    expectUnauthorized(await call(path, { authorization: header() }));
  });

  test('the same public endpoints without a header, and the keyed ones with the valid key, are not 401', async () => {
    for (const path of publicPaths) expect((await call(path)).status, path).toBe(200);
    expect((await call('/api/v1/requests', { key: lab.key })).status).toBe(200);
    expect((await call('/api/v1/health', { key: lab.key })).status).toBe(200);
  });

  test('nothing was stored by a refused request', async () => {
    expect((await call('/api/v1/requests', { key: lab.key })).body.count).toBe(0);
    const samples = (await opsOk('samples', 'list')) as Json[];
    expect(samples.filter((s) => s.org_id === lab.orgId)).toEqual([]);
  });
});
