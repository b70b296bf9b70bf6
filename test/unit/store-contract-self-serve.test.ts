// The Store interface's self-serve records (issue 21), the same tests for every engine (see store-contract.test.ts):
// accounts, sessions, sign-in tokens, access requests, NDA acceptances, and self-serve writes racing.
import { describe, expect, test } from 'vitest';
import { ENGINES } from '../support/engines.ts';
import { at, org } from '../support/contract-records.ts';
describe.each(ENGINES)('the $name engine: self-serve records (issue 21)', ({ skip, place }) => {
  test.skipIf(skip)(
    'accounts of an organisation, sessions and sign-in tokens by hash, access requests, NDA acceptances',
    async () => {
      const store = await (await place())();
      const account = (id: string, minute: number, email: string) => ({
        id,
        org_id: 'org_s',
        email,
        name: null,
        verified_at: at(minute),
        created_at: at(minute),
        role: 'member' as const,
        removed_at: null,
      });
      const session = (id: string, accountId: string, hash: string) => ({
        id,
        hash,
        account_id: accountId,
        org_id: 'org_s',
        created_at: at(1),
        last_seen_at: at(1),
        expires_at: at(59),
        ended_at: null,
        ip: '127.0.0.1',
        user_agent: 'test',
      });
      const token = (id: string, email: string, minute: number, hash: string) => ({
        id,
        hash,
        email,
        purpose: 'signin' as const,
        account_id: 'acc_s1',
        org_id: 'org_s',
        role: null,
        created_at: at(minute),
        expires_at: at(minute + 15),
        used_at: null,
      });
      const access = (id: string, email: string, minute: number, status: 'pending' | 'approved') => ({
        id,
        organisation: 'Lab',
        name: 'N',
        email,
        intended_use: 'A long enough intended use.',
        verticals: [],
        status,
        created_at: at(minute),
        decided_at: null,
        reason: null,
        org_id: null,
        account_id: null,
      });
      await store.transact(async (tx) => {
        await tx.insert('orgs', org('org_s'));
        await tx.insert('orgs', org('org_t'));
        await tx.insert('accounts', account('acc_s2', 2, 's2@lab.example'));
        await tx.insert('accounts', account('acc_s1', 1, 's1@lab.example'));
        await tx.insert('accounts', { ...account('acc_t1', 1, 't1@lab.example'), org_id: 'org_t' });
        await tx.insert('sessions', session('ses_1', 'acc_s1', '01'.repeat(32)));
        await tx.insert('sessions', session('ses_2', 'acc_s1', '02'.repeat(32)));
        await tx.insert('sessions', session('ses_3', 'acc_s2', '03'.repeat(32)));
        await tx.insert('signin_tokens', token('stk_1', 's1@lab.example', 1, '11'.repeat(32)));
        await tx.insert('signin_tokens', token('stk_2', 's1@lab.example', 20, '12'.repeat(32)));
        const invitation = { purpose: 'invitation' as const, account_id: null, role: 'member' as const };
        await tx.insert('signin_tokens', {
          ...token('stk_i1', 'n1@lab.example', 2, '13'.repeat(32)),
          ...invitation,
        });
        await tx.insert('signin_tokens', {
          ...token('stk_i2', 'n2@lab.example', 4, '14'.repeat(32)),
          ...invitation,
        });
        await tx.insert('signin_tokens', {
          ...token('stk_i3', 'n3@lab.example', 3, '15'.repeat(32)),
          ...invitation,
          org_id: 'org_t',
        });
        await tx.insert('access_requests', access('acr_1', 'x@lab.example', 1, 'pending'));
        await tx.insert('access_requests', access('acr_2', 'x@lab.example', 30, 'approved'));
        await tx.insert('access_requests', access('acr_3', 'y@other.example', 20, 'pending'));
        await tx.insert('nda_acceptances', {
          id: 'nda_1',
          org_id: 'org_s',
          account_id: 'acc_s1',
          version: 'v1',
          sha256: 'ab'.repeat(32),
          signer_name: 'S',
          signer_title: 'T',
          ip: '127.0.0.1',
          user_agent: 'ua',
          created_at: at(3),
        });
      });
      expect((await store.accountsOf('org_s')).map((a) => a.id)).toEqual(['acc_s1', 'acc_s2']);
      expect((await store.sessionByHash('02'.repeat(32)))?.id).toBe('ses_2');
      expect(await store.sessionByHash('04'.repeat(32))).toBeUndefined();
      expect((await store.sessionsOf('acc_s1')).map((s) => s.id).sort()).toEqual(['ses_1', 'ses_2']);
      await store.transact((tx) => tx.update('sessions', 'ses_1', { ended_at: at(5) }));
      expect((await store.sessionByHash('01'.repeat(32)))?.ended_at).toBe(at(5));
      expect((await store.signinTokenByHash('12'.repeat(32)))?.id).toBe('stk_2');
      expect((await store.signinTokensSince('s1@lab.example', new Date(at(10)))).map((t) => t.id)).toEqual([
        'stk_2',
      ]);
      // An organisation's invitations, newest first: not its sign-in links, not another organisation's.
      expect((await store.invitationsOf('org_s')).map((t) => t.id)).toEqual(['stk_i2', 'stk_i1']);
      await store.transact((tx) => tx.update('signin_tokens', 'stk_i1', { cancelled_at: at(6) }));
      expect((await store.invitationsOf('org_s')).map((t) => t.cancelled_at ?? null)).toEqual([null, at(6)]);
      expect((await store.invitationsOf('org_t')).map((t) => t.id)).toEqual(['stk_i3']);
      expect((await store.accessRequests({})).map((r) => r.id)).toEqual(['acr_2', 'acr_3', 'acr_1']);
      expect((await store.accessRequests({ status: 'pending' })).map((r) => r.id)).toEqual([
        'acr_3',
        'acr_1',
      ]);
      expect((await store.accessRequestById('acr_2'))?.status).toBe('approved');
      // Every address's, newest first: the hourly caps count them by inbox and by domain.
      expect((await store.accessRequestsSince(new Date(at(10)))).map((r) => r.id)).toEqual([
        'acr_2',
        'acr_3',
      ]);
      expect((await store.ndaAcceptances('org_s')).map((a) => a.id)).toEqual(['nda_1']);
      expect(await store.ndaAcceptances('org_t')).toEqual([]);
      // A hash names one session: a second with the same hash is refused.
      await expect(
        store.transact((tx) => tx.insert('sessions', session('ses_9', 'acc_s2', '03'.repeat(32)))),
      ).rejects.toThrow();
      await store.close();
    },
  );
});

