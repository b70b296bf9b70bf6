// One step, every door (issue 39): the API, the dashboard's pages, the operator CLI and the MCP tools each call the
// same action, so each door leaves the same record, the same mail, the same signed webhook and the same audit line.
// Each door's effect is reduced to what a lab or an operator would compare (no ids, no times), and the reductions
// must be equal.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { mcpOverHttp } from '../support/mcp.ts';
import { opsOk } from '../support/ops.ts';
import {
  mailsTo,
  postJson,
  postPageForm,
  selfServeSuite,
  sessionCall,
  type Json,
} from '../support/self-serve.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver.ts';

const suite = selfServeSuite('Every Door Lab', { WEBHOOK_ALLOW_PRIVATE: 'true' });
let receiver: WebhookReceiver;
let key: string;

beforeAll(async () => {
  const { ctx, lab } = suite;
  receiver = await startWebhookReceiver();
  const made = await sessionCall(ctx, lab.cookie, '/api/v1/webhooks', {
    method: 'POST',
    body: { url: receiver.url },
  });
  expect(made.status, made.text).toBe(201);
  receiver.secret = made.body.data.secret;
  await opsOk(ctx.operator, 'nda', 'accept', '--org', lab.orgId, '--verified');
  const issued = await sessionCall(ctx, lab.cookie, '/api/v1/keys', {
    method: 'POST',
    body: { name: 'doors' },
  });
  expect(issued.status, issued.text).toBe(201);
  key = issued.body.data.key;
  await receiver.delivered(2); // nda.verified (the CLI's, sent by the server's next pass) and key.created
});
afterAll(() => receiver?.close());

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Webhook types delivered (and verified) after `from`, once `count` have arrived, sorted. */
async function webhooksSince(from: number, count: number): Promise<string[]> {
  const verified = () => receiver.received.slice(from).filter((r) => r.verified && r.status < 300);
  for (let waited = 0; verified().length < count && waited < 20_000; waited += 50) await sleep(50);
  await sleep(300); // nothing more than expected arrives either
  return verified()
    .map((r) => r.event!.type)
    .sort();
}

/** Waits until no webhook has arrived for a while: what earlier steps sent is in before a step is measured. */
async function quiet(): Promise<number> {
  for (;;) {
    const seen = receiver.received.length;
    await sleep(400);
    if (receiver.received.length === seen) return seen;
  }
}

/**
 * Subjects of the mails to `to` after the first `from`, once `count` have arrived, sorted: ids and the listing's
 * title (which differ from door to door by design) written as placeholders.
 */
async function mailsSince(to: string, from: number, count: number, title?: string): Promise<string[]> {
  const { smtp } = suite.ctx;
  for (let waited = 0; mailsTo(smtp, to).length < from + count && waited < 20_000; waited += 50)
    await sleep(50);
  return mailsTo(smtp, to)
    .slice(from)
    .map((m) => (m.mail.subject ?? '').replaceAll(title ?? '\u0000', '<listing>'))
    .map((subject) => subject.replace(/\b[a-z]{2,4}_[A-Za-z0-9]{16,}\b/g, '<id>'))
    .sort();
}

/** A new key by the API, once its key.created has been delivered. */
async function newKeyId(name: string): Promise<string> {
  const delivered = receiver.received.filter((r) => r.verified && r.status < 300).length;
  const made = await sessionCall(suite.ctx, suite.lab.cookie, '/api/v1/keys', {
    method: 'POST',
    body: { name },
  });
  expect(made.status, made.text).toBe(201);
  await receiver.delivered(delivered + 1);
  return made.body.data.id;
}

