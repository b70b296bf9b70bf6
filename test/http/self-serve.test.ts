// The self-serve journey over HTTP against the built server (issue 21, contract §8): access request → the
// operator's approval → the sign-in mail from a real SMTP server on loopback → a session cookie (its attributes
// checked on the wire) → the NDA → keys → a sample link → the download; the team; signing out. Every endpoint
// answers as the contract says, with the error envelope for what it refuses.
import { createHash } from 'node:crypto';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { expectError } from '../support/api-client.ts';
import { httpRequest } from '../support/http.ts';
import {
  follow,
  freshSigninLink,
  invited,
  mailsTo,
  mailTo,
  postJson,
  type SelfServe,
  selfServeLab,
  selfServeSuite,
  sessionCall,
  signinLinkIn,
  startSelfServe,
} from '../support/self-serve.ts';
import { ops, opsOk } from '../support/ops.ts';
import { loadNdaDocument } from '../../api/domain/labs/nda-document.ts';
import { TEST_LEGAL_ENV } from '../support/service-env.ts';
import { htmlErrors } from '../support/vnu.ts';

const LISTING = 'us-auto-insurance-claims-calls';
const suite = selfServeSuite('Journey Lab');
/** A fresh sign-in link for `email`, as the /signin/ page asks for it. */
const freshLink = (email: string, next?: string) => freshSigninLink(suite.ctx, email, next);

const bearer = async (key: string, path = '/api/v1/requests', init: RequestInit = {}) => {
  const response = await fetch(suite.ctx.server.url + path, {
    ...init,
    headers: { Authorization: `Bearer ${key}`, ...(init.headers as Record<string, string>) },
  });
  const text = await response.text();
  return {
    status: response.status,
    headers: response.headers,
    text,
    body: text ? JSON.parse(text) : undefined,
  };
};

