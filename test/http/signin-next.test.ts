// A sign-in link's `next` (where the browser lands after signing in), against the built server with mail on a real
// SMTP server: anyone may ask for a link to someone else's address with a `next` of their choosing, so a `next` that
// cannot be a Location header (a line break, a character beyond ASCII) is dropped, never a 500 that uses the link up.
import { describe, expect, test } from 'vitest';
import { follow, mailsTo, selfServeLab, selfServeSuite, signinLinkIn } from '../support/self-serve.ts';

const suite = selfServeSuite('Next Lab');

/** A sign-in link for `email` with `next`, asked for as the /signin/ page asks (anyone can). */
async function linkWithNext(email: string, next: string): Promise<string> {
  const before = mailsTo(suite.ctx.smtp, email).length;
  const response = await fetch(`${suite.ctx.server.url}/signin/`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: suite.ctx.siteUrl },
    body: new URLSearchParams({ email, next }),
  });
  expect(response.status).toBe(200);
  const until = Date.now() + 15_000;
  while (mailsTo(suite.ctx.smtp, email).length <= before) {
    if (Date.now() > until) throw new Error(`no sign-in mail to ${email}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return signinLinkIn(mailsTo(suite.ctx.smtp, email).at(-1)!);
}

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
