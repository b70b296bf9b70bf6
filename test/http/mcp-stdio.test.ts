// `npm run --silent mcp`: the same tools on stdio for a local client, driven by the SDK's StdioClientTransport,
// calling the built server over HTTP with DSS_BASE_URL and DSS_API_KEY. Its answers are the server's own.
import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { loadListings, type ListingWithBody } from '../../api/domain/listings/listing-files.ts';
import { apiClient, LISTING_ID, startApiServer } from '../support/api-client.ts';
import { DIST_CLIENT } from '../support/dist.ts';
import { makeLab, type Lab } from '../support/lab.ts';
import { expectToolError, mcpOverHttp, mcpOverStdio, type McpClient } from '../support/mcp.ts';
import type { InProcessServer } from '../support/app.ts';

let server: InProcessServer;
let lab: Lab;
let listing: ListingWithBody;
let keyed: McpClient;
let anonymous: McpClient;
const { opsOk, call } = apiClient(() => server);

beforeAll(async () => {
  const [started, listings] = await Promise.all([startApiServer(), loadListings('content/listings')]);
  server = started;
  listing = listings.find((l) => l.id === LISTING_ID)!;
  lab = await makeLab(server.dataDir, 'Stdio lab');
  await opsOk('nda', 'accept', '--org', lab.orgId);
  [keyed, anonymous] = await Promise.all([
    mcpOverStdio({ DSS_BASE_URL: server.url, DSS_API_KEY: lab.key }),
    mcpOverStdio({ DSS_BASE_URL: server.url }),
  ]);
});
afterAll(async () => {
  await Promise.all([keyed?.close(), anonymous?.close()]);
  await server?.stop();
});

test('the same tools as /mcp, with the same schemas', async () => {
  const http = await mcpOverHttp(server.url);
  try {
    expect((await keyed.client.listTools()).tools).toEqual((await http.client.listTools()).tools);
  } finally {
    await http.close();
  }
});

test("the server's instructions say the key is DSS_API_KEY here, not a header a stdio client cannot send", async () => {
  expect(anonymous.client.getInstructions()).toContain('DSS_API_KEY');
  expect(anonymous.client.getInstructions()).not.toContain('Authorization');
  const http = await mcpOverHttp(server.url);
  try {
    expect(http.client.getInstructions()).toContain('"Authorization: Bearer <API_KEY>"');
  } finally {
    await http.close();
  }
});

test("search_catalog answers what the service's GET /api/v1/catalog answers", async () => {
  const answer = await anonymous.call('search_catalog', { vertical: 'conversational_audio', q: 'calls' });
  expect(answer.structured).toEqual(
    (await call('/api/v1/catalog?vertical=conversational_audio&q=calls')).body,
  );
  expect(answer.structured.count).toBeGreaterThan(0);
});

test('with DSS_API_KEY: get_me is the lab, and get_listing carries the NDA fields (its NDA is accepted)', async () => {
  const me = await keyed.call('get_me');
  expect(me.structured.data).toMatchObject({ organisation: { id: lab.orgId }, key: { id: lab.keyId } });
  const answer = await keyed.call('get_listing', { id: LISTING_ID });
  expect(answer.structured.data.owner).toEqual(listing.nda.owner);
});

test('a data request and a sample through stdio are stored by the service', async () => {
  const created = await keyed.call('submit_data_request', {
    data_types: ['call_audio'],
    description: 'Customer service calls in English, asked for from a local MCP client.',
  });
  expect(created.structured.data.status).toBe('received');
  expect((await call('/api/v1/requests', { key: lab.key })).body.data[0].id).toBe(created.structured.data.id);
  const asked = await keyed.call('request_sample', { listing_id: LISTING_ID });
  expect(asked.structured).toEqual({ status: 'pending_verification', id: expect.stringMatching(/^smp_/) });
  const samples = await keyed.call('list_sample_requests');
  expect(samples.structured.data[0]).toMatchObject({
    id: asked.structured.id,
    listing_id: LISTING_ID,
    status: 'pending_verification',
  });
});

test('submit_data_request retried with the same idempotency_key is stored once by the service', async () => {
  const args = {
    data_types: ['ct_study'],
    description: 'Chest CT studies for a retried call from a local MCP client.',
    idempotency_key: randomUUID(),
  };
  const first = await keyed.call('submit_data_request', args);
  const retried = await keyed.call('submit_data_request', args);
  expect(retried.structured).toEqual(first.structured);
  const stored = (await call('/api/v1/requests', { key: lab.key })).body.data;
  expect(stored.filter((r: { data_types: string[] }) => r.data_types.includes('ct_study'))).toHaveLength(1);
});

test('without DSS_API_KEY: public tools answer, keyed ones are unauthorized, no NDA field', async () => {
  expectToolError(await anonymous.call('get_me'), 'unauthorized');
  const answer = await anonymous.call('get_listing', { id: LISTING_ID });
  expect(answer.structured.data).not.toHaveProperty('owner');
  expectToolError(await anonymous.call('get_listing', { id: 'no-such-listing' }), 'not_found');
  const invalid = await anonymous.call('search_catalog', { status: 'retired' });
  expectToolError(invalid, 'invalid');
  expect(invalid.json.error.fields).toHaveProperty('status');
});

test('a keyed tool refused for want of a key says to set DSS_API_KEY, which is all a stdio client can do', async () => {
  const missing = await anonymous.call('get_me');
  expectToolError(missing, 'unauthorized');
  expect(missing.summary).toContain('DSS_API_KEY');
  const wrong = await mcpOverStdio({ DSS_BASE_URL: server.url, DSS_API_KEY: 'dss_not-a-key' });
  try {
    const refused = await wrong.call('search_catalog');
    expectToolError(refused, 'unauthorized');
    expect(refused.summary).toContain('DSS_API_KEY');
  } finally {
    await wrong.close();
  }
});

test('listing://<id> is the Markdown the service serves at /catalog/<id>.md', async () => {
  const built = await readFile(join(DIST_CLIENT, 'catalog', `${LISTING_ID}.md`), 'utf8');
  const read = await anonymous.client.readResource({ uri: `listing://${LISTING_ID}` });
  expect((read.contents[0] as { text: string }).text).toBe(built);
});

test('a service that does not answer: each tool and listing://<id> says so, naming DSS_BASE_URL', async () => {
  const orphan = await mcpOverStdio({ DSS_BASE_URL: 'http://127.0.0.1:9' });
  try {
    const answer = await orphan.call('search_catalog');
    expectToolError(answer, 'unavailable');
    expect(answer.summary).toContain('DSS_BASE_URL');
    await expect(orphan.client.readResource({ uri: `listing://${LISTING_ID}` })).rejects.toThrow(
      /does not answer.*DSS_BASE_URL/,
    );
  } finally {
    await orphan.close();
  }
});
