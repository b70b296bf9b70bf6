// A data request's whole life as the lab sees it (contract §9), over HTTP against the service, with the operator
// CLI on the same store and every mail read from a real SMTP server on loopback: submitted with bands as labs write
// them → matches → the lead's reply → a proposal → closed; a second request withdrawn by the lab; paging of the
// lab's list. One journey, in order. Refusals and the mails of another lab's requests: request-lifecycle-*.test.ts.
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, test } from 'vitest';
import { expectError, LISTING_ID, type Json } from '../support/api-client.ts';
import type { InProcessServer } from '../support/app.ts';
import type { Lab } from '../support/lab.ts';
import { opsOk } from '../support/ops.ts';
import { LEAD, requestJourney } from '../support/request-journey.ts';

const journey = requestJourney();
const { env, opsRun, call, submitted, mailTo } = journey;
let server: InProcessServer;
let lab: Lab;
let other: Lab;
beforeAll(() => void ({ server, lab, other } = journey.state));

describe('a request from submission to close, as the lab sees it', () => {
  const body = {
    data_types: ['call_audio'],
    languages: ['en', 'Spanish'],
    domains: ['Insurance'],
    volume: '500–2,000 hours',
    timeline: '2 to 4 weeks',
    exclusivity: 'non_exclusive',
    listing_id: LISTING_ID,
    description: `Auto insurance claims calls recorded in the United States, for ASR evaluation (${randomUUID()}).`,
    publish_to_demand_board: true,
  };
  let id: string;
  let matches: Json[];

  test('submitted with bands as labs write them: 201 with the matches, best first', async () => {
    const created = await call('/api/v1/requests', { method: 'POST', key: lab.key, body });
    expect(created.status, created.text).toBe(201);
    expect(created.body.data).toMatchObject({ id: expect.stringMatching(/^req_/), status: 'received' });
    id = created.body.data.id;
    // Where the request can be read back (RFC 9110 §15.3.2).
    expect(created.headers.get('location')).toBe(`/api/v1/requests/${id}`);
    expect((await call(created.headers.get('location')!, { key: lab.key })).body.data.id).toBe(id);
    matches = created.body.data.matches;
    expect(matches.length).toBeGreaterThan(0);
    expect(matches.length).toBeLessThanOrEqual(5);
    expect(matches[0]).toEqual({
      listing_id: LISTING_ID,
      title: expect.any(String),
      url: `http://dss.example/catalog/${LISTING_ID}/`,
      matched: ['data_type', 'language', 'domain', 'geography', 'volume'],
      missing: [],
    });
    for (const match of matches) expect(match.matched).toContain('data_type');
  });

  test('the lead is mailed the request with its matches, the lab an acknowledgement', async () => {
    const lead = await mailTo(LEAD, 'New data request');
    expect(lead.mail.text).toContain(id);
    expect(lead.mail.text).toContain('500–2,000 hours');
    expect(lead.mail.text).toContain(`http://dss.example/catalog/${LISTING_ID}/`);
    expect(lead.mail.html).toContain(matches[0].title.replaceAll('&', '&amp;'));
    const ack = await mailTo(lab.email, `We received your data request ${id}`);
    expect(ack.mail.html).toBeTruthy();
    // The reply is due at the time the API gives, written as the dashboard writes times: "2026-11-27 09:00 UTC".
    const due = (await call(`/api/v1/requests/${id}`, { key: lab.key })).body.data.reply_due_at as string;
    const written = `${due.slice(0, 10)} ${due.slice(11, 16)} UTC`;
    expect(ack.mail.text).toContain(`by ${written}.`);
    expect(ack.mail.html).toContain(written);
  });

  test('GET /api/v1/requests/{id}: shown as written, normalised beside, one event, the matches', async () => {
    const one = await call(`/api/v1/requests/${id}`, { key: lab.key });
    expect(one.status).toBe(200);
    expect(one.body.data).toMatchObject({
      id,
      status: 'received',
      outcome: null,
      volume: '500–2,000 hours',
      volume_range: { min: 500, max: 2000, unit: 'hours' },
      timeline: '2 to 4 weeks',
      timeline_range: { min: 14, max: 28, unit: 'days' },
      domains: ['insurance'],
      listing_id: LISTING_ID,
      matches,
    });
    expect(Date.parse(one.body.data.reply_due_at)).toBeGreaterThan(Date.parse(one.body.data.created_at));
    expect(one.body.data.events).toEqual([
      { at: one.body.data.created_at, status: 'received', message: null },
    ]);
  });

  test('ops requests show: the request whole, with its matches and events', async () => {
    const shown = await opsOk(env(), 'requests', 'show', id);
    expect(shown.matches).toEqual(matches);
    expect(shown.events).toHaveLength(1);
  });

  test("the lead's reply: in_review, the words in the events and in the lab's mail", async () => {
    const words = 'Thank you: we have two listings close to this; a proposal follows this week.';
    const replied = await opsOk(env(), 'requests', 'reply', id, '--message', words);
    expect(replied.status).toBe('in_review');
    const one = await call(`/api/v1/requests/${id}`, { key: lab.key });
    expect(one.body.data.status).toBe('in_review');
    expect(one.body.data.events.map((e: Json) => [e.status, e.message])).toEqual([
      ['received', null],
      ['in_review', words],
    ]);
    const reply = await mailTo(lab.email, `Reply to your data request ${id}`);
    expect(reply.mail.text).toContain(words);
    expect(reply.mail.html).toContain('proposal follows this week');
  });

  test('moves go forward only; a bad status or outcome is bad usage (2), a backward move refused (1)', async () => {
    expect((await opsRun('requests', 'move', id, 'received')).code).toBe(1);
    expect((await opsRun('requests', 'move', id, 'in_review')).code).toBe(1);
    expect((await opsRun('requests', 'move', id, 'done')).code).toBe(2);
    expect((await opsRun('requests', 'move', id, 'closed', '--outcome', 'won')).code).toBe(2);
    expect((await opsRun('requests', 'move', id, 'closed')).code).toBe(1); // closing needs an outcome
    expect((await opsRun('requests', 'move', id, 'proposal_sent', '--outcome', 'licensed')).code).toBe(1);
    expect((await opsRun('requests', 'move', 'req_nope', 'proposal_sent')).code).toBe(1);
    expect((await call(`/api/v1/requests/${id}`, { key: lab.key })).body.data.events).toHaveLength(2);
  });

  test('a proposal, then closed as licensed: each move in the events and mailed to the lab', async () => {
    await opsOk(
      env(),
      'requests',
      'move',
      id,
      'proposal_sent',
      '--message',
      'Proposal attached: 1,200 hours.',
    );
    await mailTo(lab.email, `Your data request ${id} is proposal sent`);
    await opsOk(env(), 'requests', 'move', id, 'closed', '--outcome', 'licensed');
    const closed = await mailTo(lab.email, `Your data request ${id} is closed: licensed`);
    expect(closed.mail.text).toContain('outcome: licensed');
    const one = await call(`/api/v1/requests/${id}`, { key: lab.key });
    expect(one.body.data).toMatchObject({ status: 'closed', outcome: 'licensed' });
    expect(one.body.data.events.map((e: Json) => [e.status, e.message])).toEqual([
      ['received', null],
      ['in_review', expect.any(String)],
      ['proposal_sent', 'Proposal attached: 1,200 hours.'],
      ['closed', null],
    ]);
    expect((await opsRun('requests', 'reply', id, '--message', 'late')).code).toBe(1);
    expectError(
      await call(`/api/v1/requests/${id}/withdraw`, { method: 'POST', key: lab.key }),
      409,
      'conflict',
    );
  });

  test('the lab withdraws another request: closed as withdrawn, the lead told; never twice, never for others', async () => {
    const created = await call('/api/v1/requests', {
      method: 'POST',
      key: lab.key,
      body: {
        data_types: ['ct_study'],
        volume: '10k+ studies',
        timeline: '17 weeks', // marks its post on the board
        description: 'Chest CT studies for nodule detection.',
        publish_to_demand_board: true,
      },
    });
    expect(created.status, created.text).toBe(201);
    const second = created.body.data.id;
    const onBoard = async () =>
      (await call('/api/v1/demand?limit=100')).body.data.some((post: any) => post.timeline === '17 weeks');
    expect(await onBoard()).toBe(true);
    expectError(
      await call(`/api/v1/requests/${second}/withdraw`, { method: 'POST', key: other.key }),
      404,
      'not_found',
    );
    const withdrawn = await call(`/api/v1/requests/${second}/withdraw`, { method: 'POST', key: lab.key });
    expect(withdrawn.status, withdrawn.text).toBe(200);
    expect(withdrawn.body.data).toMatchObject({ id: second, status: 'closed', outcome: 'withdrawn' });
    expect(withdrawn.body.data.events.at(-1)).toMatchObject({ status: 'closed' });
    expect(await onBoard()).toBe(false); // a withdrawn ask comes off the demand board
    await mailTo(LEAD, `Data request ${second} withdrawn`);
    await mailTo(lab.email, `Your data request ${second} is closed: withdrawn`);
    expectError(
      await call(`/api/v1/requests/${second}/withdraw`, { method: 'POST', key: lab.key }),
      409,
      'conflict',
    );
  });
});

