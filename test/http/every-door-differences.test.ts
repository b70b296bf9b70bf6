// What the doors used to do differently (issue 39), now that each calls the same action: two rotations at once from
// the dashboard, a revoked key revoked again by another door, and the sign-in links one address gets.
import { beforeAll, describe, expect, test } from 'vitest';
import { postJson, postPageForm, sessionCall, type Json } from '../support/self-serve.ts';
import { everyDoor } from '../support/every-door.ts';

const shared = everyDoor();
const { suite, sleep, newKeyId } = shared;
let key: string;
beforeAll(() => void ({ key } = shared.state));

describe('what the doors used to do differently', () => {
  test('two rotations of one key sent at once from the dashboard leave one successor', async () => {
    const id = await newKeyId('rotated twice at once');
    const rotate = () =>
      postPageForm(suite.ctx, suite.lab.cookie, '/dashboard/keys/', {
        action: 'rotate',
        id,
        grace_hours: '0',
        confirm: 'yes',
      });
    const answers = await Promise.all([rotate(), rotate()]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
    const keys = (await sessionCall(suite.ctx, suite.lab.cookie, '/api/v1/keys')).body.data as Json[];
    expect(keys.filter((k) => k.name === 'rotated twice at once')).toHaveLength(2); // the old key and one successor
  });

  test("a revoked key's revoked_at never moves, whichever door revokes it again", async () => {
    const id = await newKeyId('revoked twice');
    const first = await sessionCall(suite.ctx, suite.lab.cookie, `/api/v1/keys/${id}`, { method: 'DELETE' });
    expect(first.status).toBe(204);
    const revokedAt = () =>
      sessionCall(suite.ctx, suite.lab.cookie, '/api/v1/keys').then(
        (r) => (r.body.data as Json[]).find((k) => k.id === id).revoked_at,
      );
    const at = await revokedAt();
    await sleep(20);
    const again = await postPageForm(suite.ctx, suite.lab.cookie, '/dashboard/keys/', {
      action: 'revoke',
      id,
      confirm: 'yes',
    });
    expect(again.status).toBe(200);
    expect(await again.text()).toContain('was revoked already');
    expect(
      (await sessionCall(suite.ctx, suite.lab.cookie, `/api/v1/keys/${id}`, { method: 'DELETE' })).status,
    ).toBe(204);
    expect(await revokedAt()).toBe(at);
  });

  test('one address gets the contract’s ten sign-in links in ten minutes, counted once for the API and /signin/', async () => {
    const { ctx } = suite;
    const viaApi = () => postJson(ctx, '/api/v1/session/link', { email: 'nobody@lab.example' });
    const viaPage = () =>
      fetch(`${ctx.server.url}/signin/`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: ctx.siteUrl },
        body: new URLSearchParams({ email: 'nobody@lab.example' }),
      });
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      statuses.push((await viaApi()).status);
      statuses.push((await viaPage()).status);
    }
    expect(statuses.filter((status) => status === 429)).toHaveLength(2);
    expect(statuses.slice(0, 10).every((status) => status === 202 || status === 200)).toBe(true);
  });
});
