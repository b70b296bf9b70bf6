// The self-serve journey over HTTP against the service (issue 21, contract §8): access request → the operator's
// approval → the sign-in mail from a real SMTP server on loopback → a session cookie (its attributes checked on the
// wire) → the NDA → keys → a sample link → the download; the team; signing out. Every endpoint answers as the
// contract says, with the error envelope for what it refuses. Here: requests made with the session.

import { describe, expect, test } from 'vitest';
import { expectError } from '../support/api-client.ts';
import { selfServeSuite, sessionCall } from '../support/self-serve.ts';

const suite = selfServeSuite('Journey Lab');

describe('session requests', () => {
  test('GET /api/v1/me with the cookie: organisation, account, role, NDA, rate limit; never cached', async () => {
    const me = await sessionCall(suite.ctx, suite.lab.cookie, '/api/v1/me');
    expect(me.status, me.text).toBe(200);
    expect(me.body.data).toMatchObject({
      organisation: { id: suite.lab.orgId, name: 'Journey Lab' },
      account: { id: suite.lab.accountId, email: suite.lab.email, role: 'admin' },
      role: 'admin',
      nda: { state: 'none', version: null, accepted_at: null, accepted_by: null, verified_at: null },
      rate_limit: {
        policy: 'per-key',
        limit: 100000,
        remaining: expect.any(Number),
        reset: expect.any(Number),
      },
    });
    expect(me.body.data.key).toBeUndefined();
    expect(me.headers.get('cache-control')).toBe('private, no-store');
    expect(me.headers.get('vary')).toContain('Cookie');
  });

  test.each([
    ['a foreign Origin', 'http://evil.example'],
    ['Origin "null"', 'null'],
    ['neither Origin nor Referer', null],
  ])(
    'an unsafe request with the cookie and %s is 403 forbidden, and nothing changes',
    async (_name, origin) => {
      const before = (await sessionCall(suite.ctx, suite.lab.cookie, '/api/v1/keys')).body.count;
      const reply = await sessionCall(suite.ctx, suite.lab.cookie, '/api/v1/keys', {
        method: 'POST',
        body: { name: 'csrf' },
        origin,
      });
      expectError(reply, 403, 'forbidden');
      expect((await sessionCall(suite.ctx, suite.lab.cookie, '/api/v1/keys')).body.count).toBe(before);
    },
  );

  test('a Referer of the site stands in for a missing Origin', async () => {
    const reply = await sessionCall(suite.ctx, suite.lab.cookie, '/api/v1/keys', {
      method: 'POST',
      body: { name: 'by referer' },
      origin: null,
      headers: { Referer: `${suite.ctx.siteUrl}/dashboard/keys/` },
    });
    expect(reply.status, reply.text).toBe(201);
  });

  test('a dashboard form without its CSRF token is refused 403; with it, it works', async () => {
    const post = (fields: Record<string, string>) =>
      fetch(`${suite.ctx.server.url}/dashboard/keys/`, {
        method: 'POST',
        redirect: 'manual',
        headers: {
          Cookie: suite.lab.cookie,
          Origin: suite.ctx.siteUrl,
          'Content-Type': 'application/x-www-form-urlencoded',
        },
        body: new URLSearchParams(fields),
      });
    const without = await post({ action: 'create', name: 'no token' });
    expect(without.status).toBe(403);
    expect(await without.text()).not.toMatch(/dss_[0-9A-Za-z]{38}/);
    const forged = await post({ action: 'create', name: 'forged', csrf: 'A'.repeat(32) });
    expect(forged.status).toBe(403);
    const page = await (
      await fetch(`${suite.ctx.server.url}/dashboard/keys/`, { headers: { Cookie: suite.lab.cookie } })
    ).text();
    const csrf = /name="csrf" value="([^"]+)"/.exec(page)![1]!;
    const ok = await post({ action: 'create', name: 'with token', csrf });
    expect(ok.status).toBe(200);
    expect(await ok.text()).toMatch(/dss_[0-9A-Za-z]{38}/);
    const logoutWithout = await fetch(`${suite.ctx.server.url}/api/v1/session/logout`, {
      method: 'POST',
      headers: {
        Cookie: suite.lab.cookie,
        Origin: suite.ctx.siteUrl,
        'Content-Type': 'application/x-www-form-urlencoded',
      },
      body: '',
    });
    expect(logoutWithout.status).toBe(403);
    expect((await sessionCall(suite.ctx, suite.lab.cookie, '/api/v1/me')).status).toBe(200);
  });

  test('a form with errors answers 422 with each error beside its field and what was typed kept', async () => {
    const page = await (
      await fetch(`${suite.ctx.server.url}/dashboard/keys/`, { headers: { Cookie: suite.lab.cookie } })
    ).text();
    const csrf = /name="csrf" value="([^"]+)"/.exec(page)![1]!;
    const response = await fetch(`${suite.ctx.server.url}/dashboard/keys/`, {
      method: 'POST',
      headers: {
        Cookie: suite.lab.cookie,
        Origin: suite.ctx.siteUrl,
        'Content-Type': 'application/x-www-form-urlencoded',
      },
      body: new URLSearchParams({ action: 'create', name: 'kept name', expires_in_days: '999', csrf }),
    });
    expect(response.status).toBe(422);
    const html = await response.text();
    expect(html).toMatch(/id="field-expires_in_days-error"/);
    expect(html).toMatch(
      /aria-invalid="true"[^>]*aria-describedby="field-expires_in_days-error"|aria-describedby="field-expires_in_days-hint field-expires_in_days-error"/,
    );
    expect(html).toContain('value="kept name"');
  });
});

describe('the site header knows who is signed in where a page is rendered per request', () => {
  const headerOf = async (path: string, cookie?: string) => {
    const response = await fetch(suite.ctx.server.url + path, { headers: cookie ? { Cookie: cookie } : {} });
    expect(response.status, path).toBe(200);
    return /<header class="site-header">([\s\S]*?)<\/header>/.exec(await response.text())![1]!;
  };

  test.each([['/dashboard/'], ['/dashboard/keys/'], ['/access/'], ['/signin/']])(
    '%s signed in: the way to the dashboard, no "Sign in"',
    async (path) => {
      const header = await headerOf(path, suite.lab.cookie);
      expect(header).toMatch(/<a class="account-link" href="\/dashboard\/"[^>]*>Dashboard<\/a>/);
      expect(header).not.toContain('Sign in');
    },
  );

  test.each([['/access/'], ['/signin/'], ['/catalog/']])('%s signed out: "Sign in"', async (path) => {
    const header = await headerOf(path);
    expect(header).toMatch(/<a class="account-link" href="\/signin\/"[^>]*>Sign in<\/a>/);
    // A cookie whose session is gone is signed out too.
    expect(await headerOf(path, 'dss_session=' + 'A'.repeat(43))).toContain('Sign in');
  });
});
