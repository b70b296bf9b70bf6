// The small parts of sign-in (issue 41, contract §14): where a link may send a browser (`next`), how an address
// is shown on a link's page, the site's default address and the origins that are this site, and the work done
// after an answer.
import { describe, expect, test } from 'vitest';
import { createAfterAnswer } from '../../api/after-answer.ts';
import { loadConfig } from '../../api/config.ts';
import { maskEmail } from '../../api/domain/mask-email.ts';
import { safeNext } from '../../api/domain/next-path.ts';
import { sameOrigin } from '../../api/http/authentication.ts';
import { StoreUnavailableError } from '../../api/store/store-errors.ts';

describe('next: a path of this site, nothing else', () => {
  test.each([
    '/dashboard/',
    '/dashboard/samples/new/?listing_id=call-centre-es-2025',
    '/dashboard/requests/new/?listing_id=x&y=%20z',
    '/catalog/',
  ])('%s is kept', (next) => expect(safeNext(next)).toBe(next));

  test.each([
    ['another host by //', '//evil.example/'],
    ['a scheme', 'https://evil.example/'],
    ['javascript:', 'javascript:alert(1)'],
    ['a backslash', '/\\evil.example/'],
    ['backslashes only', '\\\\evil.example'],
    ['an encoded slash', '/%2F%2Fevil.example'],
    ['an encoded backslash', '/%5Cevil.example'],
    ['an encoded slash, lower case', '/%2f/evil.example'],
    ['an encoded line break', '/dashboard/%0d%0aSet-Cookie:x=1'],
    ['a tab inside //', '/\t/evil.example'],
    ['a relative path', 'dashboard/'],
    ['a broken escape', '/dashboard/%E0%A4%A'],
    ['a letter beyond ASCII', '/dashboard/é'],
    ['too long', `/dashboard/${'a'.repeat(300)}`],
  ])('%s is refused', (_, next) => expect(safeNext(next)).toBeUndefined());
});

test('a link page shows the address masked: its first letter and its domain', () => {
  expect(maskEmail('ada.admin@lab.example')).toBe('a…@lab.example');
  expect(maskEmail('é@lab.example')).toBe('é…@lab.example');
});

describe('the site when SITE_URL is unset (contract §14)', () => {
  test('it is http://localhost:<PORT> for whatever PORT is', () => {
    expect(loadConfig({}).siteUrl.href).toBe('http://localhost:4321/');
    expect(loadConfig({ PORT: '8080' }).siteUrl.href).toBe('http://localhost:8080/');
    expect(loadConfig({ PORT: '8080' }).siteUrlDefault).toBe(true);
    expect(loadConfig({ PORT: '8080', SITE_URL: 'https://data.example' }).siteUrl.href).toBe(
      'https://data.example/',
    );
  });

  test('on a loopback site, localhost, 127.0.0.1 and [::1] at the same port are this site', () => {
    const site = new URL('http://localhost:8080');
    for (const origin of ['http://localhost:8080', 'http://127.0.0.1:8080', 'http://[::1]:8080'])
      expect(sameOrigin(origin, null, site), origin).toBe(true);
    for (const origin of [
      'http://127.0.0.1:8081',
      'https://127.0.0.1:8080',
      'http://evil.example:8080',
      'null',
    ])
      expect(sameOrigin(origin, null, site), origin).toBe(false);
    // A public site is its own origin only.
    expect(sameOrigin('http://127.0.0.1:8080', null, new URL('https://data.example'))).toBe(false);
  });
});

describe('work after the answer', () => {
  test('runs after the caller goes on, and stopping waits for it', async () => {
    const after = createAfterAnswer({ error: () => {} });
    const done: string[] = [];
    after.run('test', async () => {
      await new Promise((resolve) => setTimeout(resolve, 20));
      done.push('work');
    });
    done.push('answer');
    await after.stop();
    expect(done).toEqual(['answer', 'work']);
  });

  test('a store that cannot take the write is tried again, and a stop gives it one last try', async () => {
    const after = createAfterAnswer({ error: () => {} });
    let tries = 0;
    after.run('test', async () => {
      if (++tries === 1) throw new StoreUnavailableError('the lock is held', 1);
    });
    await new Promise((resolve) => setTimeout(resolve, 50)); // the first try failed; the next waits 2 s
    expect(tries).toBe(1);
    await after.stop();
    expect(tries).toBe(2);
  });
});