describe('access requests', () => {
  test('202 received, the same for a known address; both mails go out; 3 a day per address', async () => {
    const email = `asker.${Date.now()}@lab.example`;
    const body = {
      organisation: 'Asker Lab',
      name: 'Ann Asker',
      email,
      intended_use: 'Benchmarking ASR models on accented speech.',
    };
    const first = await postJson(suite.ctx, '/api/v1/access-requests', body);
    expect(first.status, first.text).toBe(202);
    expect(first.body).toEqual({ data: { status: 'received' } });
    const known = await postJson(suite.ctx, '/api/v1/access-requests', { ...body, email: suite.lab.email });
    expect(known.status).toBe(202);
    expect(known.body).toEqual(first.body);
    await mailTo(suite.ctx.smtp, email, /received your access request/i);
    await mailTo(suite.ctx.smtp, 'sourcing@localhost', /Access requested by Asker Lab/);
    for (let i = 0; i < 3; i++)
      expect((await postJson(suite.ctx, '/api/v1/access-requests', body)).status).toBe(202);
    const stored = (await opsOk(suite.ctx.operator, 'access', 'list')).filter((r: any) => r.email === email);
    expect(stored).toHaveLength(3);
  });

  test('an approval from a shell without SITE_URL mails a link to where the server is', async () => {
    const email = `shell.${Date.now()}@lab.example`;
    await postJson(suite.ctx, '/api/v1/access-requests', {
      organisation: 'Shell Lab',
      name: 'Sam Shell',
      email,
      intended_use: 'Evaluating diarisation on call-centre audio.',
    });
    const { SITE_URL: _, ...shell } = suite.ctx.operator;
    const request = (await opsOk(shell, 'access', 'list')).find((r: any) => r.email === email);
    const approved = await ops(shell, 'access', 'approve', request.id);
    expect(approved.code, approved.stderr).toBe(0);
    expect(approved.stderr).toContain(`links: ${suite.ctx.siteUrl}/ (the server's SITE_URL)`);
    const link = new URL(signinLinkIn(await mailTo(suite.ctx.smtp, email, /access .* is ready/i)));
    expect(link.origin).toBe(suite.ctx.siteUrl); // not http://localhost:4321, SITE_URL's default
    const elsewhere = await ops(
      { ...suite.ctx.operator, SITE_URL: 'https://elsewhere.example' },
      'access',
      'list',
    );
    expect(elsewhere.stderr).toContain(
      `links: https://elsewhere.example/, from SITE_URL here; the server started with ${suite.ctx.siteUrl}/`,
    );
  });

  test.each([
    ['an email with CRLF', { email: 'a@lab.example\r\nBcc: victim@evil.example' }, 'email'],
    ['a 10,000-character name', { name: 'n'.repeat(10_000) }, 'name'],
    ['a name with CRLF', { name: 'Ann\r\nBcc: victim@evil.example' }, 'name'],
    ['an organisation with a newline', { organisation: 'Lab\nX-Injected: 1' }, 'organisation'],
    ['a short intended use', { intended_use: 'data' }, 'intended_use'],
    ['an unknown field', { admin: true }, 'admin'],
  ])('%s is 422 naming the field, and nothing is mailed', async (_name, change, field) => {
    const email = `bad.${Date.now()}@lab.example`;
    const reply = await postJson(suite.ctx, '/api/v1/access-requests', {
      organisation: 'Bad Lab',
      name: 'Bad Actor',
      email,
      intended_use: 'A long enough intended use for the check.',
      ...change,
    });
    expectError(reply, 422, 'invalid');
    expect(Object.keys(reply.body.error.fields)).toContain(field);
    await new Promise((resolve) => setTimeout(resolve, 1200)); // a background pass would have sent by now
    expect(suite.ctx.smtp.received.some((m) => /victim@evil/.test(m.envelopeTo.join()))).toBe(false);
    expect(
      suite.ctx.smtp.received.some(
        (m) => m.envelopeTo.includes(email) || /Bad Lab/.test(m.mail.subject ?? ''),
      ),
    ).toBe(false);
  });

  test("an empty body is told what each required field takes, in words, not zod's", async () => {
    const reply = await postJson(suite.ctx, '/api/v1/access-requests', {});
    expectError(reply, 422, 'invalid');
    expect(reply.body.error.fields).toEqual({
      organisation: ['give the organisation’s name'],
      name: ['give your name'],
      email: [expect.stringMatching(/^required: one plain address such as lead@lab\.example/)],
      intended_use: ['required: text saying what you intend to use the data for'],
    });
  });

  test('a form post from /access/ without JavaScript: 303 to the thank-you state; from another site, 403', async () => {
    const email = `form.${Date.now()}@lab.example`;
    const post = (origin: string) =>
      fetch(`${suite.ctx.server.url}/api/v1/access-requests`, {
        method: 'POST',
        redirect: 'manual',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: origin },
        body: new URLSearchParams([
          ['organisation', 'Form Lab'],
          ['name', 'Fay Form'],
          ['email', email],
          ['intended_use', 'Evaluating imaging models on CT studies.'],
          ['verticals', 'medical_imaging'],
        ]),
      });
    const elsewhere = await post('https://evil.example');
    expect(elsewhere.status).toBe(403);
    expect((await elsewhere.json()).error.message).toContain('send JSON');
    const response = await post(suite.ctx.siteUrl);
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe('/access/?sent=1');
    const pending = (await opsOk(suite.ctx.operator, 'access', 'list', '--status', 'pending')) as {
      email: string;
    }[];
    expect(pending.filter((request) => request.email === email)).toHaveLength(1); // the refused one stored nothing
  });

  test('ops access reject mails the reason; approving it again is refused', async () => {
    const email = `rejected.${Date.now()}@lab.example`;
    await postJson(suite.ctx, '/api/v1/access-requests', {
      organisation: 'No Lab',
      name: 'Nat',
      email,
      intended_use: 'Scraping everything we can find for a model.',
    });
    const request = (await opsOk(suite.ctx.operator, 'access', 'list')).find((r: any) => r.email === email);
    const rejected = await opsOk(
      suite.ctx.operator,
      'access',
      'reject',
      request.id,
      '--reason',
      'Not a lab we can serve.',
    );
    expect(rejected.status).toBe('rejected');
    const mail = await mailTo(suite.ctx.smtp, email, /^Your access request/);
    expect(mail.mail.text).toContain('Not a lab we can serve.');
  });
});

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

