// Keys issued, revoked and rotated by the operator CLI (a child process on the server's DATA_DIR) while the server
// runs: each change counts on the very next request, with no restart (contract §6); "key list" never shows a key or
// its hash; and the CLI's own exit codes: 2 for bad usage, 1 for a refusal. On a lab of its own, whose keys change.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { apiClient, expectUnauthorized, startApiServer, type Json } from '../support/api-client.ts';
import { makeLab, type Lab } from '../support/lab.ts';
import { opsProcess as ops } from '../support/ops.ts';
import type { InProcessServer } from '../support/app.ts';

let server: InProcessServer;
const { opsOk, call } = apiClient(() => server, { cliProcess: true });

beforeAll(async () => {
  server = await startApiServer();
});
afterAll(async () => {
  await server?.stop();
});

describe('keys issued, revoked and rotated by the CLI while the server runs', () => {
  let lab: Lab;
  beforeAll(async () => {
    lab = await makeLab(server.dataDir, 'key life cycle lab'); // made while the server runs; its keys change here
  });

  test('a newly issued key works on the very next request', async () => {
    const issued = await opsOk('key', 'issue', '--account', lab.accountId);
    expect(issued.key).toMatch(/^dss_[0-9A-Za-z]{38}$/);
    expect(issued.key).not.toBe(lab.key);
    const reply = await call('/api/v1/requests', { key: issued.key });
    expect(reply.status, reply.text).toBe(200);
  });

  test('a key revoked by the CLI is 401 on the very next request', async () => {
    const issued = await opsOk('key', 'issue', '--account', lab.accountId);
    expect((await call('/api/v1/requests', { key: issued.key })).status).toBe(200);
    const revoked = await opsOk('key', 'revoke', issued.id);
    expect(revoked.revoked_at).toEqual(expect.any(String));
    expectUnauthorized(await call('/api/v1/requests', { key: issued.key }));
    expectUnauthorized(await call('/api/v1/catalog', { key: issued.key }));
    // The organisation's other key is unaffected.
    expect((await call('/api/v1/requests', { key: lab.key })).status).toBe(200);
  });

  test('"key rotate" gives a working successor and the old key is 401 at once', async () => {
    const old = await opsOk('key', 'issue', '--account', lab.accountId);
    expect((await call('/api/v1/requests', { key: old.key })).status).toBe(200);
    const rotated = await opsOk('key', 'rotate', old.id);
    expect(rotated).toMatchObject({ key: expect.stringMatching(/^dss_[0-9A-Za-z]{38}$/), revoked: old.id });
    expect(rotated.id).not.toBe(old.id);
    expect((await call('/api/v1/requests', { key: rotated.key })).status).toBe(200);
    expectUnauthorized(await call('/api/v1/requests', { key: old.key }));

    const listed = (await opsOk('key', 'list', '--org', lab.orgId)) as Json[];
    expect(listed.find((k) => k.id === old.id)).toMatchObject({ replaced_by: rotated.id });
    expect(listed.find((k) => k.id === rotated.id)?.revoked_at).toBeNull();
    for (const k of listed) {
      expect(k).not.toHaveProperty('key');
      expect(k).not.toHaveProperty('hash');
    }
    const text = JSON.stringify(listed);
    for (const secret of [old.key, rotated.key, lab.key]) expect(text).not.toContain(secret.slice(8));
  });

  test('the 401 says what to do: a revoked key has no successor to point to; a rotated one has', async () => {
    const revoked = await opsOk('key', 'issue', '--account', lab.accountId);
    await opsOk('key', 'revoke', revoked.id);
    const refusedRevoked = await call('/api/v1/requests', { key: revoked.key });
    expectUnauthorized(refusedRevoked);
    expect(refusedRevoked.body.error.message).toMatch(/revoked/);
    expect(refusedRevoked.body.error.message).not.toMatch(/successor|replaced/);
    const rotated = await opsOk('key', 'issue', '--account', lab.accountId);
    await opsOk('key', 'rotate', rotated.id);
    const refusedRotated = await call('/api/v1/requests', { key: rotated.key });
    expectUnauthorized(refusedRotated);
    expect(refusedRotated.body.error.message).toMatch(/rotated/);
    expect(refusedRotated.body.error.message).toMatch(/replaced/);
  });

  test('the CLI: bad usage exits 2; a key for an unverified account is refused with exit 1', async () => {
    const noAccount = await ops(server.dataDir, 'key', 'issue');
    expect(noAccount.code).toBe(2);
    expect(noAccount.json).toBeUndefined();
    const unverified = await opsOk(
      'account',
      'add',
      '--org',
      lab.orgId,
      '--email',
      `unverified-${randomUUID()}@lab.example`,
    );
    const refused = await ops(server.dataDir, 'key', 'issue', '--account', unverified.id);
    expect(refused.code).toBe(1);
    expect(refused.stderr).not.toBe('');
  });
});
