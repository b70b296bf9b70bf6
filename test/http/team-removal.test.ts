// What a removed team member keeps, against the built server with mail on a real SMTP server (contract §8: removal
// "ends that account's sessions"): nothing. The API keys they created stop working at once (a key read before leaving
// would otherwise still open the NDA fields and have samples mailed to their own address), no sample link nor reply to
// their data requests is mailed to them after it, and an invitation mailed to them before they were removed does not
// bring them back.
import { describe, expect, test } from 'vitest';
import { expectError, expectUnauthorized, readReply, VALID_REQUEST } from '../support/api-client.ts';
import { opsOk } from '../support/ops.ts';
import {
  follow,
  invited,
  mailsTo,
  mailTo,
  selfServeLab,
  selfServeSuite,
  sessionCall,
  signinLinkIn,
} from '../support/self-serve.ts';

const suite = selfServeSuite('Removal Lab');
const LISTINGS = ['us-auto-insurance-claims-calls', 'in-telecom-customer-support-calls'];

const remove = (accountId: string) =>
  sessionCall(suite.ctx, suite.lab.cookie, `/api/v1/team/${accountId}`, { method: 'DELETE' });

const teamEmails = async () =>
  (await sessionCall(suite.ctx, suite.lab.cookie, '/api/v1/team')).body.data.map((m: any) => m.email);

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

  test('an invitation mailed before the removal does not bring them back', async () => {
    const email = `twice.${Date.now()}@lab.example`;
    for (let i = 0; i < 2; i++) {
      const sent = await sessionCall(suite.ctx, suite.lab.cookie, '/api/v1/team/invitations', {
        method: 'POST',
        body: { email, role: 'member' },
      });
      expect(sent.status, sent.text).toBe(201);
    }
    const until = Date.now() + 15_000;
    while (mailsTo(suite.ctx.smtp, email).length < 2 && Date.now() < until)
      await new Promise((resolve) => setTimeout(resolve, 50));
    const [first, second] = mailsTo(suite.ctx.smtp, email).map(signinLinkIn);
    expect(second).toBeDefined();

    const joined = await follow(first!);
    expect(joined.status).toBe(303);
    const me = await sessionCall(suite.ctx, joined.cookie, '/api/v1/me');
    expect((await remove(me.body.data.account.id)).status).toBe(204);
    expect(await teamEmails()).not.toContain(email);

    const again = await follow(second!);
    expect(again.status).toBe(303);
    expect(again.location).toMatch(/^\/signin\/\?error=/);
    expect(again.setCookie).toBe('');
    expect(await teamEmails()).not.toContain(email);

    // An invitation sent after the removal still brings them back, as the README says.
    const back = await sessionCall(suite.ctx, suite.lab.cookie, '/api/v1/team/invitations', {
      method: 'POST',
      body: { email, role: 'member' },
    });
    expect(back.status, back.text).toBe(201);
    while (mailsTo(suite.ctx.smtp, email).length < 3 && Date.now() < until + 15_000)
      await new Promise((resolve) => setTimeout(resolve, 50));
    expect((await follow(signinLinkIn(mailsTo(suite.ctx.smtp, email)[2]!))).location).toBe('/dashboard/');
    expect(await teamEmails()).toContain(email);
  });

  test('no sample link goes to them: not the first when the NDA is verified after, not a fresh one', async () => {
    const team = await selfServeLab(suite.ctx, 'Sample Removal Lab');
    const { version, sha256 } = (await sessionCall(suite.ctx, team.cookie, '/api/v1/nda')).body.data;
    const accepted = await sessionCall(suite.ctx, team.cookie, '/api/v1/nda/acceptances', {
      method: 'POST',
      body: { version, sha256, signer_name: 'Ada Admin', signer_title: 'Head of Data', authorised: true },
    });
    expect(accepted.status, accepted.text).toBe(201);
    const ask = async (cookie: string, listing: string) => {
      const asked = await sessionCall(suite.ctx, cookie, `/api/v1/samples/${listing}`, { method: 'POST' });
      expect(asked.status, asked.text).toBe(202);
      return asked.body.id as string;
    };
    const early = await invited(suite.ctx, team, 'member'); // asks, then leaves, before the NDA is verified
    const pending = await ask(early.cookie, LISTINGS[0]!);
    const late = await invited(suite.ctx, team, 'member'); // gets a link, then leaves
    const sent = await ask(late.cookie, LISTINGS[1]!);
    await sessionCall(suite.ctx, team.cookie, `/api/v1/team/${early.accountId}`, { method: 'DELETE' });

    const rejected = await sessionCall(suite.ctx, team.cookie, `/api/v1/sample-requests/${pending}`);
    expect(rejected.body.data).toMatchObject({
      status: 'rejected',
      reason: expect.stringMatching(/removed/),
    });

    await opsOk(suite.ctx.operator, 'nda', 'verify', '--org', team.orgId);
    await mailTo(suite.ctx.smtp, late.email, /sample .* is ready/i);
    await sessionCall(suite.ctx, team.cookie, `/api/v1/team/${late.accountId}`, { method: 'DELETE' });
    const fresh = await sessionCall(suite.ctx, team.cookie, `/api/v1/sample-requests/${sent}/link`, {
      method: 'POST',
    });
    expectError(fresh, 409, 'conflict');
    expect(fresh.body.error.message).toMatch(/removed/);

    await new Promise((resolve) => setTimeout(resolve, 2000)); // the background pass that would send them
    expect(
      mailsTo(suite.ctx.smtp, early.email).filter((m) => /^Your sample/.test(m.mail.subject ?? '')),
    ).toEqual([]);
    expect(
      mailsTo(suite.ctx.smtp, late.email).filter((m) => /^Your sample/.test(m.mail.subject ?? '')),
    ).toHaveLength(1);
  });

  test("the sourcing lead's reply to their data request goes to an admin, not to them", async () => {
    const leaver = await invited(suite.ctx, suite.lab, 'member');
    const made = await sessionCall(suite.ctx, leaver.cookie, '/api/v1/requests', {
      method: 'POST',
      body: VALID_REQUEST,
    });
    expect(made.status, made.text).toBe(201);
    expect((await remove(leaver.accountId)).status).toBe(204);
    const text = `Two listings fit; terms attached ${Date.now()}.`;
    await opsOk(suite.ctx.operator, 'requests', 'reply', made.body.data.id, '--message', text);
    const mail = await mailTo(suite.ctx.smtp, suite.lab.email, /^Reply to your data request/);
    expect(mail.mail.text).toContain(text);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(mailsTo(suite.ctx.smtp, leaver.email).filter((m) => /^Reply/.test(m.mail.subject ?? ''))).toEqual(
      [],
    );
  });
});