describe('rotating a key', () => {
  const doors = {
    api: (id: string) =>
      sessionCall(suite.ctx, suite.lab.cookie, `/api/v1/keys/${id}/rotate`, { method: 'POST' }).then((r) =>
        expect(r.status, r.text).toBe(201),
      ),
    dashboard: (id: string) =>
      postPageForm(suite.ctx, suite.lab.cookie, '/dashboard/keys/', {
        action: 'rotate',
        id,
        grace_hours: '0',
        confirm: 'yes',
      }).then(async (r) => expect(r.status, await r.text()).toBe(200)),
    cli: (id: string) => opsOk(suite.ctx.operator, 'key', 'rotate', id),
  };

  test('the API, the dashboard and the CLI leave one successor, the old key refused, and the same webhooks', async () => {
    const seen: Record<string, unknown> = {};
    for (const [door, rotate] of Object.entries(doors)) {
      const id = await newKeyId(`rotated by ${door}`);
      const from = await quiet();
      await rotate(id);
      const keys = (await sessionCall(suite.ctx, suite.lab.cookie, '/api/v1/keys')).body.data as Json[];
      const old = keys.find((k) => k.id === id);
      const successors = keys.filter((k) => k.name === `rotated by ${door}` && k.id !== id);
      seen[door] = {
        successors: successors.length,
        replacedBySuccessor: old.replaced_by === successors[0]?.id,
        oldRefusedNow: Date.parse(old.revoked_at) <= Date.now(),
        webhooks: await webhooksSince(from, 2),
      };
    }
    expect(seen.api).toEqual({
      successors: 1,
      replacedBySuccessor: true,
      oldRefusedNow: true,
      webhooks: ['key.created', 'key.revoked'],
    });
    expect(seen.dashboard).toEqual(seen.api);
    expect(seen.cli).toEqual(seen.api);
  });
});

describe('asking for a sample', () => {
  const listings = {
    api: 'au-abdominal-ultrasound-liver',
    dashboard: 'de-chest-ct-lung-nodules',
    mcp: 'in-emergency-chest-radiographs',
  };
  const doors: Record<keyof typeof listings, (listing: string) => Promise<unknown>> = {
    api: (listing) =>
      postJson(suite.ctx, `/api/v1/samples/${listing}`, undefined, { Authorization: `Bearer ${key}` }).then(
        (r) => expect(r.status, r.text).toBe(202),
      ),
    dashboard: (listing) =>
      postPageForm(suite.ctx, suite.lab.cookie, '/dashboard/samples/new/', { listing_id: listing }).then(
        async (r) => expect(r.status, await r.text()).toBe(303),
      ),
    mcp: async (listing) => {
      const client = await mcpOverHttp(suite.ctx.server.url, `Bearer ${key}`);
      const answer = await client.call('request_sample', { listing_id: listing });
      await client.close();
      expect(answer.isError, answer.summary).toBe(false);
    },
  };

  test('the API, the dashboard and MCP each store one request, mail its link, fire sample.link_sent and audit it', async () => {
    const seen: Record<string, unknown> = {};
    for (const [door, ask] of Object.entries(doors)) {
      const listing = listings[door as keyof typeof listings];
      const mailsFrom = mailsTo(suite.ctx.smtp, suite.lab.email).length;
      const hooksFrom = await quiet();
      await ask(listing);
      const webhooks = await webhooksSince(hooksFrom, 1);
      const { title } = (await (await fetch(`${suite.ctx.server.url}/api/v1/catalog/${listing}`)).json())
        .data;
      const mails = await mailsSince(suite.lab.email, mailsFrom, 1, title);
      const samples = (await sessionCall(suite.ctx, suite.lab.cookie, '/api/v1/sample-requests')).body
        .data as Json[];
      const audit = (await opsOk(suite.ctx.operator, 'audit', 'list', '--org', suite.lab.orgId)) as Json[];
      seen[door] = {
        requests: samples.filter((s) => s.listing_id === listing).map((s) => s.status),
        webhooks,
        mails,
        audit: audit.filter((a) => a.listing_id === listing).map((a) => a.kind),
      };
    }
    expect(seen.api).toEqual({
      requests: ['link_sent'],
      webhooks: ['sample.link_sent'],
      mails: [expect.stringMatching(/sample/i)],
      audit: ['sample_link'],
    });
    expect(seen.dashboard).toEqual(seen.api);
    expect(seen.mcp).toEqual(seen.api);
  });
});

