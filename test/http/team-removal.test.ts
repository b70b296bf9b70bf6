// What a removed team member keeps, against the built server with mail on a real SMTP server (contract §8:
// removal "ends that account's sessions"): nothing. The API keys they created stop working at once (a key read
// before leaving would otherwise still open the NDA fields and have samples mailed to their own address).
import { describe, expect, test } from 'vitest';
import { expectUnauthorized, readReply } from '../support/api-client.ts';
import { invited, selfServeSuite, sessionCall } from '../support/self-serve.ts';

const suite = selfServeSuite('Removal Lab');

const remove = (accountId: string) =>
  sessionCall(suite.ctx, suite.lab.cookie, `/api/v1/team/${accountId}`, { method: 'DELETE' });

const withKey = async (key: string, path: string) =>
  readReply(await fetch(suite.ctx.server.url + path, { headers: { Authorization: `Bearer ${key}` } }));

describe('a removed team member', () => {
  test('their API keys are refused (401) from the moment they are removed, and shown revoked', async () => {
    const leaver = await invited(suite.ctx, suite.lab, 'admin');
    const created = await sessionCall(suite.ctx, leaver.cookie, '/api/v1/keys', {
      method: 'POST',
      body: { name: 'leaver key' },
    });
    expect(created.status, created.text).toBe(201);
    const key: string = created.body.data.key;
    expect((await withKey(key, '/api/v1/me')).status).toBe(200);

    expect((await remove(leaver.accountId)).status).toBe(204);

    const refused = await withKey(key, '/api/v1/me');
    expectUnauthorized(refused);
    expect(refused.body.error.message).toMatch(/revoked/);
    const keys = (await sessionCall(suite.ctx, suite.lab.cookie, '/api/v1/keys')).body.data;
    expect(keys.find((k: any) => k.id === created.body.data.id)?.revoked_at).toEqual(expect.any(String));
  });
});
