// A sign-in link signs in only when the person confirms (issue 41 item 3, contract §14), against the service in
// process with mail on a real SMTP server: a mail scanner's GET and HEAD leave it working; the page says whose it
// is, masked; only a POST from this site, with the page's CSRF token, signs in, ends the session the browser held
// and goes to `next` (a path of this site) or the dashboard.
import { describe, expect, test } from 'vitest';
import {
  confirmLink,
  follow,
  freshSigninLink,
  openLink,
  selfServeLab,
  selfServeSuite,
  sessionCall,
} from '../support/self-serve.ts';

const suite = selfServeSuite('Confirm Lab');

describe('following a link changes nothing', () => {
  test('GET twice and HEAD (scanners, previewers) leave the link working; the page names the address masked', async () => {
    const link = await freshSigninLink(suite.ctx, suite.lab.email);
    const head = await fetch(link, { method: 'HEAD', redirect: 'manual' });
    expect(head.status).toBe(200);
    const first = await openLink(link);
    const again = await openLink(link);
    for (const page of [first, again]) {
      expect(page.status).toBe(200);
      expect(page.html).toContain(`Sign in as ${suite.lab.email[0]}…@lab.example`);
      expect(page.html).not.toContain(suite.lab.email); // a forwarded link does not tell the whole address
      expect(page.fields.token).toBe(new URL(link).searchParams.get('token'));
      expect(page.fields.csrf).toMatch(/^[A-Za-z0-9_-]{32}$/);
    }
    expect(head.headers.getSetCookie().some((c) => c.startsWith('dss_session='))).toBe(false);
    expect(first.presession).toMatch(/^dss_signin=/);
    const signed = await confirmLink(link, again);
    expect(signed.status).toBe(303);
    expect(signed.location).toBe('/dashboard/');
    expect((await sessionCall(suite.ctx, signed.cookie, '/api/v1/me')).status).toBe(200);
    // Used now: the page says so instead of offering the button again.
    expect((await openLink(link)).location).toBe('/signin/?error=used');
  });

  test('the page is not cached, sends no Referer to another site, and is not indexed', async () => {
    const link = await freshSigninLink(suite.ctx, suite.lab.email);
    const response = await fetch(link);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.headers.get('referrer-policy')).toBe('same-origin');
    expect(response.headers.get('x-robots-tag')).toBe('noindex');
  });
});

describe('only a POST from this site with the page’s token signs in', () => {
  test('without the pre-session cookie, with a wrong token or from another origin: 403, and the link still works', async () => {
    const own = await selfServeLab(suite.ctx, 'Confirm Refusal Lab'); // links are limited per address
    const link = await freshSigninLink(suite.ctx, own.email);
    const page = await openLink(link);
    const refusals = [
      await confirmLink(link, { ...page, presession: '' }),
      await confirmLink(link, page, { fields: { csrf: 'x'.repeat(32) } }),
      await confirmLink(link, page, { fields: { csrf: '' } }),
      await confirmLink(link, page, { origin: 'https://evil.example' }),
      await confirmLink(link, page, { origin: null }),
      // Another browser's cookie with this page's token: the token belongs to the cookie it was made from.
      await confirmLink(link, { ...page, presession: (await openLink(link)).presession }),
    ];
    for (const refused of refusals) {
      expect(refused.status).toBe(403);
      expect(refused.setCookie).toBe('');
    }
    expect((await confirmLink(link, page)).location).toBe('/dashboard/');
  });

  test('an attacker’s link confirmed in a victim’s browser ends the victim’s own session (login CSRF)', async () => {
    const victim = await selfServeLab(suite.ctx, 'Victim Lab');
    const attacker = await selfServeLab(suite.ctx, 'Attacker Lab');
    const attackersLink = await freshSigninLink(suite.ctx, attacker.email);
    // The victim's browser opens it: the page names the attacker's address and signs no one in by itself.
    const page = await openLink(attackersLink, victim.cookie);
    expect(page.html).toContain(`Sign in as ${attacker.email[0]}…@lab.example`);
    expect(page.html).toContain('This browser is signed in already');
    expect((await sessionCall(suite.ctx, victim.cookie, '/api/v1/me')).status).toBe(200);
    const signed = await confirmLink(attackersLink, page, { cookie: victim.cookie });
    expect(signed.status).toBe(303);
    expect((await sessionCall(suite.ctx, victim.cookie, '/api/v1/me')).status).toBe(401);
    const me = await sessionCall(suite.ctx, signed.cookie, '/api/v1/me');
    expect(me.body.data.organisation.name).toBe('Attacker Lab');
  });
});

describe('next after confirming', () => {
  test('a path of this site is where the browser lands', async () => {
    const next = '/dashboard/samples/new/?listing_id=x&from=listing';
    const signed = await follow(await freshSigninLink(suite.ctx, suite.lab.email, next));
    expect(signed.location).toBe(next);
  });

  test('another site, in the link or put in the form, lands on /dashboard/', async () => {
    const own = await selfServeLab(suite.ctx, 'Confirm Next Lab'); // its approval and these four: five links
    for (const next of [
      '//evil.example/',
      'https://evil.example/',
      '/\\evil.example',
      '/%2F%2Fevil.example',
    ]) {
      const link = `${await freshSigninLink(suite.ctx, own.email)}&next=${encodeURIComponent(next)}`;
      const page = await openLink(link);
      expect(page.fields.next, next).toBeUndefined();
      expect((await confirmLink(link, page, { fields: { next } })).location, next).toBe('/dashboard/');
    }
  });
});
