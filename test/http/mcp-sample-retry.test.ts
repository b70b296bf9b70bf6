// request_sample retried, as an agent retries a call whose answer it lost (issue 41, item 19), with the SDK's own
// client over Streamable HTTP, on each engine: an idempotency_key makes a retry answer the first sample request,
// even after its link went out, with no second request, no second mail to the lead and nothing more counted
// against the daily cap; the same key for another listing is refused naming the argument. The tool's hints say
// what it does: it writes, destroys nothing, and is not idempotent without a key. The API's Idempotency-Key on
// POST /api/v1/samples/{id} underneath, and two retries racing.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { apiClient, expectError, LISTING_ID, type Json } from '../support/api-client.ts';
import { startApp, type InProcessServer } from '../support/app.ts';
import { requireBuild } from '../support/dist.ts';
import { makeLab, type Lab } from '../support/lab.ts';
import { expectToolError, mcpOverHttp, type McpClient } from '../support/mcp.ts';
import { startSmtp } from '../support/smtp.ts';
import { until } from '../support/until.ts';

const LEAD = 'lead@sourcing.example';
const OTHER_LISTING = 'de-chest-ct-lung-nodules';
let server: InProcessServer;
let mail: Awaited<ReturnType<typeof startSmtp>>;
const { opsOk, call } = apiClient(() => server);
const clients: McpClient[] = [];

beforeAll(async () => {
  requireBuild();
  mail = await startSmtp();
  // Two samples a day: a replay counted against the cap would leave room for one more, not two.
  server = await startApp({
    SMTP_URL: mail.url,
    SOURCING_LEAD_EMAIL: LEAD,
    SAMPLE_REQUESTS_PER_DAY: '2',
    RATE_LIMIT_KEY_PER_MINUTE: '100000',
  });
});
afterAll(async () => {
  await Promise.all(clients.map((client) => client.close()));
  await server?.stop();
  await mail?.close();
});

/** A lab whose NDA is accepted and verified, so a sample's link goes out at once, and its MCP client. */
async function verifiedLab(name: string): Promise<{ lab: Lab; client: McpClient }> {
  const lab = await makeLab(server.dataDir, name);
  await opsOk('nda', 'accept', '--org', lab.orgId, '--verified');
  const client = await mcpOverHttp(server.url, `Bearer ${lab.key}`);
  clients.push(client);
  return { lab, client };
}

const samplesOf = async (lab: Lab): Promise<Json[]> =>
  (await call('/api/v1/sample-requests', { key: lab.key })).body.data;

/** Waits until the sample's link is sent: after that, asking again without a key is a new sample request. */
const linkSent = (lab: Lab, id: string) =>
  until(
    () => call(`/api/v1/sample-requests/${id}`, { key: lab.key }),
    (reply) => reply.body.data?.status === 'link_sent',
  );

/** Mails to the sourcing lead about the lab's sample requests. */
const leadMails = (lab: Lab) =>
  mail.received.filter(
    (r) =>
      r.envelopeTo.includes(LEAD) && r.mail.subject === `Sample requested by ${lab.orgName}: ${listingTitle}`,
  );
let listingTitle: string;
beforeAll(async () => {
  listingTitle = (await call(`/api/v1/catalog/${LISTING_ID}`)).body.data.title;
});

