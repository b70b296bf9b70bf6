// The Store interface's promises, the same tests for every engine: the JSON files (a temp DATA_DIR) and
// PostgreSQL (a fresh database on the server test/setup/postgres.ts started).
import { describe, expect, test } from 'vitest';
import type {
  DataRequestRecord,
  MailRecord,
  Org,
  SampleRequestRecord,
  WebhookDeliveryRecord,
} from '../../api/store/records.ts';
import type { Store, Tx } from '../../api/store/store.ts';
import { ENGINES } from '../support/engines.ts';
import { mailRecord } from '../support/records.ts';

const at = (minute: number) => new Date(Date.UTC(2026, 10, 20, 9, minute)).toISOString();

const org = (id: string): Org => ({
  id,
  name: `Lab ${id}`,
  created_at: at(0),
  nda: { state: 'none', accepted_at: null, verified_at: null, revoked_at: null },
});

const request = (
  id: string,
  orgId: string,
  minute: number,
  status: DataRequestRecord['status'] = 'received',
): DataRequestRecord => ({
  id,
  org_id: orgId,
  account_id: 'acc_x',
  key_id: 'key_x',
  status,
  created_at: at(minute),
  reply_due_at: at(minute + 60),
  replied_at: null,
  data_types: ['call_audio'],
  languages: [],
  domains: [],
  volume: null,
  timeline: null,
  exclusivity: null,
  description: `Request ${id} for the store contract test.`,
  publish_to_demand_board: false,
});

const mail = (id: string, status: MailRecord['status'], extra: Partial<MailRecord> = {}) =>
  mailRecord(id, status, at(0), extra);

const endpoint = (id: string, orgId: string, minute: number, deleted = false) => ({
  id,
  org_id: orgId,
  url: `https://hooks.example/${id}`,
  events: [],
  secret_sealed: 'sealed',
  created_at: at(minute),
  created_by: null,
  deleted_at: deleted ? at(minute + 1) : null,
});
const delivery = (id: string, minute: number, extra: Partial<WebhookDeliveryRecord> = {}) =>
  ({
    id,
    endpoint_id: 'wh_a1',
    org_id: 'org_a',
    type: 'request.created',
    body: '{}',
    status: 'queued',
    attempts: 0,
    next_attempt_at: at(minute),
    lease_until: null,
    last_status_code: null,
    last_error: null,
    created_at: at(minute),
    delivered_at: null,
    ...extra,
  }) satisfies WebhookDeliveryRecord;

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
