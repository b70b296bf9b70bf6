// Invitations not yet used, against the built server with mail read from a real SMTP server: listed by
// GET /api/v1/team/invitations and on /dashboard/team/, cancelled by an admin (DELETE /api/v1/team/invitations/{id}
// or the page's button) so that a mistyped address never becomes a member. The link of a cancelled invitation
// makes no account and says why.
import { describe, expect, test } from 'vitest';
import { expectError } from '../support/api-client.ts';
import {
  follow,
  invited,
  mailTo,
  postPageForm,
  selfServeLab,
  selfServeSuite,
  sessionCall,
  signinLinkIn,
} from '../support/self-serve.ts';

const suite = selfServeSuite('Invitations Lab');
let sent = 0;

/** An invitation to a new address: its id and the link mailed to it. */
async function invite(cookie: string, role: 'admin' | 'member' = 'member') {
  const email = `invitee${++sent}.${Date.now()}@lab.example`;
  const reply = await sessionCall(suite.ctx, cookie, '/api/v1/team/invitations', {
    method: 'POST',
    body: { email, role },
  });
  expect(reply.status, reply.text).toBe(201);
  const link = signinLinkIn(await mailTo(suite.ctx.smtp, email, /invited/i));
  return { email, id: reply.body.data.id as string, link };
}

const waiting = async (cookie = suite.lab.cookie) =>
  (await sessionCall(suite.ctx, cookie, '/api/v1/team/invitations')).body.data as {
    id: string;
    email: string;
  }[];

const cancel = (id: string, cookie = suite.lab.cookie) =>
  sessionCall(suite.ctx, cookie, `/api/v1/team/invitations/${id}`, { method: 'DELETE' });

const teamEmails = async () =>
  ((await sessionCall(suite.ctx, suite.lab.cookie, '/api/v1/team')).body.data as { email: string }[]).map(
    (member) => member.email,
  );

describe('GET /api/v1/team/invitations', () => {
  test('lists an invitation until it is used, newest first, with its role and expiry', async () => {
    const first = await invite(suite.lab.cookie, 'admin');
    const second = await invite(suite.lab.cookie);
    const listed = await sessionCall(suite.ctx, suite.lab.cookie, '/api/v1/team/invitations');
    expect(listed.status, listed.text).toBe(200);
    const ids = listed.body.data.map((invitation: { id: string }) => invitation.id);
    expect(ids.indexOf(second.id)).toBeLessThan(ids.indexOf(first.id));
    const shown = listed.body.data.find((invitation: { id: string }) => invitation.id === first.id);
    expect(shown).toMatchObject({ email: first.email, role: 'admin' });
    const days = (Date.parse(shown.expires_at) - Date.parse(shown.created_at)) / 86_400_000;
    expect(days).toBe(3); // 72 hours (issue 41)
    expect(listed.body.count).toBe(listed.body.data.length);

    expect((await follow(second.link)).status).toBe(303); // used: now a member, no longer waiting
    expect((await waiting()).map((invitation) => invitation.id)).not.toContain(second.id);
  });

  test("shows a member their organisation's invitations, and no other organisation's", async () => {
    const member = await invited(suite.ctx, suite.lab, 'member');
    const mine = await invite(suite.lab.cookie);
    expect((await waiting(member.cookie)).map((invitation) => invitation.id)).toContain(mine.id);
    const other = await selfServeLab(suite.ctx, 'Other Invitations Lab');
    expect((await waiting(other.cookie)).map((invitation) => invitation.id)).not.toContain(mine.id);
  });
});

