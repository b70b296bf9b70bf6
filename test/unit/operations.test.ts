// Rules the operator and the API share, on a real store in a temp directory.
import { beforeEach, expect, test } from 'vitest';
import { replyToRequest } from '../../api/domain/requests/lifecycle.ts';
import { DomainError } from '../../api/errors.ts';
import { issueKey } from '../../api/domain/labs/api-keys.ts';
import { acceptNda } from '../../api/domain/labs/nda.ts';
import { addAccount, createOrg } from '../../api/domain/labs/organisations.ts';
import type { DataRequestRecord } from '../../api/store/records.ts';
import { testApi } from '../support/api.ts';

let t: Awaited<ReturnType<typeof testApi>>;
let key: string;
let orgId: string;
const now = new Date('2026-11-20T18:00:00Z'); // a Friday evening

beforeEach(async () => {
  t = await testApi({ SAMPLE_REQUESTS_PER_DAY: '2', RATE_LIMIT_KEY_PER_MINUTE: '1000' });
  ({ key, orgId } = await t.store.transact(async (tx) => {
    const org = await createOrg(tx, 'Ops Lab', now);
    const account = await addAccount(tx, { orgId: org.id, email: 'ops@lab.example', verified: true }, now);
    await acceptNda(tx, org.id, false, now);
    return { key: (await issueKey(tx, account.id, now)).key, orgId: org.id };
  }));
});

test('the daily sample cap per organisation answers 429 with Retry-After; asking again for a pending one does not count', async () => {
  const ask = (listing: string) =>
    t.call(`/api/v1/samples/${listing}`, { method: 'POST', headers: { Authorization: `Bearer ${key}` } });
  expect((await ask('de-chest-ct-lung-nodules')).status).toBe(202);
  expect((await ask('de-chest-ct-lung-nodules')).status).toBe(202); // the same pending request
  expect((await ask('au-abdominal-ultrasound-liver')).status).toBe(202);
  const refused = await ask('in-emergency-chest-radiographs');
  expect(refused.status).toBe(429);
  expect((await refused.json()).error.code).toBe('rate_limited');
  const retryAfter = Number(refused.headers.get('retry-after'));
  expect(retryAfter).toBeGreaterThan(80_000);
  // The RateLimit headers report the day's quota that refused, not the per-minute window with room left.
  expect(refused.headers.get('ratelimit-policy')).toBe('"samples-per-day";q=2;w=86400');
  expect(refused.headers.get('ratelimit')).toBe(`"samples-per-day";r=0;t=${retryAfter}`);
  expect(await t.store.samples({ orgId })).toHaveLength(2);
});

test('overdue lists unanswered requests past their reply time; a reply moves one to in_review; a second reply keeps it there', async () => {
  const request = (id: string, due: string): DataRequestRecord => ({
    id,
    org_id: orgId,
    account_id: 'acc',
    key_id: 'key',
    status: 'received',
    created_at: '2026-11-18T09:00:00.000Z',
    reply_due_at: due,
    replied_at: null,
    data_types: ['call_audio'],
    languages: [],
    domains: [],
    volume: null,
    timeline: null,
    exclusivity: null,
    description: 'An overdue request for the operations test.',
    publish_to_demand_board: false,
  });
  await t.store.transact(async (tx) => {
    await tx.insert('requests', request('req_late', '2026-11-19T09:00:00.000Z'));
    await tx.insert('requests', request('req_later', '2026-11-20T09:00:00.000Z'));
    await tx.insert('requests', request('req_not_yet', '2026-11-23T18:00:00.000Z'));
  });
  expect((await t.store.overdueRequests(now)).map((r) => r.id)).toEqual(['req_late', 'req_later']);
  const reply = (id: string, text = 'We have three listings that fit; details follow.') =>
    t.store.transact((tx) =>
      replyToRequest(tx, id, text, now, {
        siteUrl: new URL('http://dss.example'),
        sourcingLeadEmail: 'lead@x.example',
      }),
    );
  const replied = await reply('req_late');
  expect(replied).toMatchObject({ status: 'in_review', replied_at: now.toISOString() });
  expect((await t.store.overdueRequests(now)).map((r) => r.id)).toEqual(['req_later']);
  const again = await reply('req_late', 'And a fourth.');
  expect(again).toMatchObject({ status: 'in_review', replied_at: now.toISOString() });
  // The old record had no events: its history starts from what its fields imply.
  expect(again.events!.map((e) => [e.status, e.message])).toEqual([
    ['received', null],
    ['in_review', 'We have three listings that fit; details follow.'],
    ['in_review', 'And a fourth.'],
  ]);
  await expect(reply('req_later', '   ')).rejects.toThrow(DomainError);
  await expect(reply('req_nope')).rejects.toThrow(DomainError);
});
