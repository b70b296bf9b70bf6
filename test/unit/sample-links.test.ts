// Sample download links: every tampered token refused with its code, expiry by the clock.
import { SignJWT, UnsecuredJWT, base64url } from 'jose';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { DomainError } from '../../api/errors.ts';
import { createLinkSigner } from '../../api/domain/samples/links.ts';
import type { SampleRequestRecord } from '../../api/store/records.ts';

const secret = new Uint8Array(32).fill(7);
const signer = createLinkSigner(secret, 3600, new URL('https://dss.example'));
const sample = { id: 'smp_1', org_id: 'org_1', listing_id: 'listing-a' } as SampleRequestRecord;
const issued = new Date('2026-11-20T10:00:00Z');
const ACCEPTED_AT = '2026-11-19T09:00:00.000Z';
const tokenOf = (url: string) => new URL(url).searchParams.get('token')!;

async function codeOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
    return 'accepted';
  } catch (error) {
    expect(error).toBeInstanceOf(DomainError);
    return (error as DomainError).code;
  }
}

const sign = (claims: Record<string, unknown>, key: Uint8Array = secret, alg = 'HS256') =>
  new SignJWT(claims).setProtectedHeader({ alg }).sign(key);
const iat = Math.floor(issued.getTime() / 1000);
const good = {
  iss: 'dss',
  aud: 'dss:sample-download',
  sub: 'org_1',
  jti: 'smp_1',
  lst: 'listing-a',
  nda: ACCEPTED_AT,
  iat,
  exp: iat + 3600,
};

test('a fresh link verifies, for its listing, with the sample and organisation bound in', async () => {
  const { url, expiresAt } = await signer.link(sample, ACCEPTED_AT, issued);
  expect(url).toMatch(/^https:\/\/dss\.example\/api\/v1\/samples\/listing-a\/download\?token=/);
  expect(expiresAt.toISOString()).toBe('2026-11-20T11:00:00.000Z');
  expect(await signer.verify(tokenOf(url), 'listing-a', issued)).toEqual({
    sampleId: 'smp_1',
    orgId: 'org_1',
    listingId: 'listing-a',
    ndaAcceptedAt: ACCEPTED_AT,
  });
});

describe('tampered tokens', () => {
  test.each([
    ['signed with another secret', () => sign(good, new Uint8Array(32).fill(8)), 'forbidden'],
    ['alg none', async () => new UnsecuredJWT(good).encode(), 'forbidden'],
    ['HS512 with the right secret (alg not pinned)', () => sign(good, secret, 'HS512'), 'forbidden'],
    ['another audience', () => sign({ ...good, aud: 'something-else' }), 'forbidden'],
    ['another issuer', () => sign({ ...good, iss: 'evil' }), 'forbidden'],
    ['no exp', () => sign({ ...good, exp: undefined }), 'forbidden'],
    ['no jti', () => sign({ ...good, jti: undefined }), 'forbidden'],
    ['no listing', () => sign({ ...good, lst: undefined }), 'forbidden'],
    [
      'no NDA acceptance (a link made before links were bound to one)',
      () => sign({ ...good, nda: undefined }),
      'forbidden',
    ],
    ['an NDA acceptance that is not a date string', () => sign({ ...good, nda: 1 }), 'forbidden'],
    ['for another listing', () => sign({ ...good, lst: 'listing-b' }), 'forbidden'],
    ['not a JWT', async () => 'hello', 'forbidden'],
    ['empty', async () => '', 'forbidden'],
    [
      'payload altered, signature kept',
      async () => {
        const [header, , signature] = (await sign(good)).split('.');
        const payload = base64url.encode(JSON.stringify({ ...good, sub: 'org_2' }));
        return `${header}.${payload}.${signature}`;
      },
      'forbidden',
    ],
    [
      'signature altered',
      async () => {
        const token = await sign(good);
        return token.slice(0, -2) + (token.endsWith('AA') ? 'BB' : 'AA');
      },
      'forbidden',
    ],
    ['expired an hour ago', () => sign({ ...good, iat: iat - 7200, exp: iat - 3600 }), 'link_expired'],
  ])('%s → %s', async (_name, make, code) => {
    expect(await codeOf(signer.verify(await make(), 'listing-a', issued))).toBe(code);
  });

  test('a valid token on another listing path is refused', async () => {
    const { url } = await signer.link(sample, ACCEPTED_AT, issued);
    expect(await codeOf(signer.verify(tokenOf(url), 'listing-b', issued))).toBe('forbidden');
  });
});

describe('expiry, with the clock moved by fake timers', () => {
  afterEach(() => vi.useRealTimers());

  test('works until SAMPLE_LINK_TTL_SECONDS have passed, then 410 link_expired', async () => {
    vi.useFakeTimers();
    vi.setSystemTime(issued);
    const { url } = await signer.link(sample, ACCEPTED_AT, new Date());
    vi.setSystemTime(new Date(issued.getTime() + 3599_000));
    expect(await codeOf(signer.verify(tokenOf(url), 'listing-a', new Date()))).toBe('accepted');
    vi.setSystemTime(new Date(issued.getTime() + 3601_000));
    expect(await codeOf(signer.verify(tokenOf(url), 'listing-a', new Date()))).toBe('link_expired');
    // The lab is told where a fresh link comes from: its own sample request's link endpoint.
    await expect(signer.verify(tokenOf(url), 'listing-a', new Date())).rejects.toThrow(
      'Ask for a fresh one: POST /api/v1/sample-requests/smp_1/link',
    );
  });
});