/** A dashboard page's CSRF token, as its forms carry it. */
async function csrfOf(path: string, cookie: string): Promise<string> {
  const page = await (await fetch(suite.ctx.server.url + path, { headers: { Cookie: cookie } })).text();
  return /name="csrf" value="([^"]+)"/.exec(page)![1]!;
}

/** Posts a form to a page as a browser would (the site's Origin, the cookie when given), over node:http. */
const postForm = (path: string, body: string, headers: Record<string, string> = {}) =>
  httpRequest(suite.ctx.server.url + path, {
    method: 'POST',
    headers: { Origin: suite.ctx.siteUrl, 'Content-Type': 'application/x-www-form-urlencoded', ...headers },
    body,
  });

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

describe('the NDA', () => {
  test('GET /api/v1/nda: version and the SHA-256 of the text with its parties; the page names the hash of its own text', async () => {
    const reply = await postJsonGet('/api/v1/nda');
    const text = loadNdaDocument('content', {
      entity: TEST_LEGAL_ENV.LEGAL_ENTITY,
      address: TEST_LEGAL_ENV.LEGAL_ADDRESS,
      governingLaw: TEST_LEGAL_ENV.GOVERNING_LAW,
    }).text;
    expect(text).toContain(TEST_LEGAL_ENV.LEGAL_ENTITY);
    expect(reply.body.data).toEqual({
      version: expect.any(String),
      sha256: createHash('sha256').update(text).digest('hex'),
      url: `${suite.ctx.siteUrl}/legal/nda/`,
      text_url: `${suite.ctx.siteUrl}/legal/nda.md`,
      unset_settings: [],
    });
    // The static page and its text are the build's (its own LEGAL_* settings): they agree with each other.
    const published = await (await fetch(`${suite.ctx.server.url}/legal/nda.md`)).text();
    const page = await (await fetch(`${suite.ctx.server.url}/legal/nda/`)).text();
    expect(page).toContain(createHash('sha256').update(published).digest('hex'));
    expect(page).toContain(reply.body.data.version);
    expect(page).not.toMatch(/template|not yet reviewed/i);
  });

  test('a stale version or hash is 409 nda_outdated; a missing tick 422; the acceptance is recorded, mailed, verified', async () => {
    const { version, sha256 } = (await postJsonGet('/api/v1/nda')).body.data;
    const signer = { signer_name: 'Ada Admin', signer_title: 'Head of Data', authorised: true };
    const path = '/api/v1/nda/acceptances';
    expectError(
      await sessionCall(suite.ctx, suite.lab.cookie, path, {
        method: 'POST',
        body: { version: '1999-01-01', sha256, ...signer },
      }),
      409,
      'nda_outdated',
    );
    expectError(
      await sessionCall(suite.ctx, suite.lab.cookie, path, {
        method: 'POST',
        body: { version, sha256: '0'.repeat(64), ...signer },
      }),
      409,
      'nda_outdated',
    );
    const untick = await sessionCall(suite.ctx, suite.lab.cookie, path, {
      method: 'POST',
      body: { version, sha256, ...signer, authorised: false },
    });
    expectError(untick, 422, 'invalid');
    expect(untick.body.error.fields).toHaveProperty('authorised');
    const accepted = await sessionCall(suite.ctx, suite.lab.cookie, path, {
      method: 'POST',
      body: { version, sha256, ...signer },
      headers: { 'User-Agent': 'journey-test' },
    });
    expect(accepted.status, accepted.text).toBe(201);
    expect(accepted.body.data.nda).toMatchObject({
      state: 'accepted',
      version,
      accepted_by: 'Ada Admin, Head of Data',
    });
    const me = await sessionCall(suite.ctx, suite.lab.cookie, '/api/v1/me');
    expect(me.body.data.nda).toMatchObject({
      state: 'accepted',
      version,
      accepted_by: 'Ada Admin, Head of Data',
    });
    const mail = await mailTo(suite.ctx.smtp, 'sourcing@localhost', /NDA accepted by Journey Lab/);
    expect(mail.mail.text).toContain('journey-test');
    expect(mail.mail.text).toContain(sha256);
    const verified = await opsOk(suite.ctx.operator, 'nda', 'verify', '--org', suite.lab.orgId);
    expect(verified.nda.state).toBe('verified');
    // Sent again (a refreshed page; here with the hash copied in capitals): nothing changes, the verification stands.
    const again = await sessionCall(suite.ctx, suite.lab.cookie, path, {
      method: 'POST',
      body: { version, sha256: sha256.toUpperCase(), ...signer },
    });
    expect(again.status, again.text).toBe(200);
    expect(again.body.data.acceptance.id).toBe(accepted.body.data.acceptance.id);
    expect(again.body.data.nda).toMatchObject({
      state: 'verified',
      accepted_at: accepted.body.data.nda.accepted_at,
    });
    expect((await sessionCall(suite.ctx, suite.lab.cookie, '/api/v1/me')).body.data.nda.state).toBe(
      'verified',
    );
  });
});

