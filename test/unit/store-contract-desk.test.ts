// The store contract for the sourcing desk's records (contract §13), on every engine: staff (one per address),
// desk links and sessions by hash, and saved replies; what is kept survives a reopen, as any record does.
import { describe, expect, test } from 'vitest';
import type { DeskLinkRecord, DeskSessionRecord, StaffRecord } from '../../api/store/desk-records.ts';
import type { Org } from '../../api/store/records.ts';
import { at, org } from '../support/contract-records.ts';
import { ENGINES } from '../support/engines.ts';

const member = (id: string, email: string, minute: number): StaffRecord => ({
  id,
  email,
  name: `Staff ${id}`,
  role: 'lead',
  created_at: at(minute),
  removed_at: null,
});
const link = (id: string, email: string, minute: number, hash: string): DeskLinkRecord => ({
  id,
  hash,
  staff_id: 'stf_a',
  email,
  created_at: at(minute),
  expires_at: at(minute + 15),
  used_at: null,
});
const session = (id: string, staffId: string, hash: string): DeskSessionRecord => ({
  id,
  hash,
  staff_id: staffId,
  created_at: at(1),
  last_seen_at: at(1),
  expires_at: at(59),
  ended_at: null,
  ip: '127.0.0.1',
  user_agent: 'test',
});

describe.each(ENGINES)('the $name engine: desk records (issue 40)', ({ skip, place }) => {
  test.skipIf(skip)('staff, desk links and sessions by hash, saved replies', async () => {
    const open = await place();
    const store = await open();
    await store.transact(async (tx) => {
      await tx.insert('staff', member('stf_b', 'b@desk.example', 2));
      await tx.insert('staff', member('stf_a', 'a@desk.example', 1));
      await tx.insert('desk_links', link('dl_1', 'a@desk.example', 1, 'h1'));
      await tx.insert('desk_links', link('dl_2', 'a@desk.example', 10, 'h2'));
      await tx.insert('desk_links', link('dl_3', 'b@desk.example', 10, 'h3'));
      await tx.insert('desk_sessions', session('dss_1', 'stf_a', 's1'));
      await tx.insert('desk_sessions', session('dss_2', 'stf_b', 's2'));
      const reply = { title: 'Thanks', body: 'Thank you', created_by: 'stf_a', removed_at: null };
      await tx.insert('saved_replies', { id: 'srp_2', ...reply, created_at: at(5) });
      await tx.insert('saved_replies', { id: 'srp_1', ...reply, created_at: at(3) });
    });
    // One record per address: a second insert of the same email fails and writes nothing.
    await expect(
      store.transact((tx) => tx.insert('staff', member('stf_c', 'a@desk.example', 3))),
    ).rejects.toThrow();
    await store.close();

    const again = await open();
    expect((await again.staff()).map((s) => s.id)).toEqual(['stf_a', 'stf_b']);
    expect((await again.deskLinkByHash('h2'))?.id).toBe('dl_2');
    expect(await again.deskLinkByHash('nope')).toBeUndefined();
    const since = (await again.deskLinksSince('a@desk.example', new Date(at(5)))).map((l) => l.id);
    expect(since).toEqual(['dl_2']);
    expect((await again.deskSessionByHash('s2'))?.staff_id).toBe('stf_b');
    expect((await again.deskSessionsOf('stf_a')).map((s) => s.id)).toEqual(['dss_1']);
    await again.transact((tx) => tx.update('desk_sessions', 'dss_1', { ended_at: at(9) }));
    expect((await again.deskSessionByHash('s1'))?.ended_at).toBe(at(9));
    expect((await again.savedReplies()).map((r) => r.id)).toEqual(['srp_1', 'srp_2']);
    await again.close();
  });

  test.skipIf(skip)('failed deliveries since a time, newest first', async () => {
    const store = await (await place())();
    const lab = { id: 'org_i', name: 'Lab I', created_at: at(0) };
    const nda = { state: 'none' as const, accepted_at: null, verified_at: null, revoked_at: null };
    const request = (id: string, due: number, extra: object = {}) => ({
      id,
      org_id: 'org_i',
      account_id: 'acc_x',
      key_id: null,
      status: 'received' as const,
      created_at: at(1),
      reply_due_at: at(due),
      replied_at: null,
      data_types: ['call_audio' as const],
      languages: [],
      domains: [],
      volume: null,
      timeline: null,
      exclusivity: null,
      description: 'A request for the inbox.',
      publish_to_demand_board: false,
      ...extra,
    });
    const delivery = (id: string, minute: number, status: 'failed' | 'delivered') => ({
      id,
      endpoint_id: 'wh_i',
      org_id: 'org_i',
      type: 'request.created' as const,
      body: null,
      status,
      attempts: 9,
      next_attempt_at: at(minute),
      lease_until: null,
      last_status_code: 500,
      last_error: 'HTTP 500',
      created_at: at(minute),
      delivered_at: null,
    });
    await store.transact(async (tx) => {
      await tx.insert('orgs', { ...lab, nda });
      await tx.insert('requests', request('req_late', 30));
      await tx.insert('requests', request('req_early', 10));
      await tx.insert('requests', request('req_replied', 5, { replied_at: at(2), status: 'in_review' }));
      await tx.insert('webhooks', {
        id: 'wh_i',
        org_id: 'org_i',
        url: 'https://hooks.example/i',
        events: [],
        secret_sealed: 'sealed',
        created_at: at(0),
        created_by: null,
        deleted_at: null,
      });
      await tx.insert('deliveries', delivery('d_old', 1, 'failed'));
      await tx.insert('deliveries', delivery('d_new', 20, 'failed'));
      await tx.insert('deliveries', delivery('d_ok', 21, 'delivered'));
    });
    expect((await store.failedDeliveries(new Date(at(5)))).map((d) => d.id)).toEqual(['d_new']);
    await store.close();
  });

  test.skipIf(skip)("the inbox's organisations by ids", async () => {
    const store = await (await place())();
    const nda = (state: 'none' | 'accepted' | 'verified', minute: number | null): Org['nda'] => ({
      state,
      accepted_at: minute === null ? null : at(minute),
      verified_at: state === 'verified' ? at(40) : null,
      revoked_at: null,
    });
    await store.transact(async (tx) => {
      await tx.insert('orgs', { ...org('org_none'), nda: nda('none', null) });
      await tx.insert('orgs', { ...org('org_late'), nda: nda('accepted', 20) });
      await tx.insert('orgs', { ...org('org_early'), nda: nda('accepted', 5) });
      await tx.insert('orgs', { ...org('org_done'), nda: nda('verified', 1) });
    });
    const ids = async (orgs: Promise<Org[]>) => (await orgs).map((o) => o.id);
    expect((await ids(store.orgsByIds(['org_late', 'org_none', 'org_gone']))).sort()).toEqual([
      'org_late',
      'org_none',
    ]);
    expect(await ids(store.orgsByIds([]))).toEqual([]);
    expect((await store.orgsByIds(['org_done']))[0]?.name).toBe('Lab org_done');
    await store.close();
  });
});
