// The self-serve journey over HTTP against the service (issue 21, contract §8): access request → the operator's
// approval → the sign-in mail from a real SMTP server on loopback → a session cookie (its attributes checked on the
// wire) → the NDA → keys → a sample link → the download; the team; signing out. Every endpoint answers as the
// contract says, with the error envelope for what it refuses. Here: signing in and out, the session cookie.

import { describe, expect, test } from 'vitest';
import { expectError } from '../support/api-client.ts';
import {
  follow,
  freshSigninLink,
  mailTo,
  postJson,
  type SelfServe,
  selfServeLab,
  selfServeSuite,
  sessionCall,
  signinLinkIn,
  startSelfServe,
} from '../support/self-serve.ts';
import { opsOk } from '../support/ops.ts';

const LISTING = 'us-auto-insurance-claims-calls';
const suite = selfServeSuite('Journey Lab');
/** A fresh sign-in link for `email`, as the /signin/ page asks for it. */
const freshLink = (email: string, next?: string) => freshSigninLink(suite.ctx, email, next);

describe('sign-in and the session cookie', () => {
  test('the callback sets the cookie with the contract attributes and sends to /dashboard/', async () => {
    const link = await freshLink(suite.lab.email);
    // A mail scanner's HEAD first (Safe Links and the like check links before the person clicks): no session,
    // and the link still works for the person.
    const scanned = await fetch(link, { method: 'HEAD', redirect: 'manual' });
    expect(scanned.status).toBe(200); // the confirm page (contract §14)
    expect(scanned.headers.getSetCookie().filter((c) => c.startsWith('dss_session'))).toEqual([]);
    const signed = await follow(link);
    expect(signed.status).toBe(303);
    expect(signed.location).toBe('/dashboard/');
    const attributes = signed.setCookie.split(';').map((part) => part.trim().toLowerCase());
    expect(signed.setCookie).toMatch(/^dss_session=[A-Za-z0-9_-]{43};/); // http SITE_URL: no __Host- prefix
    expect(attributes).toContain('httponly');
    expect(attributes).toContain('samesite=lax');
    expect(attributes).toContain('path=/');
    expect(attributes).not.toContain('secure');
    expect(attributes.find((a) => a.startsWith('max-age='))).toBe(`max-age=${14 * 86400}`);
    const dashboard = await fetch(`${suite.ctx.server.url}/dashboard/`, {
      headers: { Cookie: signed.cookie },
      redirect: 'manual',
    });
    expect(dashboard.status).toBe(200);
    expect(await dashboard.text()).toContain('Journey Lab');
  });

  test('a replayed link is refused; an altered or foreign token too; none says whose', async () => {
    const link = await freshLink(suite.lab.email);
    expect((await follow(link)).status).toBe(303);
    const replay = await follow(link);
    expect(replay.location).toBe('/signin/?error=used');
    expect(replay.setCookie).toBe('');
    const token = new URL(link).searchParams.get('token')!;
    const altered = token.slice(0, -1) + (token.endsWith('A') ? 'B' : 'A');
    for (const bad of [altered, 'x'.repeat(43), 'dss_notatokenatall', '', token + 'A']) {
      const refused = await follow(
        `${suite.ctx.server.url}/signin/callback?token=${encodeURIComponent(bad)}`,
      );
      expect(refused.location, bad).toBe('/signin/?error=invalid');
      expect(refused.setCookie).toBe('');
    }
  });

  test('a link followed 20 times at once starts one session, not 20', async () => {
    const own = await selfServeLab(suite.ctx, 'Race Lab'); // sign-in links are limited per address: a lab of its own
    const link = await freshLink(own.email);
    const results = await Promise.all(Array.from({ length: 20 }, () => follow(link)));
    expect(results.filter((r) => r.location === '/dashboard/')).toHaveLength(1);
    expect(results.filter((r) => r.location === '/signin/?error=used')).toHaveLength(19);
  });

  test('a sign-in link is asked for with the same 202 whether or not the address has an account', async () => {
    const known = await postJson(suite.ctx, '/api/v1/session/link', { email: suite.lab.email });
    const unknown = await postJson(suite.ctx, '/api/v1/session/link', {
      email: `nobody.${Date.now()}@lab.example`,
    });
    expect(known.status).toBe(202);
    expect(unknown.status).toBe(202);
    expect(unknown.body).toEqual(known.body);
    expectError(
      await postJson(suite.ctx, '/api/v1/session/link', { email: 'a@b.example\r\nBcc: x@y.example' }),
      422,
      'invalid',
    );
  });

  test('a redirect after sign-in goes only to a dashboard page of this site', async () => {
    const own = await selfServeLab(suite.ctx, 'Redirect Lab'); // sign-in links are limited per address: a lab of its own
    const link = await freshLink(own.email, '/dashboard/samples/new/?listing_id=x');
    expect((await follow(link)).location).toBe('/dashboard/samples/new/?listing_id=x');
    const evil = (await freshLink(own.email)) + '&next=https://evil.example/';
    expect((await follow(evil)).location).toBe('/dashboard/');
  });

  test('a dashboard page without a session sends to /signin/ and back', async () => {
    const response = await fetch(`${suite.ctx.server.url}/dashboard/requests/new/?listing_id=${LISTING}`, {
      redirect: 'manual',
    });
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe(
      `/signin/?next=${encodeURIComponent(`/dashboard/requests/new/?listing_id=${LISTING}`)}`,
    );
  });
});

