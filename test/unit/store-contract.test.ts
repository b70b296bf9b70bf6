// The Store interface's promises, the same tests for every engine: the JSON files (a temp DATA_DIR) and
// PostgreSQL (a fresh database on the server test/setup/postgres.ts started). Transactions, instances, requests,
// keys and accounts here; the queues (mail, webhooks) and the self-serve records in store-contract-*.test.ts.
import { describe, expect, test } from 'vitest';
import type { DataRequestRecord, SampleRequestRecord } from '../../api/store/records.ts';
import { ENGINES } from '../support/engines.ts';
import { at, mail, org, request } from '../support/contract-records.ts';
describe.each(ENGINES)('the $name engine', ({ skip, place }) => {
  test.skipIf(skip)(
    'a transaction that throws changes nothing; another one at the same time commits',
    async () => {
      const store = await (await place())();
      const results = await Promise.allSettled([
        store.transact(async (tx) => {
          await tx.insert('orgs', org('org_dropped'));
          throw new Error('refused');
        }),
        store.transact((tx) => tx.insert('orgs', org('org_kept'))),
      ]);
      expect(results.map((r) => r.status)).toEqual(['rejected', 'fulfilled']);
      expect((await store.orgs()).map((o) => o.id)).toEqual(['org_kept']);
      await store.close();
    },
  );

  test.skipIf(skip)(
    'a transaction reads its own writes; an update keeps the fields it does not name',
    async () => {
      const store = await (await place())();
      const seen = await store.transact(async (tx) => {
        await tx.insert('orgs', org('org_a'));
        await tx.insert('requests', request('req_1', 'org_a', 1));
        const updated = await tx.update('requests', 'req_1', { status: 'in_review' });
        return { org: await tx.orgById('org_a'), updated };
      });
      expect(seen.org?.name).toBe('Lab org_a');
      expect(seen.updated).toMatchObject({ id: 'req_1', status: 'in_review', org_id: 'org_a' });
      expect(await store.requestById('req_1')).toEqual(seen.updated);
      await expect(store.transact((tx) => tx.insert('orgs', org('org_a')))).rejects.toThrow();
      await expect(
        store.transact((tx) => tx.update('requests', 'req_none', { status: 'in_review' })),
      ).rejects.toThrow();
      await store.close();
    },
  );

  test.skipIf(skip)(
    "two instances write at once and lose nothing; each reads the other's writes at once",
    async () => {
      const open = await place();
      const [a, b] = [await open(), await open()];
      await a.transact((tx) => tx.insert('orgs', org('org_a')));
      await Promise.all(
        Array.from({ length: 60 }, (_, i) =>
          (i % 2 ? a : b).transact((tx) => tx.insert('requests', request(`req_${i}`, 'org_a', i))),
        ),
      );
      for (const store of [a, b]) expect((await store.requests({})).items).toHaveLength(60);
      await b.transact((tx) => tx.update('requests', 'req_7', { status: 'in_review' }));
      expect((await a.requestById('req_7'))?.status).toBe('in_review');
      await Promise.all([a.close(), b.close()]);
    },
  );

  test.skipIf(skip)(
    'requests come newest first, filtered by organisation and status, page by page',
    async () => {
      const store = await (await place())();
      await store.transact(async (tx) => {
        await tx.insert('orgs', org('org_a'));
        await tx.insert('orgs', org('org_b'));
        for (let i = 0; i < 7; i++)
          await tx.insert('requests', request(`req_a${i}`, 'org_a', i, i % 2 ? 'in_review' : 'received'));
        await tx.insert('requests', request('req_b0', 'org_b', 3));
      });
      const ids = (page: { items: DataRequestRecord[] }) => page.items.map((r) => r.id);
      expect(ids(await store.requests({ orgId: 'org_a' }))).toEqual([
        'req_a6',
        'req_a5',
        'req_a4',
        'req_a3',
        'req_a2',
        'req_a1',
        'req_a0',
      ]);
      expect(ids(await store.requests({ orgId: 'org_a', status: 'in_review' }))).toEqual([
        'req_a5',
        'req_a3',
        'req_a1',
      ]);
      const first = await store.requests({ orgId: 'org_a', limit: 3 });
      expect(ids(first)).toEqual(['req_a6', 'req_a5', 'req_a4']);
      const second = await store.requests({ orgId: 'org_a', limit: 3, cursor: first.next! });
      expect(ids(second)).toEqual(['req_a3', 'req_a2', 'req_a1']);
      const last = await store.requests({ orgId: 'org_a', limit: 3, cursor: second.next! });
      expect([ids(last), last.next]).toEqual([['req_a0'], null]);
      expect((await store.overdueRequests(new Date(at(63)))).map((r) => r.id)).toEqual(['req_a0', 'req_a2']);
      // Counted, not read: an organisation's hourly cap (after, not at, the moment given).
      expect(await store.requestCountSince('org_a', new Date(at(3)))).toBe(3);
      expect(await store.requestCountSince('org_b', new Date(at(0)))).toBe(1);
      expect(await store.requestCountSince('org_none', new Date(at(0)))).toBe(0);
      await store.close();
    },
  );

  test.skipIf(skip)(
    "an organisation's requests since a moment: the newest few, with a transaction's own on top",
    async () => {
      const open = await place();
      const [store, other] = [await open(), await open()];
      await store.transact(async (tx) => {
        await tx.insert('orgs', org('org_a'));
        await tx.insert('orgs', org('org_b'));
        for (const i of [5, 1, 4, 2, 3]) await tx.insert('requests', request(`req_a${i}`, 'org_a', i)); // out of order
        await tx.insert('requests', request('req_b4', 'org_b', 4));
      });
      const ids = (requests: DataRequestRecord[]) => requests.map((r) => r.id);
      expect(ids(await store.requestsSince('org_a', new Date(at(2)), 10))).toEqual([
        'req_a5',
        'req_a4',
        'req_a3',
      ]);
      expect(ids(await store.requestsSince('org_a', new Date(at(0)), 2))).toEqual(['req_a5', 'req_a4']);
      expect(await store.requestsSince('org_a', new Date(at(5)), 10)).toEqual([]);
      expect(await store.requestsSince('org_none', new Date(at(0)), 10)).toEqual([]);
      const seen = await store.transact(async (tx) => {
        await tx.insert('requests', request('req_a6', 'org_a', 6));
        await tx.update('requests', 'req_a5', { status: 'in_review' });
        return {
          requests: await tx.requestsSince('org_a', new Date(at(3)), 10),
          count: await tx.requestCountSince('org_a', new Date(at(3))),
        };
      });
      expect(seen.requests.map((r) => [r.id, r.status])).toEqual([
        ['req_a6', 'received'],
        ['req_a5', 'in_review'],
        ['req_a4', 'received'],
      ]);
      expect(seen.count).toBe(3);
      await expect(
        store.transact(async (tx) => {
          await tx.insert('requests', request('req_a7', 'org_a', 7));
          throw new Error('refused');
        }),
      ).rejects.toThrow('refused');
      expect(ids(await store.requestsSince('org_a', new Date(at(5)), 10))).toEqual(['req_a6']);
      expect(ids(await other.requestsSince('org_a', new Date(at(4)), 10))).toEqual(['req_a6', 'req_a5']);
      await Promise.all([store.close(), other.close()]);
    },
  );

  test.skipIf(skip)(
    "the desk's questions: unanswered requests due in a window and not yet mailed; lab messages waiting",
    async () => {
      const store = await (await place())();
      await store.transact(async (tx) => {
        await tx.insert('orgs', org('org_a'));
        for (let i = 0; i < 5; i++) await tx.insert('requests', request(`req_w${i}`, 'org_a', i));
        await tx.update('requests', 'req_w1', { overdue_mailed_at: at(62) });
        await tx.update('requests', 'req_w2', { replied_at: at(3), status: 'in_review' });
        await tx.update('requests', 'req_w3', { awaiting_reply_since: at(9) });
        await tx.update('requests', 'req_w4', { awaiting_reply_since: at(7) });
      });
      const ids = (records: DataRequestRecord[]) => records.map((r) => r.id);
      // Due at minutes 60 to 64: the window [61, 64) holds w1 to w3; w1 is mailed, w2 answered.
      expect(ids(await store.overdueUnmailed(new Date(at(61)), new Date(at(64))))).toEqual(['req_w3']);
      expect(ids(await store.overdueUnmailed(new Date(at(0)), new Date(at(70))))).toEqual([
        'req_w0',
        'req_w3',
        'req_w4',
      ]);
      expect(ids(await store.awaitingReply())).toEqual(['req_w4', 'req_w3']);
      await store.transact((tx) => tx.update('requests', 'req_w4', { awaiting_reply_since: null }));
      expect(ids(await store.awaitingReply())).toEqual(['req_w3']);
      await store.close();
    },
  );

  test.skipIf(skip)(
    'insertNew inserts once: a second record with the same id is refused, not kept',
    async () => {
      const store = await (await place())();
      const inserted = await store.transact(async (tx) => [
        await tx.insertNew('mail', mail('m_once', 'queued')),
        await tx.insertNew('mail', mail('m_once', 'sent', { subject: 'again' })), // within the transaction
      ]);
      expect(inserted).toEqual([true, false]);
      expect(await store.transact((tx) => tx.insertNew('mail', mail('m_once', 'sent')))).toBe(false);
      expect(await store.mailById('m_once')).toMatchObject({ status: 'queued', subject: 's' });
      await store.close();
    },
  );

  test.skipIf(skip)(
    "sample requests page newest first per organisation; a request's lifecycle fields round-trip whole",
    async () => {
      const store = await (await place())();
      const sample = (id: string, orgId: string, minute: number): SampleRequestRecord => ({
        id,
        org_id: orgId,
        account_id: 'acc_x',
        key_id: 'key_x',
        listing_id: 'us-auto-insurance-claims-calls',
        status: 'pending_verification',
        created_at: at(minute),
        approved_at: null,
        sent_at: null,
        rejected_at: null,
        reject_reason: null,
      });
      const lived: DataRequestRecord = {
        ...request('req_life', 'org_a', 1),
        volume: '500 GB - 2 TB',
        volume_range: { min: 5e11, max: 2e12, unit: 'bytes' },
        timeline: '3 months',
        timeline_range: { min: 90, max: 90, unit: 'days' },
        listing_id: 'us-auto-insurance-claims-calls',
        outcome: null,
        closed_at: null,
        events: [{ at: at(1), status: 'received', message: null }],
        matches: [
          {
            listing_id: 'x',
            title: 'X',
            url: 'http://x/catalog/x/',
            matched: ['data_type'],
            missing: ['volume'],
          },
        ],
      };
      await store.transact(async (tx) => {
        await tx.insert('orgs', org('org_a'));
        await tx.insert('orgs', org('org_b'));
        for (let i = 0; i < 5; i++) await tx.insert('samples', sample(`smp_a${i}`, 'org_a', i));
        await tx.insert('samples', sample('smp_b0', 'org_b', 2));
        await tx.insert('requests', lived);
      });
      const first = await store.samplePage({ orgId: 'org_a', limit: 2 });
      const second = await store.samplePage({ orgId: 'org_a', limit: 2, cursor: first.next! });
      const last = await store.samplePage({ orgId: 'org_a', limit: 2, cursor: second.next! });
      expect([first, second, last].map((p) => p.items.map((s) => s.id))).toEqual([
        ['smp_a4', 'smp_a3'],
        ['smp_a2', 'smp_a1'],
        ['smp_a0'],
      ]);
      expect(last.next).toBeNull();
      expect(await store.requestById('req_life')).toEqual(lived);
      // An update replaces the events list whole (the engine must not merge arrays).
      const events = [...lived.events!, { at: at(2), status: 'closed' as const, message: 'Withdrawn.' }];
      await store.transact((tx) =>
        tx.update('requests', 'req_life', { status: 'closed', outcome: 'withdrawn', events }),
      );
      expect(await store.requestById('req_life')).toEqual({
        ...lived,
        status: 'closed',
        outcome: 'withdrawn',
        events,
      });
      await store.close();
    },
  );

  test.skipIf(skip)(
    'keys (with their owners) and accounts are found by hash and email; each is unique',
    async () => {
      const store = await (await place())();
      const account = {
        id: 'acc_1',
        org_id: 'org_a',
        email: 'a@lab.example',
        name: null,
        verified_at: at(0),
        created_at: at(0),
      };
      const key = {
        id: 'key_1',
        org_id: 'org_a',
        account_id: 'acc_1',
        hash: 'ab'.repeat(32),
        prefix: 'dss_abcd',
        created_at: at(0),
        last_used_at: null,
        revoked_at: null,
        replaced_by: null,
      };
      await store.transact(async (tx) => {
        await tx.insert('orgs', org('org_a'));
        await tx.insert('accounts', account);
        await tx.insert('keys', key);
      });
      expect(await store.accountByEmail('a@lab.example')).toEqual(account);
      expect(await store.keyWithOwners('ab'.repeat(32))).toEqual({ key, org: org('org_a'), account });
      expect(await store.keysOf('org_a')).toEqual([key]);
      expect(await store.keyWithOwners('cd'.repeat(32))).toBeUndefined();
      await expect(store.transact((tx) => tx.insert('keys', { ...key, id: 'key_2' }))).rejects.toThrow();
      await store.close();
    },
  );
});