describe('submitting a data request', () => {
  const body = {
    data_types: ['call_audio'],
    languages: ['Spanish'],
    domains: ['banking'],
    volume: '100-500 hours',
    description: 'Spanish call-centre audio for speech recognition.',
  };
  const doors: Record<string, () => Promise<unknown>> = {
    api: () =>
      postJson(suite.ctx, '/api/v1/requests', body, { Authorization: `Bearer ${key}` }).then((r) =>
        expect(r.status, r.text).toBe(201),
      ),
    dashboard: () =>
      postPageForm(suite.ctx, suite.lab.cookie, '/dashboard/requests/new/', {
        data_types: 'call_audio',
        languages: 'Spanish',
        domains: 'banking',
        volume: body.volume,
        description: body.description,
      }).then(async (r) => expect(r.status, await r.text()).toBe(303)),
    mcp: async () => {
      const client = await mcpOverHttp(suite.ctx.server.url, `Bearer ${key}`);
      const answer = await client.call('submit_data_request', body);
      await client.close();
      expect(answer.isError, answer.summary).toBe(false);
    },
  };

  test('the API, the dashboard and MCP each store the same request, mail the lab and the lead, and fire request.created', async () => {
    const seen: Record<string, unknown> = {};
    const lead = 'sourcing@localhost';
    for (const [door, submit] of Object.entries(doors)) {
      const before = (await sessionCall(suite.ctx, suite.lab.cookie, '/api/v1/requests')).body.data.length;
      const labMails = mailsTo(suite.ctx.smtp, suite.lab.email).length;
      const leadMails = mailsTo(suite.ctx.smtp, lead).length;
      const hooksFrom = await quiet();
      await submit();
      const list = (await sessionCall(suite.ctx, suite.lab.cookie, '/api/v1/requests')).body.data as Json[];
      const made = (await sessionCall(suite.ctx, suite.lab.cookie, `/api/v1/requests/${list[0].id}`)).body
        .data;
      seen[door] = {
        stored: list.length - before,
        request: {
          status: made.status,
          data_types: made.data_types,
          languages: made.languages,
          domains: made.domains,
          volume: made.volume,
          matches: made.matches.map((m: Json) => m.listing_id),
        },
        webhooks: await webhooksSince(hooksFrom, 1),
        labMails: await mailsSince(suite.lab.email, labMails, 1),
        leadMails: await mailsSince(lead, leadMails, 1),
      };
    }
    expect(seen.api).toMatchObject({
      stored: 1,
      request: { status: 'received' },
      webhooks: ['request.created'],
    });
    expect(seen.dashboard).toEqual(seen.api);
    expect(seen.mcp).toEqual(seen.api);
  });
});

describe('what the doors used to do differently', () => {
  test('two rotations of one key sent at once from the dashboard leave one successor', async () => {
    const id = await newKeyId('rotated twice at once');
    const rotate = () =>
      postPageForm(suite.ctx, suite.lab.cookie, '/dashboard/keys/', {
        action: 'rotate',
        id,
        grace_hours: '0',
        confirm: 'yes',
      });
    const answers = await Promise.all([rotate(), rotate()]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
    const keys = (await sessionCall(suite.ctx, suite.lab.cookie, '/api/v1/keys')).body.data as Json[];
    expect(keys.filter((k) => k.name === 'rotated twice at once')).toHaveLength(2); // the old key and one successor
  });

  test("a revoked key's revoked_at never moves, whichever door revokes it again", async () => {
    const id = await newKeyId('revoked twice');
    const first = await sessionCall(suite.ctx, suite.lab.cookie, `/api/v1/keys/${id}`, { method: 'DELETE' });
    expect(first.status).toBe(204);
    const revokedAt = () =>
      sessionCall(suite.ctx, suite.lab.cookie, '/api/v1/keys').then(
        (r) => (r.body.data as Json[]).find((k) => k.id === id).revoked_at,
      );
    const at = await revokedAt();
    await sleep(20);
    const again = await postPageForm(suite.ctx, suite.lab.cookie, '/dashboard/keys/', {
      action: 'revoke',
      id,
      confirm: 'yes',
    });
    expect(again.status).toBe(200);
    expect(await again.text()).toContain('was revoked already');
    expect(
      (await sessionCall(suite.ctx, suite.lab.cookie, `/api/v1/keys/${id}`, { method: 'DELETE' })).status,
    ).toBe(204);
    expect(await revokedAt()).toBe(at);
  });

  test('one address gets the contract’s ten sign-in links in ten minutes, counted once for the API and /signin/', async () => {
    const { ctx } = suite;
    const viaApi = () => postJson(ctx, '/api/v1/session/link', { email: 'nobody@lab.example' });
    const viaPage = () =>
      fetch(`${ctx.server.url}/signin/`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: ctx.siteUrl },
        body: new URLSearchParams({ email: 'nobody@lab.example' }),
      });
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      statuses.push((await viaApi()).status);
      statuses.push((await viaPage()).status);
    }
    expect(statuses.filter((status) => status === 429)).toHaveLength(2);
    expect(statuses.slice(0, 10).every((status) => status === 202 || status === 200)).toBe(true);
  });
});