describe.each(ENGINES)('the $name engine: self-serve writes racing (issue 21)', ({ skip, place }) => {
  test.skipIf(skip)('two admins removed at once: one goes, the last admin stays', async () => {
    const { removeFromTeam } = await import('../../api/domain/labs/team.ts');
    const store = await (await place())();
    const admin = (id: string) => ({
      id,
      org_id: 'org_r',
      email: `${id}@lab.example`,
      name: null,
      verified_at: at(0),
      created_at: at(0),
      role: 'admin' as const,
      removed_at: null,
    });
    for (let round = 0; round < 5; round++) {
      const [a, b] = [`acc_r${round}a`, `acc_r${round}b`];
      await store.transact(async (tx) => {
        if (round === 0) await tx.insert('orgs', org('org_r'));
        await tx.insert('accounts', admin(a));
        await tx.insert('accounts', admin(b));
      });
      const results = await Promise.allSettled(
        [a, b].map((id) =>
          store.transact(async (tx) => removeFromTeam(tx, (await tx.orgById('org_r'))!, id, new Date())),
        ),
      );
      expect(results.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
      const left = (await store.accountsOf('org_r')).filter((x) => !x.removed_at);
      expect(left).toHaveLength(1);
      // The survivor is removed by hand before the next round, so each round starts with two admins.
      await store.transact((tx) => tx.update('accounts', left[0]!.id, { removed_at: at(1) }));
    }
    await store.close();
  });
});

describe.each(ENGINES)('the $name engine: recalls (issue 43)', ({ skip, place }) => {
  test.skipIf(skip)(
    'recalls by organisation told and by listing; one acknowledgement per organisation',
    async () => {
      const store = await (await place())();
      const recall = (id: string, listing: string, recipients: string[], minute: number) => ({
        id,
        listing_id: listing,
        reason: 'Consent withdrawn',
        items: [{ id: 'C-1', files: [{ path: 'calls/C-1.wav', sha256: 'ab'.repeat(32) }] }],
        recipients,
        created_by: 'operator',
        created_at: at(minute),
      });
      const ack = (recallId: string, orgId: string, minute: number) => ({
        id: `${recallId}:${orgId}`,
        recall_id: recallId,
        org_id: orgId,
        deleted: true as const,
        statement: 'Deleted',
        account_id: 'acc_x',
        key_id: null,
        ip: '127.0.0.1',
        created_at: at(minute),
      });
      await store.transact(async (tx) => {
        for (const id of ['org_a', 'org_b', 'org_c']) await tx.insert('orgs', org(id));
        await tx.insert('recalls', recall('rcl_1', 'listing-one', ['org_a', 'org_b'], 1));
        await tx.insert('recalls', recall('rcl_2', 'listing-two', ['org_a'], 2));
        await tx.insert('recalls', recall('rcl_3', 'listing-one', [], 3));
        await tx.insert('recall_acknowledgements', ack('rcl_1', 'org_b', 4));
        await tx.insert('recall_acknowledgements', ack('rcl_1', 'org_a', 5));
      });
      const ids = (records: { id: string }[]) => records.map((r) => r.id);
      expect(ids(await store.recalls({}))).toEqual(['rcl_3', 'rcl_2', 'rcl_1']);
      expect(ids(await store.recalls({ orgId: 'org_a' }))).toEqual(['rcl_2', 'rcl_1']);
      expect(ids(await store.recalls({ orgId: 'org_b' }))).toEqual(['rcl_1']);
      expect(await store.recalls({ orgId: 'org_c' })).toEqual([]);
      expect(ids(await store.recalls({ listingId: 'listing-one' }))).toEqual(['rcl_3', 'rcl_1']);
      expect(ids(await store.recalls({ listingId: 'listing-one', orgId: 'org_a' }))).toEqual(['rcl_1']);
      expect((await store.recallById('rcl_1'))?.items[0]?.files[0]?.sha256).toBe('ab'.repeat(32));
      expect(ids(await store.recallAcknowledgements('rcl_1'))).toEqual(['rcl_1:org_b', 'rcl_1:org_a']);
      expect(await store.recallAcknowledgements('rcl_2')).toEqual([]);
      // The same organisation's second acknowledgement is not inserted: the first stays.
      const again = await store.transact((tx) =>
        tx.insertNew('recall_acknowledgements', { ...ack('rcl_1', 'org_a', 9), statement: 'Again' }),
      );
      expect(again).toBe(false);
      expect((await store.recallAcknowledgements('rcl_1')).map((a) => a.statement)).toEqual([
        'Deleted',
        'Deleted',
      ]);
      await store.close();
    },
  );
});