describe('DELETE /api/v1/team/invitations/{id}', () => {
  test('cancels it: 204, gone from the list, and its link makes no account and says why', async () => {
    const mistyped = await invite(suite.lab.cookie, 'admin');
    const cancelled = await cancel(mistyped.id);
    expect(cancelled.status, cancelled.text).toBe(204);
    expect((await waiting()).map((invitation) => invitation.id)).not.toContain(mistyped.id);

    const followed = await follow(mistyped.link);
    expect(followed.status).toBe(303);
    expect(followed.location).toBe('/signin/?error=cancelled');
    expect(followed.setCookie).toBe(''); // no session
    const page = await (await fetch(new URL(followed.location!, suite.ctx.server.url))).text();
    expect(page).toContain('That invitation was cancelled by the organisation that sent it');
    expect(await teamEmails()).not.toContain(mistyped.email);
  });

  test('again, or once expired, is 204 and changes nothing; once used it is 409, saying to remove instead', async () => {
    const twice = await invite(suite.lab.cookie);
    expect((await cancel(twice.id)).status).toBe(204);
    expect((await cancel(twice.id)).status).toBe(204);

    const used = await invite(suite.lab.cookie);
    expect((await follow(used.link)).status).toBe(303);
    const refused = await cancel(used.id);
    expectError(refused, 409, 'conflict');
    expect(refused.body.error.message).toMatch(/in your team: remove the account instead/);
    expect(await teamEmails()).toContain(used.email);
  });

  test("is an admin's: a member gets 403 and the invitation still works", async () => {
    const member = await invited(suite.ctx, suite.lab, 'member');
    const pending = await invite(suite.lab.cookie);
    expectError(await cancel(pending.id, member.cookie), 403, 'forbidden');
    expect((await waiting()).map((invitation) => invitation.id)).toContain(pending.id);
  });

  test("another organisation's invitation, or none, is 404, and it still works", async () => {
    const other = await selfServeLab(suite.ctx, 'Foreign Invitations Lab');
    const theirs = await invite(other.cookie);
    const refused = await cancel(theirs.id);
    expectError(refused, 404, 'not_found');
    expect(refused.body.error.message).toMatch(/GET \/api\/v1\/team\/invitations/);
    expectError(await cancel('stk_doesnotexist0000000000'), 404, 'not_found');
    expect((await follow(theirs.link)).status).toBe(303);
    const joined = await sessionCall(suite.ctx, other.cookie, '/api/v1/team');
    expect(joined.body.data.map((member: { email: string }) => member.email)).toContain(theirs.email);
  });

  test('with an API key is 403: the team is managed from the dashboard', async () => {
    const pending = await invite(suite.lab.cookie);
    const made = await sessionCall(suite.ctx, suite.lab.cookie, '/api/v1/keys', {
      method: 'POST',
      body: { name: 'ci' },
    });
    expect(made.status, made.text).toBe(201);
    const reply = await fetch(`${suite.ctx.server.url}/api/v1/team/invitations/${pending.id}`, {
      method: 'DELETE',
      headers: { Authorization: `Bearer ${made.body.data.key}` },
    });
    expect(reply.status).toBe(403);
    expect((await waiting()).map((invitation) => invitation.id)).toContain(pending.id);
  });
});

describe('/dashboard/team/', () => {
  const teamPage = async () =>
    (
      await fetch(`${suite.ctx.server.url}/dashboard/team/`, { headers: { Cookie: suite.lab.cookie } })
    ).text();

  const post = (fields: Record<string, string>) =>
    postPageForm(suite.ctx, suite.lab.cookie, '/dashboard/team/', fields);

  test('lists the invitations waiting, and its Cancel button cancels one', async () => {
    const pending = await invite(suite.lab.cookie);
    const page = await teamPage();
    const row = new RegExp(`<tr data-invitation-id="${pending.id}">[\\s\\S]*?</tr>`).exec(page)?.[0] ?? '';
    expect(row).toContain(pending.email);
    expect(row).toContain(`aria-label="Cancel the invitation to ${pending.email}"`);

    const done = await post({ action: 'cancel_invitation', id: pending.id });
    expect(done.status).toBe(200);
    const after = await done.text();
    expect(after).toContain(`The invitation to ${pending.email} is cancelled: its link no longer works.`);
    expect(after).not.toContain(`data-invitation-id="${pending.id}"`);
    expect((await follow(pending.link)).location).toBe('/signin/?error=cancelled');
  });

  test('a used invitation cancelled from a stale page is refused over the list (409)', async () => {
    const used = await invite(suite.lab.cookie);
    expect((await follow(used.link)).status).toBe(303);
    const refused = await post({ action: 'cancel_invitation', id: used.id });
    expect(refused.status).toBe(409);
    expect(await refused.text()).toMatch(
      /<p class="form-message" role="alert">[^<]*remove the account instead/,
    );
  });
});