describe('the cookie when SITE_URL is https', () => {
  test('__Host- prefix and Secure on the wire; the Origin must be the https site', async () => {
    const secure = await startSelfServe({ SITE_URL: 'https://dss.example' });
    try {
      const over = secure;
      const signed = await selfServeLabAt(over);
      expect(signed.setCookie).toMatch(/^__Host-dss_session=[A-Za-z0-9_-]{43}; /);
      const attributes = signed.setCookie.split(';').map((part) => part.trim().toLowerCase());
      expect(attributes).toEqual(expect.arrayContaining(['secure', 'httponly', 'samesite=lax', 'path=/']));
      expect(attributes.some((a) => a.startsWith('domain='))).toBe(false);
      const me = await sessionCall(over, signed.cookie, '/api/v1/me');
      expect(me.status, me.text).toBe(200);
      // The plain-http origin of the same host is another origin.
      expectError(
        await sessionCall(over, signed.cookie, '/api/v1/keys', {
          method: 'POST',
          body: { name: 'x' },
          origin: 'http://dss.example',
        }),
        403,
        'forbidden',
      );
      expect(
        (await sessionCall(over, signed.cookie, '/api/v1/keys', { method: 'POST', body: { name: 'x' } }))
          .status,
      ).toBe(201);
    } finally {
      await secure.stop();
    }
  });
});

/** The start of the journey on a server whose SITE_URL is not its own address: the mailed link is followed there. */
async function selfServeLabAt(at: SelfServe) {
  const email = `secure.${Date.now()}@lab.example`;
  await postJson(at, '/api/v1/access-requests', {
    organisation: 'Secure Lab',
    name: 'S',
    email,
    intended_use: 'Evaluating models on secure transport.',
  });
  const request = (await opsOk(at.operator, 'access', 'list')).find((r: any) => r.email === email);
  await opsOk(at.operator, 'access', 'approve', request.id);
  const link = new URL(signinLinkIn(await mailTo(at.smtp, email, /access .* is ready/i)));
  expect(link.origin).toBe(at.siteUrl);
  return follow(`${at.server.url}${link.pathname}${link.search}`, { origin: at.siteUrl });
}

describe('signing out', () => {
  test('logout ends this session; ?all=true ends every session of the account', async () => {
    const own = await selfServeLab(suite.ctx, 'Sign-out Lab'); // sign-in links are limited per address: a lab of its own
    const a = await follow(await freshLink(own.email));
    const b = await follow(await freshLink(own.email));
    const out = await sessionCall(suite.ctx, a.cookie, '/api/v1/session/logout', { method: 'POST' });
    expect(out.status).toBe(204);
    expect(out.headers.getSetCookie()[0]).toMatch(/^dss_session=; .*Max-Age=0/);
    expectError(await sessionCall(suite.ctx, a.cookie, '/api/v1/me'), 401, 'unauthorized');
    expect((await sessionCall(suite.ctx, b.cookie, '/api/v1/me')).status).toBe(200);
    expect(
      (await sessionCall(suite.ctx, b.cookie, '/api/v1/session/logout?all=true', { method: 'POST' })).status,
    ).toBe(204);
    for (const cookie of [b.cookie, own.cookie])
      expectError(await sessionCall(suite.ctx, cookie, '/api/v1/me'), 401, 'unauthorized');
    // A dashboard-only endpoint says to sign in again, not to use an API key (one would get 403 there).
    const keys = await sessionCall(suite.ctx, a.cookie, '/api/v1/keys');
    expectError(keys, 401, 'unauthorized');
    expect(keys.body.error.message).toContain('sign in (again, if your session ended) at /signin/');
    expect(keys.body.error.message).not.toContain('Authorization: Bearer');
  });
});
