// The self-serve journey over HTTP against the service (issue 21, contract §8): access request → the operator's
// approval → the sign-in mail from a real SMTP server on loopback → a session cookie (its attributes checked on the
// wire) → the NDA → keys → a sample link → the download; the team; signing out. Every endpoint answers as the
// contract says, with the error envelope for what it refuses. Here: the dashboard's forms.

import { describe, expect, test } from 'vitest';
import { expectError } from '../support/api-client.ts';
import { invited, mailsTo, selfServeSuite, sessionCall } from '../support/self-serve.ts';
import { selfServeCalls } from '../support/self-serve-calls.ts';

const suite = selfServeSuite('Journey Lab');
const { csrfOf, postForm } = selfServeCalls(suite);

describe('form posts to pages, held to MAX_BODY_BYTES as the API is', () => {
  const HUGE = 'x'.repeat(200_000); // past the default 65536
  const fields = (csrf?: string) =>
    new URLSearchParams({
      organisation: 'Huge Lab',
      name: 'Hugh',
      email: 'hugh@lab.example',
      intended_use: HUGE,
      action: 'create',
      ...(csrf ? { csrf } : {}),
    }).toString();
  test.each([
    ['/access/', 'declared', false],
    ['/access/', 'streamed', false],
    ['/dashboard/keys/', 'declared', true],
    ['/dashboard/requests/new/', 'streamed', true],
  ])(
    '%s with a %s body over the limit: 413 and a short page that echoes none of it',
    async (path, how, signed) => {
      const csrf = signed ? await csrfOf(path, suite.lab.cookie) : undefined;
      // Sent with its length declared, or streamed without one (read up to the limit, then refused).
      const response = await postForm(path, fields(csrf), {
        ...(signed ? { Cookie: suite.lab.cookie } : {}),
        ...(how === 'streamed' ? { 'Transfer-Encoding': 'chunked' } : {}),
      });
      const html = response.body;
      expect(response.status).toBe(413);
      expect(html).toMatch(/larger than 65536 bytes; shorten/);
      expect(html).not.toContain('x'.repeat(100));
      expect(html.length).toBeLessThan(50_000);
      // The API refuses the same body alike.
      const api = await postForm('/api/v1/access-requests', fields());
      expect(api.status).toBe(413);
      expect(JSON.parse(api.body).error.code).toBe('payload_too_large');
    },
  );

  test('a body within the limit is read as before (a field named __proto__ too); one that is not a form is 415', async () => {
    const ok = await postForm('/access/', new URLSearchParams({ organisation: 'Small Lab' }).toString());
    expect(ok.status).toBe(422);
    expect(ok.body).toContain('value="Small Lab"');
    const proto = await postForm('/access/', '__proto__=x&constructor=y&organisation=Proto+Lab');
    expect(proto.status).toBe(422);
    const json = await postForm('/access/', '{}', { 'Content-Type': 'application/json' });
    expect(json.status).toBe(415);
  });
});

describe('number and choice fields say what to enter, on the API and the forms alike', () => {
  const DAYS = 'give a whole number of days from 1 to 365, or leave it out for a key that does not expire';
  const ROLE = 'choose admin or member';
  const formError = (html: string, field: string) =>
    new RegExp(`id="field-${field}-error">([^<]*)<`).exec(html)?.[1]?.replaceAll('&#39;', "'");

  // 1e308 fails both the whole-number range and the maximum: one problem, one message.
  test.each([['0'], ['abc'], ['366'], ['1.5'], ['1e308']])('expires_in_days=%s', async (value) => {
    const csrf = await csrfOf('/dashboard/keys/', suite.lab.cookie);
    const page = await postForm(
      '/dashboard/keys/',
      new URLSearchParams({ action: 'create', name: 'bad expiry', expires_in_days: value, csrf }).toString(),
      { Cookie: suite.lab.cookie },
    );
    expect(page.status).toBe(422);
    expect(formError(page.body, 'expires_in_days')).toBe(DAYS);
    const api = await sessionCall(suite.ctx, suite.lab.cookie, '/api/v1/keys', {
      method: 'POST',
      body: { name: 'bad expiry', expires_in_days: Number(value) },
    });
    expectError(api, 422, 'invalid');
    expect(api.body.error.fields).toEqual({ expires_in_days: [DAYS] });
  });

  test('grace_hours out of range, and an invitation without a role', async () => {
    const key = await sessionCall(suite.ctx, suite.lab.cookie, '/api/v1/keys', {
      method: 'POST',
      body: { name: 'grace' },
    });
    const rotated = await sessionCall(
      suite.ctx,
      suite.lab.cookie,
      `/api/v1/keys/${key.body.data.id}/rotate`,
      {
        method: 'POST',
        body: { grace_hours: 25 },
      },
    );
    expectError(rotated, 422, 'invalid');
    expect(rotated.body.error.fields.grace_hours).toEqual([
      'give a whole number of hours from 0 to 24 (0 refuses the old key at once)',
    ]);
    const invitation = await sessionCall(suite.ctx, suite.lab.cookie, '/api/v1/team/invitations', {
      method: 'POST',
      body: { email: 'norole@lab.example' },
    });
    expectError(invitation, 422, 'invalid');
    expect(invitation.body.error.fields).toEqual({ role: [ROLE] });
    const csrf = await csrfOf('/dashboard/team/', suite.lab.cookie);
    const page = await postForm(
      '/dashboard/team/',
      new URLSearchParams({ action: 'invite', email: 'norole@lab.example', csrf }).toString(),
      { Cookie: suite.lab.cookie },
    );
    expect(page.status).toBe(422);
    expect(page.body).toContain(ROLE);
    expect(page.body).not.toMatch(/Invalid option|expected one of/);
  });
});

describe('the team page', () => {
  test("an admin changes a member's role by inviting them with the new one: no mail, the page says so", async () => {
    const member = await invited(suite.ctx, suite.lab, 'member');
    const mailsBefore = mailsTo(suite.ctx.smtp, member.email).length;
    const csrf = await csrfOf('/dashboard/team/', suite.lab.cookie);
    const promote = new URLSearchParams({ action: 'invite', email: member.email, role: 'admin', csrf });
    const page = await postForm('/dashboard/team/', promote.toString(), { Cookie: suite.lab.cookie });
    expect(page.status).toBe(200);
    expect(page.body).toContain(`${member.email} is now an admin.`);
    const team = await sessionCall(suite.ctx, suite.lab.cookie, '/api/v1/team');
    expect(team.body.data.find((m: { id: string }) => m.id === member.accountId)).toMatchObject({
      role: 'admin',
    });
    expect(mailsTo(suite.ctx.smtp, member.email)).toHaveLength(mailsBefore);
  });
});
