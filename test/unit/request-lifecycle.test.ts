// The request lifecycle's rules (contract §9) on a real store in a temp directory: forward only, outcomes with
// closed only, one event and one queued mail per change, written together or not at all.
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeEach, describe, expect, test } from 'vitest';
import { addAccount, createOrg } from '../../api/domain/labs/organisations.ts';
import { moveRequest, replyToRequest, withdrawRequest } from '../../api/domain/requests/lifecycle.ts';
import type { RequestStatus } from '../../api/domain/vocabulary.ts';
import { DomainError } from '../../api/errors.ts';
import { openStore } from '../../api/store/open-store.ts';
import type { DataRequestRecord } from '../../api/store/records.ts';
import type { Store } from '../../api/store/store.ts';

const LAB_MAIL = { siteUrl: new URL('http://dss.example'), sourcingLeadEmail: 'lead@x.example' };

const now = new Date('2026-11-24T10:00:00Z');
const later = (minutes: number) => new Date(now.getTime() + minutes * 60_000);
let store: Store;
let orgId: string;

async function requestAt(status: RequestStatus, id = `req_${status}`): Promise<string> {
  await store.transact(async (tx) => {
    const account = (await tx.orgById(orgId)) && (await tx.accountByEmail('life@lab.example'));
    const record: DataRequestRecord = {
      id,
      org_id: orgId,
      account_id: account!.id,
      key_id: 'key_x',
      status,
      created_at: now.toISOString(),
      reply_due_at: later(1440).toISOString(),
      replied_at: null,
      data_types: ['call_audio'],
      languages: [],
      domains: [],
      volume: '1-10 TB', // an old fixed band: read as any other
      timeline: null,
      exclusivity: null,
      description: 'A request for the lifecycle unit test.',
      publish_to_demand_board: false,
      ...(status === 'closed' ? { outcome: 'declined' as const } : {}),
    };
    await tx.insert('requests', record);
  });
  return id;
}

const mailsAbout = async (id: string) =>
  (await store.mailList({})).filter((m) => m.event.startsWith(`request:${id}:`));

beforeEach(async () => {
  store = await openStore({ dataDir: await mkdtemp(join(tmpdir(), 'dss-lifecycle-')) });
  orgId = await store.transact(async (tx) => {
    const org = await createOrg(tx, 'Lifecycle Lab', now);
    await addAccount(tx, { orgId: org.id, email: 'life@lab.example', verified: true }, now);
    return org.id;
  });
});

describe('moveRequest', () => {
  test.each<[RequestStatus, RequestStatus, string | null, boolean]>([
    ['received', 'in_review', null, true],
    ['received', 'proposal_sent', null, true],
    ['received', 'closed', 'no_match', true],
    ['in_review', 'proposal_sent', null, true],
    ['proposal_sent', 'closed', 'licensed', true],
    ['received', 'received', null, false],
    ['in_review', 'received', null, false],
    ['proposal_sent', 'in_review', null, false],
    ['closed', 'closed', 'licensed', false],
    ['in_review', 'closed', null, false], // closing needs an outcome
    ['in_review', 'proposal_sent', 'licensed', false], // an outcome only with closed
  ])('%s → %s (outcome %s): allowed %s', async (from, to, outcome, allowed) => {
    const id = await requestAt(from);
    const move = () =>
      store.transact((tx) =>
        moveRequest(tx, id, { status: to, outcome: outcome as never, message: 'Moved.' }, later(5), LAB_MAIL),
      );
    if (!allowed) {
      await expect(move()).rejects.toThrow(DomainError);
      expect((await store.requestById(id))!.status).toBe(from);
      expect(await mailsAbout(id)).toHaveLength(0);
      return;
    }
    const moved = await move();
    expect([moved.status, moved.outcome ?? null]).toEqual([to, outcome]);
    expect(moved.events!.at(-1)).toEqual({ at: later(5).toISOString(), status: to, message: 'Moved.' });
    expect(await mailsAbout(id)).toHaveLength(1);
  });
});

describe('replyToRequest', () => {
  test('each reply is one event and one mail; the first moves received to in_review and sets replied_at', async () => {
    const id = await requestAt('received');
    await store.transact((tx) => replyToRequest(tx, id, 'First.', later(1), LAB_MAIL));
    await store.transact((tx) => replyToRequest(tx, id, 'Second.', later(2), LAB_MAIL));
    const request = (await store.requestById(id))!;
    expect(request).toMatchObject({ status: 'in_review', replied_at: later(1).toISOString() });
    expect(request.events!.map((e) => e.message)).toEqual([null, 'First.', 'Second.']);
    const mails = await mailsAbout(id);
    expect(mails).toHaveLength(2);
    expect(new Set(mails.map((m) => m.id)).size).toBe(2);
  });

  test('refused when empty or closed', async () => {
    await expect(store.transact((tx) => replyToRequest(tx, 'req_x', 'Hi.', now, LAB_MAIL))).rejects.toThrow(
      DomainError,
    );
    const open = await requestAt('received');
    await expect(store.transact((tx) => replyToRequest(tx, open, ' \n ', now, LAB_MAIL))).rejects.toThrow(
      DomainError,
    );
    const closed = await requestAt('closed');
    await expect(store.transact((tx) => replyToRequest(tx, closed, 'Late.', now, LAB_MAIL))).rejects.toThrow(
      DomainError,
    );
  });
});

describe('withdrawRequest', () => {
  test("the lab's own open request: closed, withdrawn, the lab and the lead mailed", async () => {
    const id = await requestAt('proposal_sent');
    const withdrawn = await store.transact((tx) => withdrawRequest(tx, id, orgId, LAB_MAIL, later(3)));
    expect(withdrawn).toMatchObject({
      status: 'closed',
      outcome: 'withdrawn',
      closed_at: later(3).toISOString(),
    });
    expect((await mailsAbout(id)).map((m) => m.to).sort()).toEqual(['lead@x.example', 'life@lab.example']);
  });

  test.each([
    ['another organisation', 'received', 'org_other', 404],
    ['a closed request', 'closed', undefined, 409],
  ] as const)('%s: %i, nothing written', async (_what, status, org, code) => {
    const id = await requestAt(status);
    const error = await store
      .transact((tx) => withdrawRequest(tx, id, org ?? orgId, LAB_MAIL, now))
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DomainError);
    expect((error as DomainError).status).toBe(code);
    expect((await store.requestById(id))!.status).toBe(status);
    expect(await mailsAbout(id)).toHaveLength(0);
  });
});

test('a change whose transaction fails after it leaves neither the event nor the mail', async () => {
  const id = await requestAt('received');
  await expect(
    store.transact(async (tx) => {
      await moveRequest(tx, id, { status: 'in_review' }, later(1), LAB_MAIL);
      throw new Error('the write failed');
    }),
  ).rejects.toThrow('the write failed');
  expect((await store.requestById(id))!).toMatchObject({ status: 'received' });
  expect((await store.requestById(id))!.events).toBeUndefined();
  expect(await mailsAbout(id)).toHaveLength(0);
});