async function postJsonGet(path: string) {
  const response = await fetch(suite.ctx.server.url + path);
  return { status: response.status, body: await response.json() };
}

describe('keys from the dashboard', () => {
  test('create (shown once), list (never the key), use, rotate with grace, rotate without, revoke', async () => {
    const created = await sessionCall(suite.ctx, suite.lab.cookie, '/api/v1/keys', {
      method: 'POST',
      body: { name: 'eval pipeline', expires_in_days: 30 },
    });
    expect(created.status, created.text).toBe(201);
    const first = created.body.data;
    expect(first.key).toMatch(/^dss_[0-9A-Za-z]{38}$/);
    expect(first).toMatchObject({ name: 'eval pipeline', state: 'active', expires_at: expect.any(String) });
    const listed = await sessionCall(suite.ctx, suite.lab.cookie, '/api/v1/keys');
    expect(listed.text).not.toContain(first.key.slice(8));
    expect(listed.body.data.find((k: any) => k.id === first.id)).not.toHaveProperty('key');
    expect((await bearer(first.key)).status).toBe(200);

    const graced = await sessionCall(suite.ctx, suite.lab.cookie, `/api/v1/keys/${first.id}/rotate`, {
      method: 'POST',
      body: { grace_hours: 1 },
    });
    expect(graced.status, graced.text).toBe(201);
    expect(graced.body.data.replaces).toMatchObject({ id: first.id, state: 'grace' });
    const inGrace = Date.parse(graced.body.data.replaces.revoked_at) - Date.now();
    expect(inGrace).toBeGreaterThan(59 * 60_000);
    expect((await bearer(first.key)).status).toBe(200); // the old key works through its grace
    expect((await bearer(graced.body.data.key)).status).toBe(200);

    const second = graced.body.data;
    const now = await sessionCall(suite.ctx, suite.lab.cookie, `/api/v1/keys/${second.id}/rotate`, {
      method: 'POST',
    });
    expect(now.status, now.text).toBe(201);
    expectError(await bearer(second.key), 401, 'unauthorized');

    expect(
      (await sessionCall(suite.ctx, suite.lab.cookie, `/api/v1/keys/${first.id}`, { method: 'DELETE' }))
        .status,
    ).toBe(204);
    const revoked = await bearer(first.key);
    expectError(revoked, 401, 'unauthorized');
    expect(revoked.body.error.message).toMatch(/revoked/);
    expectError(
      await sessionCall(suite.ctx, suite.lab.cookie, `/api/v1/keys/${second.id}/rotate`, {
        method: 'POST',
        body: { grace_hours: 25 },
      }),
      422,
      'invalid',
    );
  });

  test('two rotations of one key at once give one successor; the other is 409', async () => {
    const key = (
      await sessionCall(suite.ctx, suite.lab.cookie, '/api/v1/keys', {
        method: 'POST',
        body: { name: 'twice' },
      })
    ).body.data;
    const both = await Promise.all(
      [1, 2].map(() =>
        sessionCall(suite.ctx, suite.lab.cookie, `/api/v1/keys/${key.id}/rotate`, { method: 'POST' }),
      ),
    );
    expect(both.map((r) => r.status).sort()).toEqual([201, 409]);
    expectError(
      both.find((r) => r.status === 409)!,
      409,
      'conflict',
    );
    const successors = (await sessionCall(suite.ctx, suite.lab.cookie, '/api/v1/keys')).body.data.filter(
      (k: any) => k.name === 'twice' && k.id !== key.id,
    );
    expect(successors).toHaveLength(1);
  });

  test('a key never manages keys or the team: 403 forbidden', async () => {
    const key = (
      await sessionCall(suite.ctx, suite.lab.cookie, '/api/v1/keys', { method: 'POST', body: { name: 'ci' } })
    ).body.data;
    expectError(await bearer(key.key, '/api/v1/keys'), 403, 'forbidden');
    expectError(
      await bearer(key.key, '/api/v1/keys', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: '{"name":"x"}',
      }),
      403,
      'forbidden',
    );
    expectError(await bearer(key.key, `/api/v1/keys/${key.id}`, { method: 'DELETE' }), 403, 'forbidden');
    expectError(await bearer(key.key, '/api/v1/team'), 403, 'forbidden');
    expectError(await bearer(key.key, '/api/v1/nda/acceptances', { method: 'POST' }), 403, 'forbidden');
    const me = await bearer(key.key, '/api/v1/me');
    expect(me.body.data).toMatchObject({ key: { id: key.id, name: 'ci' }, role: 'admin' });
  });

  test("another organisation's key and account ids are 404", async () => {
    const other = await selfServeLab(suite.ctx, 'Other Lab');
    const theirs = (
      await sessionCall(suite.ctx, other.cookie, '/api/v1/keys', { method: 'POST', body: { name: 'theirs' } })
    ).body.data;
    expectError(
      await sessionCall(suite.ctx, suite.lab.cookie, `/api/v1/keys/${theirs.id}/rotate`, { method: 'POST' }),
      404,
      'not_found',
    );
    expectError(
      await sessionCall(suite.ctx, suite.lab.cookie, `/api/v1/keys/${theirs.id}`, { method: 'DELETE' }),
      404,
      'not_found',
    );
    expectError(
      await sessionCall(suite.ctx, suite.lab.cookie, `/api/v1/team/${other.accountId}`, { method: 'DELETE' }),
      404,
      'not_found',
    );
    expect((await bearer(theirs.key)).status).toBe(200);
    expect((await sessionCall(suite.ctx, other.cookie, '/api/v1/me')).status).toBe(200);
  });
});

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

describe('a sample, asked with the session, mailed and downloaded', () => {
  test('after the verified NDA: 202, the link arrives, the file downloads', async () => {
    const asked = await sessionCall(suite.ctx, suite.lab.cookie, `/api/v1/samples/${LISTING}`, {
      method: 'POST',
    });
    expect(asked.status, asked.text).toBe(202);
    const mail = await mailTo(suite.ctx.smtp, suite.lab.email, /sample .* is ready/i);
    const link = /(http\S+\/api\/v1\/samples\/\S+)/.exec(mail.mail.text!)![1]!;
    const download = await fetch(link);
    expect(download.status).toBe(200);
    expect((await download.arrayBuffer()).byteLength).toBeGreaterThan(1000);
    const samples = await sessionCall(suite.ctx, suite.lab.cookie, '/api/v1/sample-requests');
    expect(samples.body.data[0]).toMatchObject({ listing_id: LISTING, status: 'link_sent' });
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