describe("paging the lab's requests", () => {
  test('limit and cursor walk the list newest first; next_cursor is null at the end; status filters', async () => {
    const all = (await call('/api/v1/requests', { key: lab.key })).body;
    expect(all.count).toBe(2);
    expect(all.next_cursor).toBeNull();
    const first = await call('/api/v1/requests?limit=1', { key: lab.key });
    expect(first.body.data.map((r: Json) => r.id)).toEqual([all.data[0].id]);
    expect(first.body.next_cursor).toEqual(expect.any(String));
    const second = await call(`/api/v1/requests?limit=1&cursor=${first.body.next_cursor}`, { key: lab.key });
    expect(second.body.data.map((r: Json) => r.id)).toEqual([all.data[1].id]);
    expect(second.body.next_cursor).toBeNull();
    const closed = await call('/api/v1/requests?status=closed', { key: lab.key });
    expect(closed.body.count).toBe(2);
    expect((await call('/api/v1/requests?status=received', { key: lab.key })).body.count).toBe(0);
    expect((await call('/api/v1/requests?status=Closed', { key: lab.key })).body.count).toBe(2);
    const outcome = await call('/api/v1/requests?status=withdrawn', { key: lab.key });
    expect(outcome.body.error.fields.status).toEqual([
      '"withdrawn" is an outcome, not a status: ask for status=closed and read each request\'s outcome',
    ]);
  });

  test.each([
    ['limit=0', 'limit'],
    ['limit=101', 'limit'],
    ['limit=ten', 'limit'],
    ['cursor=not-a-cursor', 'cursor'],
    [`cursor=${Buffer.from('["not a date","req_x"]').toString('base64url')}`, 'cursor'],
    [`cursor=${Buffer.from('["2026-13-45T00:00:00.000Z","req_x"]').toString('base64url')}`, 'cursor'],
    [`cursor=${Buffer.from('["2026-01-01T00:00:00.000Z","x\' OR 1=1"]').toString('base64url')}`, 'cursor'],
    ['status=open', 'status'],
    ['status=withdrawn', 'status'],
    ['page=2', 'page'],
    ['limit=5&limit=6', 'limit'],
  ])('?%s is 422 naming %s', async (query, field) => {
    const refused = await call(`/api/v1/requests?${query}`, { key: lab.key });
    expectError(refused, 422, 'invalid');
    expect(Object.keys(refused.body.error.fields)).toContain(field);
  });

  test('a detail, a withdrawal, a new request and a sample request take no parameters', async () => {
    const [mine] = (await call('/api/v1/requests', { key: lab.key })).body.data;
    expectError(await call(`/api/v1/requests/${mine.id}?expand=all`, { key: lab.key }), 422, 'invalid');
    expectError(
      await call(`/api/v1/requests/${mine.id}/withdraw?now=1`, { method: 'POST', key: lab.key }),
      422,
      'invalid',
    );
    const body = { data_types: ['call_audio'], description: 'Calls for a parameter test, please ignore.' };
    expectError(
      await call('/api/v1/requests?dry_run=1', { method: 'POST', key: lab.key, body }),
      422,
      'invalid',
    );
    // The contract's order holds first (§5): this lab has no NDA, so that is what it hears.
    expectError(
      await call(`/api/v1/samples/${LISTING_ID}?rush=1`, { method: 'POST', key: lab.key }),
      403,
      'nda_required',
    );
    expect((await call('/api/v1/requests', { key: lab.key })).body.count).toBe(2);
  });
});
