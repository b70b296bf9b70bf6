// The Store interface's queues, the same tests for every engine (see store-contract.test.ts): due mail and its
// leases, webhook endpoints and their deliveries, and the claim that takes turns between endpoints.
import { describe, expect, test } from 'vitest';
import type { Store, Tx } from '../../api/store/store.ts';
import { ENGINES } from '../support/engines.ts';
import { at, delivery, endpoint, mail, org } from '../support/contract-records.ts';
describe.each(ENGINES)('the $name engine: queues', ({ skip, place }) => {
  test.skipIf(skip)(
    'due mail: queued and due, or claimed by a sender whose lease ran out; a transaction sees its own',
    async () => {
      const store = await (await place())();
      await store.transact(async (tx) => {
        await tx.insert('mail', mail('m_due', 'queued'));
        await tx.insert('mail', mail('m_later', 'queued', { next_attempt_at: at(30) }));
        await tx.insert('mail', mail('m_sent', 'sent'));
        await tx.insert('mail', mail('m_leased', 'sending', { lease_until: at(20) }));
        await tx.insert('mail', mail('m_lapsed', 'sending', { lease_until: at(5) }));
      });
      const due = async (reads: Pick<Store, 'dueMail'>) =>
        (await reads.dueMail(new Date(at(10)), 10)).map((m) => m.id).sort();
      expect(await due(store)).toEqual(['m_due', 'm_lapsed']);
      await store.transact(async (tx) => {
        await tx.update('mail', 'm_due', { status: 'sent' });
        expect(await due(tx)).toEqual(['m_lapsed']);
      });
      expect(await due(store)).toEqual(['m_lapsed']);
      expect((await store.mailList({ status: 'sent' })).map((m) => m.id).sort()).toEqual(['m_due', 'm_sent']);
      await store.close();
    },
  );

  test.skipIf(skip)(
    'a lease gives the due mail to one sender until it runs out; outcomes are recorded together',
    async () => {
      const store = await (await place())();
      await store.transact(async (tx) => {
        await tx.insert('mail', mail('m_due', 'queued', { next_attempt_at: at(2) }));
        await tx.insert('mail', mail('m_first', 'queued', { next_attempt_at: at(1) }));
        await tx.insert('mail', mail('m_later', 'queued', { next_attempt_at: at(30) }));
        await tx.insert('mail', mail('m_leased', 'sending', { lease_until: at(20) }));
      });
      const lease = (minute: number, limit = 10) =>
        store.transact(async (tx) =>
          (await tx.lease('mail', new Date(at(minute)), limit, at(minute + 5))).map((m) => [
            m.id,
            m.status,
            m.lease_until,
          ]),
        );
      expect(await lease(10, 1)).toEqual([['m_first', 'sending', at(15)]]);
      expect(await lease(10)).toEqual([['m_due', 'sending', at(15)]]);
      expect(await lease(10)).toEqual([]); // every due mail is leased now
      expect(await lease(16)).toEqual([
        ['m_first', 'sending', at(21)],
        ['m_due', 'sending', at(21)],
      ]); // theirs ran out
      await store.transact((tx) =>
        tx.updateEach('mail', [
          { id: 'm_first', patch: { status: 'sent', lease_until: null, text: null } },
          { id: 'm_due', patch: { status: 'queued', lease_until: null, attempts: 1 } },
        ]),
      );
      expect(await store.mailById('m_first')).toMatchObject({ status: 'sent', text: null, subject: 's' });
      expect(await store.mailById('m_due')).toMatchObject({
        status: 'queued',
        attempts: 1,
        lease_until: null,
      });
      // A missing record fails the whole transaction: the other change is not kept.
      await expect(
        store.transact((tx) =>
          tx.updateEach('mail', [
            { id: 'm_later', patch: { status: 'failed' } },
            { id: 'm_none', patch: { status: 'failed' } },
          ]),
        ),
      ).rejects.toThrow();
      expect(await store.mailById('m_later')).toMatchObject({ status: 'queued' });
      await store.close();
    },
  );

  test.skipIf(skip)(
    'a renewed lease keeps a sender’s mail from others; only mail still held under that lease is renewed',
    async () => {
      const store = await (await place())();
      await store.transact(async (tx) => {
        for (const id of ['m_a', 'm_b', 'm_c'])
          await tx.insert('mail', mail(id, 'queued', { next_attempt_at: at(1) }));
      });
      const claimed = await store.transact((tx) => tx.lease('mail', new Date(at(10)), 10, at(15)));
      expect(claimed.map((m) => m.id).sort()).toEqual(['m_a', 'm_b', 'm_c']);
      // Since the claim, m_b's outcome was recorded and m_c was taken by another sender, whose lease this is not.
      await store.transact((tx) =>
        tx.updateEach('mail', [
          { id: 'm_b', patch: { status: 'sent', lease_until: null } },
          { id: 'm_c', patch: { lease_until: at(40) } },
        ]),
      );
      await store.transact((tx) => tx.renewLease('mail', ['m_a', 'm_b', 'm_c', 'm_none'], at(15), at(25)));
      expect(await store.mailById('m_a')).toMatchObject({ status: 'sending', lease_until: at(25) });
      expect(await store.mailById('m_b')).toMatchObject({ status: 'sent', lease_until: null });
      expect(await store.mailById('m_c')).toMatchObject({ status: 'sending', lease_until: at(40) });
      // At minute 20 the first lease would have run out; renewed, m_a is no one else's.
      expect(await store.dueMail(new Date(at(20)), 10)).toEqual([]);
      expect((await store.dueMail(new Date(at(26)), 10)).map((m) => m.id)).toEqual(['m_a']);
      await store.close();
    },
  );

  test.skipIf(skip)(
    "webhook endpoints: an organisation's own, not deleted, oldest first; deliveries newest first and due as mail is",
    async () => {
      const store = await (await place())();
      await store.transact(async (tx) => {
        await tx.insert('orgs', org('org_a'));
        await tx.insert('orgs', org('org_b'));
        await tx.insert('webhooks', endpoint('wh_a2', 'org_a', 2));
        await tx.insert('webhooks', endpoint('wh_a1', 'org_a', 1));
        await tx.insert('webhooks', endpoint('wh_gone', 'org_a', 0, true));
        await tx.insert('webhooks', endpoint('wh_b1', 'org_b', 1));
        await tx.insert('deliveries', delivery('msg_1', 1));
        await tx.insert('deliveries', delivery('msg_2', 2, { status: 'delivered' }));
        await tx.insert('deliveries', delivery('msg_3', 3, { status: 'sending', lease_until: at(5) }));
        await tx.insert('deliveries', delivery('msg_4', 30));
      });
      expect((await store.webhooksOf('org_a')).map((w) => w.id)).toEqual(['wh_a1', 'wh_a2']);
      const first = await store.deliveries({ endpointId: 'wh_a1', limit: 3 });
      expect(first.items.map((d) => d.id)).toEqual(['msg_4', 'msg_3', 'msg_2']);
      const rest = await store.deliveries({ endpointId: 'wh_a1', limit: 3, cursor: first.next! });
      expect([rest.items.map((d) => d.id), rest.next]).toEqual([['msg_1'], null]);
      const due = async (reads: Pick<Store, 'dueDeliveries'>) =>
        (await reads.dueDeliveries(new Date(at(10)), 10)).map((d) => d.id);
      expect(await due(store)).toEqual(['msg_1', 'msg_3']);
      await store.transact(async (tx) => {
        await tx.update('deliveries', 'msg_1', { status: 'delivered' });
        expect(await due(tx)).toEqual(['msg_3']);
      });
      expect(await due(store)).toEqual(['msg_3']);
      await store.close();
    },
  );

  test.skipIf(skip)(
    "a claim takes turns between endpoints, as many of one as its cap: one endpoint's backlog does not hold back another's",
    async () => {
      const store = await (await place())();
      // A backlog of 100 to one endpoint, a second apart; then two for another lab's endpoint, due later.
      const busy = Array.from({ length: 100 }, (_, i) =>
        delivery(`busy_${i}`, 1, { next_attempt_at: new Date(Date.parse(at(1)) + i * 1000).toISOString() }),
      );
      const quiet = (id: string, minute: number) =>
        delivery(id, minute, { endpoint_id: 'wh_b1', org_id: 'org_b' });
      await store.transact(async (tx) => {
        await tx.insert('orgs', org('org_a'));
        await tx.insert('orgs', org('org_b'));
        await tx.insert('webhooks', endpoint('wh_a1', 'org_a', 0));
        await tx.insert('webhooks', endpoint('wh_b1', 'org_b', 0));
        for (const record of busy) await tx.insert('deliveries', record);
        await tx.insert('deliveries', quiet('quiet_1', 5));
        await tx.insert('deliveries', quiet('quiet_2', 6));
      });
      const ids = (records: { id: string }[]) => records.map((record) => record.id);
      const lease = (tx: Tx, limit: number, caps?: Map<string, number>) =>
        tx.lease('deliveries', new Date(at(10)), limit, at(15), caps);

      expect(ids(await store.dueDeliveries(new Date(at(10)), 5))).toEqual([
        'busy_0',
        'quiet_1',
        'busy_1',
        'quiet_2',
        'busy_2',
      ]);
      expect(ids(await store.transact((tx) => lease(tx, 4)))).toEqual([
        'busy_0',
        'quiet_1',
        'busy_1',
        'quiet_2',
      ]);
      // As a sender does: the last chunk's outcomes and the next claim in one transaction, which also sees its own.
      const next = await store.transact(async (tx) => {
        const sent = ['busy_0', 'quiet_1', 'busy_1', 'quiet_2'];
        await tx.updateEach(
          'deliveries',
          sent.map((id) => ({ id, patch: { status: 'delivered' as const } })),
        );
        await tx.insert('deliveries', quiet('quiet_3', 7));
        // The busy endpoint answers slowly: it gets one round of the senders, eight.
        return lease(tx, 64, new Map([['wh_a1', 8]]));
      });
      expect(ids(next)).toEqual(['busy_2', 'quiet_3', ...ids(busy.slice(3, 10))]);
      expect(ids(await store.transact((tx) => lease(tx, 64)))).toEqual(ids(busy.slice(10, 74)));
      expect(ids(await store.transact((tx) => lease(tx, 64)))).toEqual(ids(busy.slice(74)));
      expect(await store.transact((tx) => lease(tx, 64))).toEqual([]);
      await store.close();
    },
  );
});
