// POST /api/v1/team/invitations against the built server, mail read from a real SMTP server (contract §8): an
// invitation to a current member changes their role (never the last admin's) instead of mailing a link that does
// nothing (another organisation's address: test/http/team-abuse.test.ts); and invitations share the sign-in
// links' per-address limit (contract §8: "Sign-in links are limited per IP and per email").
import { describe, expect, test } from 'vitest';
import { expectError } from '../support/api-client.ts';
import { invited, mailsTo, selfServeLab, selfServeSuite, sessionCall } from '../support/self-serve.ts';

const suite = selfServeSuite('Team Lab');

const invite = (cookie: string, email: string, role: 'admin' | 'member') =>
  sessionCall(suite.ctx, cookie, '/api/v1/team/invitations', { method: 'POST', body: { email, role } });

const roleIn = async (email: string) =>
  (await sessionCall(suite.ctx, suite.lab.cookie, '/api/v1/team')).body.data.find(
    (m: any) => m.email === email,
  )?.role;

/** Mail goes out from a background pass: long enough for one that should not come to have come. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 1500));

describe('inviting a current member', () => {
  test('with another role changes it: 200 with the member, no mail; back again the same way', async () => {
    const member = await invited(suite.ctx, suite.lab, 'member');
    const promoted = await invite(suite.lab.cookie, member.email, 'admin');
    expect(promoted.status, promoted.text).toBe(200);
    expect(promoted.body.data).toMatchObject({ id: member.accountId, email: member.email, role: 'admin' });
    expect(await roleIn(member.email)).toBe('admin');
    // The change holds for the member's own session at once: they may now do an admin's task.
    expect((await sessionCall(suite.ctx, member.cookie, '/api/v1/me')).body.data.role).toBe('admin');
    const demoted = await invite(member.cookie, member.email, 'member');
    expect(demoted.status, demoted.text).toBe(200);
    expect(demoted.body.data.role).toBe('member');
    await settle();
    expect(mailsTo(suite.ctx.smtp, member.email)).toHaveLength(1); // the first invitation only
  });

  test('with the same role is 409 conflict, and nothing is mailed', async () => {
    const member = await invited(suite.ctx, suite.lab, 'member');
    const again = await invite(suite.lab.cookie, member.email, 'member');
    expectError(again, 409, 'conflict');
    expect(again.body.error.message).toMatch(/already in your team/i);
    await settle();
    expect(mailsTo(suite.ctx.smtp, member.email)).toHaveLength(1);
  });

  test('the last admin is never demoted (409); with a second admin they may be', async () => {
    const team = await selfServeLab(suite.ctx, 'Last Admin Lab');
    expectError(await invite(team.cookie, team.email, 'member'), 409, 'conflict');
    const second = await invited(suite.ctx, team, 'admin');
    const demoted = await invite(second.cookie, team.email, 'member');
    expect(demoted.status, demoted.text).toBe(200);
    expect(demoted.body.data).toMatchObject({ id: team.accountId, role: 'member' });
    expectError(await invite(second.cookie, second.email, 'member'), 409, 'conflict');
  });

  test('a member may not change roles (403)', async () => {
    const member = await invited(suite.ctx, suite.lab, 'member');
    expectError(await invite(member.cookie, member.email, 'admin'), 403, 'forbidden');
    expect(await roleIn(member.email)).toBe('member');
  });
});

describe('invitations to one address', () => {
  test('share the sign-in links’ limit: five, then 429 with Retry-After and the envelope', async () => {
    const email = `popular.${Date.now()}@lab.example`;
    const statuses: number[] = [];
    let refused;
    for (let i = 0; i < 8; i++) {
      const reply = await invite(suite.lab.cookie, email, 'member');
      statuses.push(reply.status);
      if (reply.status === 429) refused = reply;
    }
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429, 429, 429]);
    expectError(refused!, 429, 'rate_limited');
    const retryAfter = Number(refused!.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    // The RateLimit headers report the quota that refused, not the per-minute window with room left.
    expect(refused!.headers.get('ratelimit-policy')).toBe('"links-per-email";q=5;w=900');
    expect(refused!.headers.get('ratelimit')).toBe(`"links-per-email";r=0;t=${retryAfter}`);
    // The five links arrive (however busy the machine), and no sixth after them.
    await expect.poll(() => mailsTo(suite.ctx.smtp, email).length, { timeout: 15_000 }).toBe(5);
    await settle();
    expect(mailsTo(suite.ctx.smtp, email)).toHaveLength(5);
  });
});
