// A sign-in link's `next` (where the browser lands after signing in), against the built server with mail on a real
// SMTP server: anyone may ask for a link to someone else's address with a `next` of their choosing, so a `next` that
// cannot be a Location header (a line break, a character beyond ASCII) is dropped, never a 500 that uses the link up.
import { describe, expect, test } from 'vitest';
import { follow, freshSigninLink, selfServeLab, selfServeSuite } from '../support/self-serve.ts';

const suite = selfServeSuite('Next Lab');

const linkWithNext = (email: string, next: string) => freshSigninLink(suite.ctx, email, next);

describe('a next that cannot be a Location header', () => {
  for (const [name, next] of [
    ['a line break', '/dashboard/\r\nSet-Cookie: planted=1'],
    ['a Unicode line separator', '/dashboard/\u2028'],
    ['a letter beyond ASCII', '/dashboard/é'],
  ]) {
    test(`with ${name}: the link still signs in and lands on /dashboard/`, async () => {
      const own = await selfServeLab(suite.ctx, 'Next Victim Lab'); // links are limited per address
      const signed = await follow(await linkWithNext(own.email, next!));
      expect(signed.status).toBe(303);
      expect(signed.location).toBe('/dashboard/');
      expect(signed.setCookie).toMatch(/^dss_session=/);
    });
  }

  test('on a link that is not valid, GET and HEAD go back to /signin/ (303), never a 500', async () => {
    for (const method of ['GET', 'HEAD']) {
      const response = await fetch(
        `${suite.ctx.server.url}/signin/callback?token=x&next=${encodeURIComponent('/dashboard/\r\nX: y')}`,
        { method, redirect: 'manual' },
      );
      expect(response.status, method).toBe(303);
      expect(response.headers.get('location')).toMatch(/^\/(signin|dashboard)\//);
    }
  });
});
