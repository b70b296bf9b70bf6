// An invitation grants no more than its inviter may grant when it is used (issue 41 item 8), on both engines with
// time pinned: removal and demotion cancel an inviter's invitations (test/http/team-abuse.test.ts); this holds even
// for one that escaped the cancelling (a role changed by the store directly, an invitation sent before inviters were
// recorded).
import { describe, expect, test } from 'vitest';
import { addAccount, createOrg } from '../../api/domain/labs/organisations.ts';
import { mailInvitation, redeemSigninToken } from '../../api/domain/labs/signin.ts';
import type { Account, Org } from '../../api/store/records.ts';
import type { Store } from '../../api/store/store.ts';
import { ENGINES } from '../support/engines.ts';

const T0 = new Date(Date.UTC(2026, 10, 20, 9, 0));
const later = (minutes: number) => new Date(T0.getTime() + minutes * 60_000);
const SITE = new URL('http://dss.example');

async function labWithAdmins(store: Store): Promise<{ org: Org; first: Account; inviter: Account }> {
  return store.transact(async (tx) => {
    const org = await createOrg(tx, 'Inviter Lab', T0);
    const admin = (email: string) =>
      addAccount(tx, { orgId: org.id, email, verified: true, role: 'admin' }, T0);
    return {
      org,
      first: await admin('first@inviter.example'),
      inviter: await admin('inviter@inviter.example'),
    };
  });
}

/** Invites `email` as admin from `inviter`, and returns the token mailed. */
async function inviteAdmin(store: Store, org: Org, inviter: Account, email: string): Promise<string> {
  await store.transact((tx) =>
    mailInvitation(
      tx,
      { email, role: 'admin', orgId: org.id, invitedBy: 'Ivy', inviterId: inviter.id },
      SITE,
      T0,
    ),
  );
  const mail = (await store.mailList({})).find((m) => m.to === email)!;
  return new URL(/(http\S+)/.exec(mail.text!)![1]!).searchParams.get('token')!;
}

describe.each(ENGINES)('the $name engine', ({ skip, place }) => {
  test.skipIf(skip)(
    'an invitation records its inviter and grants their role while they keep it',
    async () => {
      const store = await (await place())();
      const { org, inviter } = await labWithAdmins(store);
      const token = await inviteAdmin(store, org, inviter, 'kept@inviter.example');
      expect((await store.invitationsOf(org.id))[0]).toMatchObject({ invited_by: inviter.id, role: 'admin' });
      const used = await store.transact((tx) => redeemSigninToken(tx, token, later(5)));
      expect(used).toMatchObject({ ok: true, account: { role: 'admin' } });
      await store.close();
    },
  );

  test.skipIf(skip)('an inviter made a member since grants member at most', async () => {
    const store = await (await place())();
    const { org, inviter } = await labWithAdmins(store);
    const token = await inviteAdmin(store, org, inviter, 'capped@inviter.example');
    await store.transact((tx) => tx.update('accounts', inviter.id, { role: 'member' }));
    const used = await store.transact((tx) => redeemSigninToken(tx, token, later(5)));
    expect(used).toMatchObject({ ok: true, account: { email: 'capped@inviter.example', role: 'member' } });
    await store.close();
  });

  test.skipIf(skip)('an inviter removed since grants nothing: the link makes no account', async () => {
    const store = await (await place())();
    const { org, inviter } = await labWithAdmins(store);
    const token = await inviteAdmin(store, org, inviter, 'orphan@inviter.example');
    await store.transact((tx) => tx.update('accounts', inviter.id, { removed_at: later(1).toISOString() }));
    const used = await store.transact((tx) => redeemSigninToken(tx, token, later(5)));
    expect(used.ok).toBe(false);
    expect(await store.accountByEmail('orphan@inviter.example')).toBeUndefined();
    await store.close();
  });

  test.skipIf(skip)('an invitation sent before inviters were recorded grants member at most', async () => {
    const store = await (await place())();
    const { org, inviter } = await labWithAdmins(store);
    const token = await inviteAdmin(store, org, inviter, 'legacy@inviter.example');
    const [invitation] = await store.invitationsOf(org.id);
    await store.transact((tx) => tx.update('signin_tokens', invitation!.id, { invited_by: null }));
    const used = await store.transact((tx) => redeemSigninToken(tx, token, later(5)));
    expect(used).toMatchObject({ ok: true, account: { role: 'member' } });
    await store.close();
  });
});
