// One step, every door (issue 39): the API, the dashboard's pages, the operator CLI and the MCP tools each call the
// same action, so each door leaves the same record, the same mail, the same signed webhook and the same audit line.
// Each door's effect is reduced to what a lab or an operator would compare (no ids, no times), and the reductions
// must be equal. What the doors used to do differently: every-door-differences.test.ts.
import { beforeAll, describe, expect, test } from 'vitest';
import { mcpOverHttp } from '../support/mcp.ts';
import { opsOk } from '../support/ops.ts';
import { mailsTo, postJson, postPageForm, sessionCall, type Json } from '../support/self-serve.ts';
import { everyDoor } from '../support/every-door.ts';

const shared = everyDoor();
const { suite, webhooksSince, quiet, mailsSince, newKeyId } = shared;
let key: string;
beforeAll(() => void ({ key } = shared.state));

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
