// The self-serve journey over HTTP against the service (issue 21, contract §8): access request → the operator's
// approval → the sign-in mail from a real SMTP server on loopback → a session cookie (its attributes checked on the
// wire) → the NDA → keys → a sample link → the download; the team; signing out. Every endpoint answers as the
// contract says, with the error envelope for what it refuses. Here: the team and the rendered pages.
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { expectError } from '../support/api-client.ts';
import {
  invited,
  mailsTo,
  postJson,
  selfServeLab,
  selfServeSuite,
  sessionCall,
} from '../support/self-serve.ts';
import { opsOk } from '../support/ops.ts';
import { selfServeCalls } from '../support/self-serve-calls.ts';
import { htmlErrors } from '../support/vnu.ts';

const LISTING = 'us-auto-insurance-claims-calls';
const suite = selfServeSuite('Journey Lab');
const { postJsonGet, csrfOf, postForm } = selfServeCalls(suite);

describe('the NDA page for a member', () => {
  test('a member who sends the form (from a page kept open since they were an admin) is told why: 403', async () => {
    const member = await invited(suite.ctx, suite.lab, 'member');
    const { version, sha256 } = (await postJsonGet('/api/v1/nda')).body.data;
    const csrf = await csrfOf('/dashboard/nda/', member.cookie);
    const page = await postForm(
      '/dashboard/nda/',
      new URLSearchParams({
        csrf,
        version,
        sha256,
        signer_name: 'Mo Member',
        signer_title: 'Analyst',
        authorised: 'true',
      }).toString(),
      { Cookie: member.cookie },
    );
    expect(page.status).toBe(403);
    expect(page.body).toMatch(
      /<div class="form-message" role="alert" tabindex="-1" autofocus><p>Only an admin of your organisation can accept the NDA; ask one of your admins\.<\/p>/,
    );
  });
});

describe('the team', () => {
  test('a member reads but cannot do what admins do (403); removal ends their sessions at once', async () => {
    const member = await invited(suite.ctx, suite.lab, 'member');
    const me = await sessionCall(suite.ctx, member.cookie, '/api/v1/me');
    expect(me.body.data).toMatchObject({ role: 'member', organisation: { id: suite.lab.orgId } });
    expect((await sessionCall(suite.ctx, member.cookie, '/api/v1/keys')).status).toBe(200);
    expect(
      (await sessionCall(suite.ctx, member.cookie, '/api/v1/team')).body.data.map((m: any) => m.email),
    ).toContain(member.email);
    const { version, sha256 } = (await postJsonGet('/api/v1/nda')).body.data;
    for (const [method, path, body] of [
      ['POST', '/api/v1/keys', { name: 'member key' }],
      ['POST', '/api/v1/team/invitations', { email: 'friend@lab.example', role: 'admin' }],
      ['DELETE', `/api/v1/team/${suite.lab.accountId}`, undefined],
      [
        'POST',
        '/api/v1/nda/acceptances',
        { version, sha256, signer_name: 'M', signer_title: 'M', authorised: true },
      ],
    ] as const) {
      expectError(await sessionCall(suite.ctx, member.cookie, path, { method, body }), 403, 'forbidden');
    }
    expect(
      (
        await sessionCall(suite.ctx, suite.lab.cookie, `/api/v1/team/${member.accountId}`, {
          method: 'DELETE',
        })
      ).status,
    ).toBe(204);
    expectError(await sessionCall(suite.ctx, member.cookie, '/api/v1/me'), 401, 'unauthorized');
    // A removed account asks for a sign-in link: the same 202, and no mail comes.
    expect((await postJson(suite.ctx, '/api/v1/session/link', { email: member.email })).status).toBe(202);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(mailsTo(suite.ctx.smtp, member.email)).toHaveLength(1); // the invitation only
  });

  test('two admins removing each other at once: one goes, the last admin stays (409)', async () => {
    const team = await selfServeLab(suite.ctx, 'Standoff Lab');
    const second = await invited(suite.ctx, team, 'admin');
    const [a, b] = await Promise.all([
      sessionCall(suite.ctx, team.cookie, `/api/v1/team/${second.accountId}`, { method: 'DELETE' }),
      sessionCall(suite.ctx, second.cookie, `/api/v1/team/${team.accountId}`, { method: 'DELETE' }),
    ]);
    const statuses = [a.status, b.status].sort();
    // Either one removal wins and the other finds the last admin (409), or the winner's removal ended the other's
    // session before it was checked (401): never both removed.
    expect([
      [204, 409],
      [204, 401],
    ]).toContainEqual(statuses);
    const admins = (await opsOk(suite.ctx.operator, 'account', 'list', '--org', team.orgId)).filter(
      (x: any) => x.role === 'admin' && !x.removed_at,
    );
    expect(admins).toHaveLength(1);
  });

  test('the last admin cannot be removed (409); a second admin can be', async () => {
    expectError(
      await sessionCall(suite.ctx, suite.lab.cookie, `/api/v1/team/${suite.lab.accountId}`, {
        method: 'DELETE',
      }),
      409,
      'conflict',
    );
    const second = await invited(suite.ctx, suite.lab, 'admin');
    expect((await sessionCall(suite.ctx, second.cookie, '/api/v1/me')).body.data.role).toBe('admin');
    expect(
      (
        await sessionCall(suite.ctx, suite.lab.cookie, `/api/v1/team/${second.accountId}`, {
          method: 'DELETE',
        })
      ).status,
    ).toBe(204);
    const accounts = await opsOk(suite.ctx.operator, 'account', 'list', '--org', suite.lab.orgId);
    expect(accounts.find((a: any) => a.id === second.accountId).removed_at).toEqual(expect.any(String));
    expect(accounts.find((a: any) => a.id === suite.lab.accountId).role).toBe('admin');
  });
});

describe('the rendered pages', () => {
  test('are valid HTML (the Nu checker), a form with its errors too', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'dss-self-serve-html-'));
    const pages = [
      '/access/',
      '/signin/',
      '/dashboard/',
      '/dashboard/keys/',
      '/dashboard/nda/',
      '/dashboard/listings/',
      `/dashboard/listings/${LISTING}/`,
      '/dashboard/requests/',
      `/dashboard/requests/new/?listing_id=${LISTING}`,
      '/dashboard/samples/',
      `/dashboard/samples/new/?listing_id=${LISTING}`,
      '/dashboard/team/',
      '/dashboard/webhooks/',
      '/dashboard/audit/',
    ];
    for (const [i, path] of pages.entries()) {
      const response = await fetch(suite.ctx.server.url + path, { headers: { Cookie: suite.lab.cookie } });
      expect(response.status, path).toBe(200);
      await writeFile(join(dir, `page-${i}.html`), await response.text());
    }
    const invalid = await fetch(`${suite.ctx.server.url}/access/`, {
      method: 'POST',
      headers: { Origin: suite.ctx.siteUrl, 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ organisation: 'X', name: '', email: 'nope', intended_use: 'short' }),
    });
    expect(invalid.status).toBe(422);
    await writeFile(join(dir, 'access-errors.html'), await invalid.text());
    expect(await htmlErrors(dir)).toEqual([]);
  }, 120_000);
});
