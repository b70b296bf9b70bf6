// A request's thread both ways (contract §13), over HTTP in process with a real SMTP server on loopback: the lab
// writes by key, by dashboard session (JSON and the page's form without JavaScript) and over MCP; the lead is mailed
// a link to the desk and the request waits on us until the CLI's reply, which the lab reads as a `sourcing`
// message. The refusals; and the team's internal notes and owner, which nothing the lab reads ever shows.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { expectError, readReply, type Json } from '../support/api-client.ts';
import { makeLab, type Lab } from '../support/lab.ts';
import { expectToolError, mcpOverHttp } from '../support/mcp.ts';
import { startWebhookReceiver } from '../support/webhook-receiver.ts';
import { ops, opsOk } from '../support/ops.ts';
import {
  mailTo,
  mailsTo,
  postPageForm,
  selfServeLab,
  sessionCall,
  startSelfServe,
  type SelfServe,
  type SelfServeLab,
} from '../support/self-serve.ts';

const LEAD = 'lead@sourcing.example';
let ctx: SelfServe;
let keyed: Lab;
let other: Lab;
let signed: SelfServeLab;
const operator = () => ({ ...ctx.operator, SOURCING_LEAD_EMAIL: LEAD });

async function call(path: string, key: string, options: { method?: string; body?: unknown } = {}) {
  const headers: Record<string, string> = { Authorization: `Bearer ${key}` };
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  const body = options.body === undefined ? undefined : JSON.stringify(options.body);
  return readReply(await fetch(ctx.server.url + path, { method: options.method ?? 'GET', headers, body }));
}

const submit = async (key: string, description: string): Promise<string> => {
  const created = await call('/api/v1/requests', key, {
    method: 'POST',
    body: { data_types: ['call_audio'], languages: ['Spanish'], description },
  });
  expect(created.status, created.text).toBe(201);
  return created.body.data.id;
};

/** A data request made from the dashboard's session: its id. */
const submitBySession = async (description: string): Promise<string> =>
  (
    await sessionCall(ctx, signed.cookie, '/api/v1/requests', {
      method: 'POST',
      body: { data_types: ['call_audio'], description },
    })
  ).body.data.id;

beforeAll(async () => {
  ctx = await startSelfServe({ SOURCING_LEAD_EMAIL: LEAD, WEBHOOK_ALLOW_PRIVATE: 'true' });
  [keyed, other] = await Promise.all([
    makeLab(ctx.operator, 'Helix Speech Labs'),
    makeLab(ctx.operator, 'Other Lab'),
  ]);
  signed = await selfServeLab(ctx, 'Dashboard Lab');
});
afterAll(async () => {
  await ctx?.stop();
});

describe('the lab writes, the lead answers', () => {
  let id: string;
  const question = 'Could the Spanish calls include the agent side too? We need both channels.';

  test('POST …/messages: 201 with Location, and the message in the request beside its events', async () => {
    id = await submit(keyed.key, 'Spanish call-centre audio for an ASR evaluation, both channels.');
    const posted = await call(`/api/v1/requests/${id}/messages`, keyed.key, {
      method: 'POST',
      body: { body: `  ${question}\n` },
    });
    expect(posted.status, posted.text).toBe(201);
    expect(posted.headers.get('location')).toBe(`/api/v1/requests/${id}`);
    expect(posted.body).toEqual({
      data: { id: expect.stringMatching(/^msg_/), from: 'lab', body: question, at: expect.any(String) },
    });
    const one = await call(`/api/v1/requests/${id}`, keyed.key);
    expect(one.body.data.messages).toEqual([posted.body.data]);
    expect(one.body.data.events).toHaveLength(1);
  });

  test('the lead is mailed the words with a link to the desk, and the request waits on us', async () => {
    const mail = await mailTo(ctx.smtp, LEAD, /Helix Speech Labs wrote about data request/);
    expect(mail.mail.text).toContain(question);
    expect(mail.mail.text).toContain(`${ctx.siteUrl}/desk/requests/${id}`);
    expect(mail.mail.text).not.toMatch(/npm run|ops --/);
    const shown = await opsOk(operator(), 'requests', 'show', id);
    expect(shown.awaiting_reply_since).toBe(shown.messages[0].at);
  });

  test("the CLI's reply is a sourcing message with its author, and the request no longer waits", async () => {
    const words = 'Yes: both channels, stereo, for 1,200 of the 2,000 hours.';
    await opsOk(operator(), 'requests', 'reply', id, '--message', words);
    const one = await call(`/api/v1/requests/${id}`, keyed.key);
    expect(one.body.data.messages.map((m: Json) => [m.from, m.body, m.author])).toEqual([
      ['lab', question, undefined],
      ['sourcing', words, 'Sourcing team'],
    ]);
    expect(one.body.data.events.at(-1).message).toBe(words);
    expect((await opsOk(operator(), 'requests', 'show', id)).awaiting_reply_since).toBeNull();
    await mailTo(ctx.smtp, keyed.email, new RegExp(`Reply to your data request ${id}`));
  });

  test('a second lab message puts it back in the inbox', async () => {
    await call(`/api/v1/requests/${id}/messages`, keyed.key, { method: 'POST', body: { body: 'Thanks!' } });
    const shown = await opsOk(operator(), 'requests', 'show', id);
    expect(shown.awaiting_reply_since).toBe(shown.messages.at(-1).at);
  });
});