describe('request_sample over MCP', () => {
  test('its hints are honest, and it takes an idempotency_key', async () => {
    const { client } = await verifiedLab('MCP sample hints lab');
    const tool = (await client.client.listTools()).tools.find((t) => t.name === 'request_sample')!;
    // It stores a request and mails the lead (not read-only), adds without destroying, and a second call without a
    // key after the link went out is a second request (below): not idempotent by itself.
    expect(tool.annotations).toMatchObject({
      readOnlyHint: false,
      destructiveHint: false,
      idempotentHint: false,
    });
    expect(Object.keys(tool.inputSchema.properties!)).toEqual(['listing_id', 'idempotency_key']);
    expect(tool.inputSchema.required).toEqual(['listing_id']);
    expect(tool.description).toContain('idempotency_key');
  });

  test('a retry with the same idempotency_key answers the first sample request, even after its link went out', async () => {
    const { lab, client } = await verifiedLab('MCP sample retry lab');
    const args = { listing_id: LISTING_ID, idempotency_key: randomUUID() };
    const first = await client.call('request_sample', args);
    expect(first.isError, first.summary).toBe(false);
    expect(first.structured).toEqual({ status: 'pending_verification', id: expect.stringMatching(/^smp_/) });
    await linkSent(lab, first.structured.id);

    const retried = await client.call('request_sample', args);
    expect(retried.isError, retried.summary).toBe(false);
    expect(retried.structured).toEqual(first.structured);
    // A model that writes the arguments again may write them in another order.
    const reordered = await client.call('request_sample', Object.fromEntries(Object.entries(args).reverse()));
    expect(reordered.structured).toEqual(first.structured);
    expect((await samplesOf(lab)).map((s) => s.id)).toEqual([first.structured.id]);

    // The cap of two a day still has room for one more: the retries were not counted.
    const another = await client.call('request_sample', { listing_id: LISTING_ID });
    expect(another.isError, another.summary).toBe(false);
    expect(another.structured.id).not.toBe(first.structured.id);
    expect(await samplesOf(lab)).toHaveLength(2);
    // The cap is reached now: a new ask is 429, and a retry under the first key still answers the first result.
    await linkSent(lab, another.structured.id);
    expectToolError(await client.call('request_sample', { listing_id: LISTING_ID }), 'rate_limited');
    expect((await client.call('request_sample', args)).structured).toEqual(first.structured);
    // One mail to the lead per sample request, none for a retry.
    await until(
      async () => leadMails(lab).length,
      (count) => count >= 2,
    );
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(leadMails(lab)).toHaveLength(2);
  });

  test('without a key, a second call after the link went out is a second request: why the hint is false', async () => {
    const { lab, client } = await verifiedLab('MCP sample no key lab');
    const first = await client.call('request_sample', { listing_id: LISTING_ID });
    await linkSent(lab, first.structured.id);
    const second = await client.call('request_sample', { listing_id: LISTING_ID });
    expect(second.isError, second.summary).toBe(false);
    expect(second.structured.id).not.toBe(first.structured.id);
  });

  test('the same idempotency_key for another listing, or malformed, is refused naming idempotency_key', async () => {
    const { lab, client } = await verifiedLab('MCP sample key reuse lab');
    const idempotency_key = randomUUID();
    const first = await client.call('request_sample', { listing_id: LISTING_ID, idempotency_key });
    expect(first.isError, first.summary).toBe(false);
    const refused = await client.call('request_sample', { listing_id: OTHER_LISTING, idempotency_key });
    expectToolError(refused, 'invalid');
    expect(Object.keys(refused.json.error.fields)).toEqual(['idempotency_key']);
    for (const malformed of ['has space', 'x'.repeat(256), 42]) {
      const answer = await client.call('request_sample', {
        listing_id: LISTING_ID,
        idempotency_key: malformed,
      });
      expectToolError(answer, 'invalid');
      expect(Object.keys(answer.json.error.fields)).toEqual(['idempotency_key']);
    }
    // An unknown argument is refused naming every argument the tool takes.
    const unknown = await client.call('request_sample', { listing_id: LISTING_ID, idempotency_key, id: 'x' });
    expectToolError(unknown, 'invalid');
    expect(unknown.json.error.fields.id[0]).toContain('listing_id, idempotency_key');
    expect(await samplesOf(lab)).toHaveLength(1);
  });
});

describe('Idempotency-Key on POST /api/v1/samples/{id}', () => {
  const ask = (lab: Lab, key?: string, listing = LISTING_ID) =>
    call(`/api/v1/samples/${listing}`, {
      method: 'POST',
      key: lab.key,
      headers: key === undefined ? {} : { 'Idempotency-Key': key },
    });

  test('a replay: 202, the same id and Location, Idempotent-Replayed: true', async () => {
    const { lab } = await verifiedLab('API sample retry lab');
    const key = randomUUID();
    const first = await ask(lab, key);
    expect(first.status, first.text).toBe(202);
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    await linkSent(lab, first.body.id);
    const again = await ask(lab, key);
    expect(again.status, again.text).toBe(202);
    expect(again.body).toEqual(first.body);
    expect(again.headers.get('location')).toBe(`/api/v1/sample-requests/${first.body.id}`);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(await samplesOf(lab)).toHaveLength(1);
  });

  test('two retries racing with one key make one sample request', async () => {
    const { lab } = await verifiedLab('API sample race lab');
    const key = randomUUID();
    const answers = await Promise.all([ask(lab, key), ask(lab, key), ask(lab, key)]);
    for (const answer of answers) expect(answer.status, answer.text).toBe(202);
    expect(new Set(answers.map((a) => a.body.id)).size).toBe(1);
    expect(await samplesOf(lab)).toHaveLength(1);
  });

  test("a key used for a data request is refused for a sample, and another lab's use of a key is its own", async () => {
    const [{ lab }, { lab: other }] = await Promise.all([
      verifiedLab('API sample key lab'),
      verifiedLab('API sample other lab'),
    ]);
    const key = randomUUID();
    const request = await call('/api/v1/requests', {
      method: 'POST',
      key: lab.key,
      headers: { 'Idempotency-Key': key },
      body: { data_types: ['call_audio'], description: 'Calls for an idempotency test of samples.' },
    });
    expect(request.status, request.text).toBe(201);
    const refused = await ask(lab, key);
    expectError(refused, 422, 'invalid');
    expect(Object.keys(refused.body.error.fields)).toEqual(['Idempotency-Key']);
    expect(await samplesOf(lab)).toHaveLength(0);
    const theirs = await ask(other, key);
    expect(theirs.status, theirs.text).toBe(202);
    expect(theirs.headers.get('idempotent-replayed')).toBeNull();
  });
});
