// The store contract for the desk inbox's queues (contract §13), on every engine: each queue holds only what waits,
// the longest waiting first, its first `limit` and its total in one question.
import { describe, expect, test } from 'vitest';
import type { AccessRequestRecord, Org, SampleRequestRecord } from '../../api/store/records.ts';
import type { InboxQueues } from '../../api/store/store.ts';
import { at, org, request } from '../support/contract-records.ts';
import { ENGINES } from '../support/engines.ts';

const access = (id: string, minute: number, status: AccessRequestRecord['status']): AccessRequestRecord => ({
  id,
  organisation: `Applicant ${id}`,
  name: 'An Applicant',
  email: `${id}@applicant.example`,
  intended_use: 'Speech models',
  verticals: ['insurance'],
  status,
  created_at: at(minute),
  decided_at: status === 'pending' ? null : at(minute + 1),
  reason: null,
  org_id: null,
  account_id: null,
});
const sample = (id: string, minute: number, status: SampleRequestRecord['status']): SampleRequestRecord => ({
  id,
  org_id: 'org_a',
  account_id: 'acc_x',
  key_id: null,
  listing_id: 'us-auto-insurance-claims-calls',
  status,
  created_at: at(minute),
  approved_at: null,
  sent_at: null,
  rejected_at: null,
  reject_reason: null,
});
const nda = (state: Org['nda']['state'], minute: number | null): Org['nda'] => ({
  state,
  accepted_at: minute === null ? null : at(minute),
  verified_at: state === 'verified' ? at(40) : null,
  revoked_at: null,
});

/** Each queue as its ids and total: what the inbox shows and counts. */
const shape = (queues: InboxQueues) =>
  Object.fromEntries(
    Object.entries(queues).map(([name, { first, total }]) => [
      name,
      { ids: first.map((row: { id: string }) => row.id), total },
    ]),
  );

describe.each(ENGINES)("the $name engine: the inbox's queues (issue 40)", ({ skip, place }) => {
  test.skipIf(skip)('only what waits, the longest waiting first, the first few and the total', async () => {
    const store = await (await place())();
    await store.transact(async (tx) => {
      await tx.insert('orgs', org('org_a'));
      await tx.insert('orgs', { ...org('org_late'), nda: nda('accepted', 20) });
      await tx.insert('orgs', { ...org('org_early'), nda: nda('accepted', 5) });
      await tx.insert('orgs', { ...org('org_done'), nda: nda('verified', 1) });
      // Unanswered: received and never replied to, by reply-due (created minute + 60).
      await tx.insert('requests', request('req_late', 'org_a', 30));
      await tx.insert('requests', request('req_early', 'org_a', 10));
      await tx.insert('requests', { ...request('req_replied', 'org_a', 5), replied_at: at(6) });
      // A lab's message: on a request past its first reply and not closed; the longest waiting first.
      const wrote = (minute: number) => ({ replied_at: at(2), awaiting_reply_since: at(minute) });
      await tx.insert('requests', { ...request('req_msg_new', 'org_a', 1, 'in_review'), ...wrote(50) });
      await tx.insert('requests', { ...request('req_msg_old', 'org_a', 1, 'proposal_sent'), ...wrote(40) });
      await tx.insert('requests', { ...request('req_msg_closed', 'org_a', 1, 'closed'), ...wrote(30) });
      // Never replied to: the unanswered queue's row, not a second one.
      await tx.insert('requests', { ...request('req_msg_first', 'org_a', 3), awaiting_reply_since: at(4) });
      await tx.insert('access_requests', access('acc_new', 30, 'pending'));
      await tx.insert('access_requests', access('acc_old', 10, 'pending'));
      await tx.insert('access_requests', access('acc_done', 1, 'approved'));
      await tx.insert('samples', sample('smp_new', 30, 'pending_verification'));
      await tx.insert('samples', sample('smp_old', 10, 'pending_verification'));
      await tx.insert('samples', sample('smp_sent', 1, 'sent'));
    });

    expect(shape(await store.inboxQueues(10))).toEqual({
      unanswered: { ids: ['req_msg_first', 'req_early', 'req_late'], total: 3 },
      messages: { ids: ['req_msg_old', 'req_msg_new'], total: 2 },
      access: { ids: ['acc_old', 'acc_new'], total: 2 },
      ndas: { ids: ['org_early', 'org_late'], total: 2 },
      samples: { ids: ['smp_old', 'smp_new'], total: 2 },
    });
    // The first of each, and how many wait in all: the inbox's "N more".
    expect(shape(await store.inboxQueues(1))).toEqual({
      unanswered: { ids: ['req_msg_first'], total: 3 },
      messages: { ids: ['req_msg_old'], total: 2 },
      access: { ids: ['acc_old'], total: 2 },
      ndas: { ids: ['org_early'], total: 2 },
      samples: { ids: ['smp_old'], total: 2 },
    });

    const { unanswered, messages, access: pending, ndas, samples } = await store.inboxQueues(1);
    // Each row carries what the inbox shows of it (who, what, since when), not the whole record.
    expect(unanswered.first[0]).toEqual({
      id: 'req_msg_first',
      org_id: 'org_a',
      data_types: ['call_audio'],
      created_at: at(3),
      reply_due_at: at(63),
    });
    expect(messages.first[0]).toEqual({ id: 'req_msg_old', org_id: 'org_a', awaiting_reply_since: at(40) });
    expect(pending.first[0]).toEqual({
      id: 'acc_old',
      name: 'An Applicant',
      organisation: 'Applicant acc_old',
      created_at: at(10),
    });
    expect(ndas.first[0]).toEqual({ id: 'org_early', name: 'Lab org_early', accepted_at: at(5) });
    expect(samples.first[0]).toEqual({
      id: 'smp_old',
      org_id: 'org_a',
      listing_id: 'us-auto-insurance-claims-calls',
      created_at: at(10),
    });
    await store.close();
  });

  test.skipIf(skip)('nothing waiting: every queue empty, every total 0', async () => {
    const store = await (await place())();
    await store.transact((tx) => tx.insert('orgs', org('org_a')));
    const empty = { ids: [], total: 0 };
    expect(shape(await store.inboxQueues(50))).toEqual({
      unanswered: empty,
      messages: empty,
      access: empty,
      ndas: empty,
      samples: empty,
    });
    await store.close();
  });
});