describe('refusals', () => {
  test('an empty, invisible or too long body is 422 naming body; an unknown field too', async () => {
    const id = await submit(keyed.key, 'Call audio in Spanish for a refusal test of the thread.');
    const path = `/api/v1/requests/${id}/messages`;
    for (const body of [{ body: '   ' }, { body: '\u200b\u200b' }, { body: 'x'.repeat(5001) }, {}]) {
      const refused = await call(path, keyed.key, { method: 'POST', body });
      expectError(refused, 422, 'invalid');
      expect(Object.keys(refused.body.error.fields)).toEqual(['body']);
    }
    const extra = await call(path, keyed.key, { method: 'POST', body: { body: 'Hi', to: 'x' } });
    expectError(extra, 422, 'invalid');
    expect(extra.body.error.fields.to).toBeDefined();
    const long = await call(path, keyed.key, { method: 'POST', body: { body: 'é'.repeat(5000) } });
    expect(long.status, long.text).toBe(201);
  });

  test("another organisation's request is 404, a closed one 409; nothing is stored", async () => {
    const id = await submit(keyed.key, 'Call audio in Spanish that another lab tries to write on.');
    const foreign = await call(`/api/v1/requests/${id}/messages`, other.key, {
      method: 'POST',
      body: { body: 'Hello from another lab' },
    });
    expectError(foreign, 404, 'not_found');
    await call(`/api/v1/requests/${id}/withdraw`, keyed.key, { method: 'POST' });
    const closed = await call(`/api/v1/requests/${id}/messages`, keyed.key, {
      method: 'POST',
      body: { body: 'One more thing' },
    });
    expectError(closed, 409, 'conflict');
    expect((await call(`/api/v1/requests/${id}`, keyed.key)).body.data.messages).toEqual([]);
  });
});

describe('from the dashboard and over MCP', () => {
  test('a session posts JSON with its Origin; from another Origin it is 403', async () => {
    const id = await submitBySession('Call audio asked for from a dashboard session.');
    const path = `/api/v1/requests/${id}/messages`;
    const ok = await sessionCall(ctx, signed.cookie, path, {
      method: 'POST',
      body: { body: 'From a session' },
    });
    expect(ok.status, ok.text).toBe(201);
    const forged = await sessionCall(ctx, signed.cookie, path, {
      method: 'POST',
      body: { body: 'Forged' },
      origin: 'https://evil.example',
    });
    expectError(forged, 403, 'forbidden');
  });

  test("the request page's message box works without JavaScript, with its CSRF token", async () => {
    const id = await submitBySession('Call audio asked for, then written about on the page.');
    const page = `/dashboard/requests/${id}/`;
    const empty = await postPageForm(ctx, signed.cookie, page, { action: 'message', body: '  ' });
    expect(empty.status).toBe(422);
    expect(await empty.text()).toContain('Write your message to the sourcing team first.');
    const sent = await postPageForm(ctx, signed.cookie, page, {
      action: 'message',
      body: 'Written <b>on</b> the page',
    });
    expect(sent.status).toBe(303);
    expect(sent.headers.get('location')).toMatch(new RegExp(`^/dashboard/requests/${id}/\\?sent=1#msg_`));
    const html = await (await fetch(ctx.server.url + page, { headers: { Cookie: signed.cookie } })).text();
    expect(html).toContain('Written &lt;b&gt;on&lt;/b&gt; the page');
    const noToken = await fetch(ctx.server.url + page, {
      method: 'POST',
      redirect: 'manual',
      headers: {
        Cookie: signed.cookie,
        Origin: ctx.siteUrl,
        'Content-Type': 'application/x-www-form-urlencoded',
      },
      body: new URLSearchParams({ action: 'message', body: 'No token' }),
    });
    expect(noToken.status).toBe(403);
    const api = await sessionCall(ctx, signed.cookie, `/api/v1/requests/${id}`);
    expect(api.body.data.messages.map((m: Json) => m.body)).toEqual(['Written <b>on</b> the page']);
  });

  test('send_request_message: the endpoint through MCP, its refusals as tool errors', async () => {
    const id = await submit(keyed.key, 'Call audio in Spanish, written about by an agent.');
    const agent = await mcpOverHttp(ctx.server.url, `Bearer ${keyed.key}`);
    try {
      const sent = await agent.call('send_request_message', { id, body: 'Sent by an agent' });
      expect(sent.isError, sent.summary).toBe(false);
      expect(sent.structured.data).toMatchObject({ from: 'lab', body: 'Sent by an agent' });
      const read = await agent.call('get_request', { id });
      expect(read.structured.data.messages.map((m: Json) => m.body)).toEqual(['Sent by an agent']);
      expectToolError(await agent.call('send_request_message', { id, body: '' }), 'invalid');
      expectToolError(await agent.call('send_request_message', { id: 'req_nope', body: 'Hi' }), 'not_found');
      expectToolError(await agent.call('send_request_message', { body: 'Hi' }), 'invalid');
    } finally {
      await agent.close();
    }
  });
});

