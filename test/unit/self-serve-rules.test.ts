// The self-serve rules with time pinned (issue 21): sign-in links expire after 15 minutes and work once; sessions
// end after 2 idle days or their absolute lifetime; keys expire (401 saying so) and a rotation's grace ends on
// time; 3 access requests per address a day. On the real JSON engine in a temp folder; `now` is passed in.
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeEach, describe, expect, test } from 'vitest';
import { submitAccessRequest } from '../../api/domain/labs/access-requests.ts';
import { authenticate, issueKey, rotateKey } from '../../api/domain/labs/api-keys.ts';
import { addAccount, createOrg } from '../../api/domain/labs/organisations.ts';
import { checkSession, createSession, touchSession } from '../../api/domain/labs/sessions.ts';
import { mailInvitation, mailSigninLink, redeemSigninToken } from '../../api/domain/labs/signin.ts';
import { callerOf } from '../../api/http/authentication.ts';
import { DomainError } from '../../api/errors.ts';
import { openStore } from '../../api/store/open-store.ts';
import type { Account, Org } from '../../api/store/records.ts';
import type { Store } from '../../api/store/store.ts';

const T0 = new Date(Date.UTC(2026, 10, 20, 9, 0));
const later = (ms: number) => new Date(T0.getTime() + ms);
const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;
const SITE = new URL('http://dss.example');

let store: Store;
let org: Org;
let account: Account;

beforeEach(async () => {
  store = await openStore({ dataDir: await mkdtemp(join(tmpdir(), 'dss-self-serve-')) });
  ({ org, account } = await store.transact(async (tx) => {
    const made = await createOrg(tx, 'Rules Lab', T0);
    return {
      org: made,
      account: await addAccount(tx, { orgId: made.id, email: 'admin@rules.example', verified: true }, T0),
    };
  }));
});

/** The token in the sign-in mail just queued for `email`. */
async function tokenMailedTo(email: string): Promise<string> {
  const mail = (await store.mailList({})).find((m) => m.to === email)!;
  return new URL(/(http\S+)/.exec(mail.text!)![1]!).searchParams.get('token')!;
}

describe('sign-in links', () => {
  test('work once, for 15 minutes; an altered token is invalid', async () => {
    await store.transact((tx) => mailSigninLink(tx, account, SITE, T0));
    const token = await tokenMailedTo(account.email);
    const altered = token.slice(0, -1) + (token.endsWith('A') ? 'B' : 'A');
    expect(await store.transact((tx) => redeemSigninToken(tx, altered, T0))).toEqual({
      ok: false,
      reason: 'invalid',
    });
    expect(await store.transact((tx) => redeemSigninToken(tx, token, later(15 * MIN)))).toEqual({
      ok: false,
      reason: 'expired',
    });
    expect((await store.transact((tx) => redeemSigninToken(tx, token, later(15 * MIN - 1)))).ok).toBe(true);
    expect(await store.transact((tx) => redeemSigninToken(tx, token, later(15 * MIN - 1)))).toEqual({
      ok: false,
      reason: 'used',
    });
    // Only the hash is stored, never the token.
    expect(JSON.stringify(await store.allRecords('signin_tokens'))).not.toContain(token);
  });

  test('an invitation makes a verified account with its role on first use, once', async () => {
    await store.transact((tx) =>
      mailInvitation(
        tx,
        {
          email: 'new@rules.example',
          role: 'member',
          orgId: org.id,
          invitedBy: 'Ada',
          inviterId: account.id,
        },
        SITE,
        T0,
      ),
    );
    const token = await tokenMailedTo('new@rules.example');
    const used = await store.transact((tx) => redeemSigninToken(tx, token, later(2 * DAY))); // invitations live 72 hours (issue 41)
    expect(used).toMatchObject({
      ok: true,
      tokenId: expect.any(String),
      account: {
        email: 'new@rules.example',
        role: 'member',
        org_id: org.id,
        verified_at: expect.any(String),
      },
    });
    expect(await store.transact((tx) => redeemSigninToken(tx, token, later(2 * DAY)))).toEqual({
      ok: false,
      reason: 'used',
    });
  });
});

describe('sessions', () => {
  const meta = { ip: '127.0.0.1', userAgent: 'test', ttlDays: 14 };

  test('end after 2 idle days; a touch keeps one alive until its absolute end', async () => {
    const { value, record } = await store.transact((tx) => createSession(tx, account, meta, T0));
    expect(JSON.stringify(await store.allRecords('sessions'))).not.toContain(value);
    expect((await checkSession(store, value, later(2 * DAY - 1))).ok).toBe(true);
    expect(await checkSession(store, value, later(2 * DAY))).toEqual({ ok: false, reason: 'idle' });
    // Used every day: alive until the 14th day, then over, however active.
    for (let day = 1; day < 14; day++)
      await store.transact((tx) => touchSession(tx, record, later(day * DAY)));
    expect((await checkSession(store, value, later(14 * DAY - 1))).ok).toBe(true);
    expect(await checkSession(store, value, later(14 * DAY))).toEqual({ ok: false, reason: 'expired' });
  });

  test('end when the account is removed from the team', async () => {
    const { value } = await store.transact((tx) => createSession(tx, account, meta, T0));
    await store.transact((tx) => tx.update('accounts', account.id, { removed_at: T0.toISOString() }));
    expect(await checkSession(store, value, T0)).toEqual({ ok: false, reason: 'ended' });
  });
});

describe('keys', () => {
  test('an expired key is 401 with a message saying it expired', async () => {
    const { key } = await store.transact((tx) =>
      issueKey(tx, account.id, T0, { name: 'short', expiresInDays: 1 }),
    );
    expect((await authenticate(store, key, later(DAY - 1))).ok).toBe(true);
    expect(await authenticate(store, key, later(DAY))).toEqual({ ok: false, reason: 'expired' });
    const refused = await callerOf(`Bearer ${key}`, store, later(DAY)).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(DomainError);
    expect((refused as DomainError).status).toBe(401);
    expect((refused as DomainError).message).toMatch(/expired/);
  });

  test('a rotation with grace keeps the old key working until the grace ends, not after', async () => {
    const { record, key } = await store.transact((tx) => issueKey(tx, account.id, T0, { name: 'ci' }));
    const rotated = await store.transact((tx) => rotateKey(tx, record.id, T0, { graceHours: 2 }));
    expect(rotated.record.name).toBe('ci');
    expect((await authenticate(store, key, later(2 * HOUR - 1))).ok).toBe(true);
    expect(await authenticate(store, key, later(2 * HOUR))).toEqual({ ok: false, reason: 'revoked' });
    expect((await authenticate(store, rotated.key, later(2 * HOUR))).ok).toBe(true);
  });
});

test('3 access requests per address a day: the 4th is dropped, the next day one is taken again', async () => {
  const input = {
    organisation: 'L',
    name: 'N',
    email: 'ask@rules.example',
    intended_use: 'A long enough intended use.',
  };
  for (let i = 0; i < 3; i++)
    expect(
      await store.transact((tx) => submitAccessRequest(tx, input, 'op@x.example', later(i * MIN), SITE)),
    ).toBeDefined();
  expect(
    await store.transact((tx) => submitAccessRequest(tx, input, 'op@x.example', later(10 * MIN), SITE)),
  ).toBeUndefined();
  expect(
    await store.transact((tx) => submitAccessRequest(tx, input, 'op@x.example', later(DAY + 3 * MIN), SITE)),
  ).toBeDefined();
});