describe("the team's own fields: an owner and internal notes", () => {
  const secret = 'INTERNAL: their budget is tight, offer the 500-hour subset first';

  test('a note and an owner are audited with the actor; the lab sees neither, anywhere', async () => {
    const id = await submit(keyed.key, 'Call audio in Spanish with an internal note on it.');
    const note = await opsOk(operator(), 'requests', 'note', id, '--message', secret);
    expect(note).toMatchObject({ id: expect.stringMatching(/^note_/), body: secret, author_id: null });
    const owned = await opsOk(operator(), 'requests', 'owner', id, 'stf_configured_lead');
    expect(owned.owner_id).toBe('stf_configured_lead');
    const unknown = await ops(operator(), 'requests', 'owner', id, 'stf_nobody');
    expect(unknown.code).toBe(1);
    await opsOk(operator(), 'requests', 'reply', id, '--message', 'We are on it.');
    await call(`/api/v1/requests/${id}/messages`, keyed.key, { method: 'POST', body: { body: 'Any news?' } });
    const audit = await opsOk(operator(), 'audit', 'list', '--org', 'helix speech labs');
    expect(audit.filter((e: Json) => e.request_id === id).map((e: Json) => [e.kind, e.staff_id])).toEqual([
      ['request_owner', null],
      ['request_note', null],
    ]);
    expect(JSON.stringify(audit)).not.toContain(secret);
    // Everything the lab can read: the API, its dashboard pages, its mail.
    const api = await call(`/api/v1/requests/${id}`, keyed.key);
    const list = await call('/api/v1/requests', keyed.key);
    for (const text of [api.text, list.text]) {
      expect(text).not.toContain(secret);
      expect(text).not.toMatch(/note_|owner|stf_/);
    }
    const mine = await opsOk(operator(), 'requests', 'show', id);
    expect(mine.notes.map((n: Json) => n.body)).toEqual([secret]);
    // The owner, not every lead, is mailed the lab's message (today the same address: the configured lead).
    await mailTo(ctx.smtp, LEAD, new RegExp(`wrote about data request ${id}`));
    for (const received of mailsTo(ctx.smtp, keyed.email)) {
      expect(received.mail.text ?? '').not.toContain(secret);
      expect(String(received.mail.html ?? '')).not.toContain(secret);
    }
  });

  test("an internal note never reaches the lab's webhooks, dashboard pages or audit page", async () => {
    const hooks = await startWebhookReceiver();
    const id = await submitBySession('Call audio from the dashboard, with a note on it.');
    const endpoint = await sessionCall(ctx, signed.cookie, '/api/v1/webhooks', {
      method: 'POST',
      body: { url: hooks.url },
    });
    expect(endpoint.status, endpoint.text).toBe(201);
    hooks.secret = endpoint.body.data.secret;
    await opsOk(operator(), 'requests', 'note', id, '--message', secret);
    await opsOk(operator(), 'requests', 'owner', id, 'stf_configured_lead');
    await opsOk(operator(), 'requests', 'reply', id, '--message', 'We are looking.');
    await hooks.delivered(2);
    try {
      // The reply's two events, and nothing for the note or the owner.
      expect(hooks.received.map((r) => r.event?.type).sort()).toEqual([
        'request.replied',
        'request.status_changed',
      ]);
      expect(JSON.stringify(hooks.received)).not.toContain('budget');
    } finally {
      await hooks.close();
    }
    for (const page of [`/dashboard/requests/${id}/`, '/dashboard/requests/', '/dashboard/audit/']) {
      const response = await fetch(ctx.server.url + page, { headers: { Cookie: signed.cookie } });
      expect(response.status, page).toBe(200);
      const html = await response.text();
      expect(html, page).not.toContain(secret);
      expect(html, page).not.toMatch(/Request note|request_note/i);
    }
  });
});
