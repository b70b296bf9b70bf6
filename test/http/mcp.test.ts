// The MCP server at /mcp (contract §12) driven by the SDK's own client over Streamable HTTP, against the built
// server: the tools and their schemas, search with filters and free text, a listing with and without the NDA,
// a data request, a sample and its status, the resources, and every error path, each a tool error carrying the
// API's code. Rate limits and the request log apply to tool calls as to the API.
import { CATALOG_QUERY_PARAMETERS } from '../../api/domain/listings/catalog-query.ts';
import { randomUUID } from 'node:crypto';
import { ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { newApiKey } from '../../api/domain/ids.ts';
import { loadListings, type ListingWithBody } from '../../api/domain/listings/listing-files.ts';
import { apiClient, LISTING_ID, startApiServer, VALID_REQUEST, type Json } from '../support/api-client.ts';
import { DIST_CLIENT, requireBuild } from '../support/dist.ts';
import { makeLab, type Lab } from '../support/lab.ts';
import { expectToolError, mcpOverHttp, type McpClient } from '../support/mcp.ts';
import { startApp, type InProcessServer } from '../support/app.ts';
import { startSmtp } from '../support/smtp.ts';

const TOOL_NAMES = [
  'search_catalog',
  'get_listing',
  'check_use',
  'list_demand',
  'get_nda',
  'get_me',
  'submit_data_request',
  'list_my_requests',
  'get_request',
  'send_request_message',
  'request_sample',
  'list_sample_requests',
];
const NDA_FIELDS = ['owner', 'deidentification_report', 'composition'];

let server: InProcessServer;
let listings: ListingWithBody[];
let listing: ListingWithBody;
let withNda: Lab;
let withoutNda: Lab;
const { opsOk, call } = apiClient(() => server);
const clients: McpClient[] = [];
const open = async (authorization?: string) => {
  const client = await mcpOverHttp(server.url, authorization);
  clients.push(client);
  return client;
};
let anonymous: McpClient;
let ndaLab: McpClient;
let plainLab: McpClient;

beforeAll(async () => {
  const [started, loaded] = await Promise.all([startApiServer(), loadListings('content/listings')]);
  server = started;
  listings = loaded;
  listing = listings.find((l) => l.id === LISTING_ID)!;
  [withNda, withoutNda] = await Promise.all([
    makeLab(server.dataDir, 'MCP lab with NDA'),
    makeLab(server.dataDir, 'MCP lab without NDA'),
  ]);
  await opsOk('nda', 'accept', '--org', withNda.orgId);
  [anonymous, ndaLab, plainLab] = await Promise.all([
    open(),
    open(`Bearer ${withNda.key}`),
    open(`Bearer ${withoutNda.key}`),
  ]);
});
afterAll(async () => {
  await Promise.all(clients.map((client) => client.close()));
  await server?.stop();
});

describe('tools/list', () => {
  test('lists every tool of contract §12, with or without a key, each saying when to use it', async () => {
    for (const client of [anonymous, ndaLab]) {
      const { tools } = await client.client.listTools();
      expect(tools.map((tool) => tool.name)).toEqual(TOOL_NAMES);
      for (const tool of tools) {
        expect(tool.description!.length, tool.name).toBeGreaterThan(40);
        expect(tool.inputSchema.type).toBe('object');
        expect(tool.outputSchema?.type).toBe('object');
      }
    }
  });

  test("input schemas are the endpoints' zod schemas: the catalogue query and the data request body", async () => {
    const { tools } = await anonymous.client.listTools();
    const schema = (name: string) => tools.find((tool) => tool.name === name)!.inputSchema as Json;
    expect(Object.keys(schema('search_catalog').properties).sort()).toEqual(
      [...CATALOG_QUERY_PARAMETERS].sort(),
    );
    expect(schema('search_catalog').properties.sort.enum).toEqual(['relevance', 'updated', 'size', 'title']);
    expect(schema('search_catalog').properties.vertical.enum).toEqual([
      'conversational_audio',
      'medical_imaging',
    ]);
    expect(schema('search_catalog').additionalProperties).toBe(false);
    const request = schema('submit_data_request');
    expect(request.required.sort()).toEqual(['data_types', 'description']);
    expect(request.properties.volume.anyOf ?? request.properties.volume.enum).toBeDefined();
    expect(request.additionalProperties).toBe(false);
    expect(schema('get_listing').properties.id.pattern).toBeDefined();
  });
  test('each schema is sent once: every definition a schema carries is referenced, none is a copy of the root', async () => {
    const { tools } = await anonymous.client.listTools();
    for (const tool of tools) {
      for (const [io, schema] of [
        ['input', tool.inputSchema],
        ['output', tool.outputSchema],
      ] as const) {
        const { definitions = {}, ...root } = schema as Json;
        const text = JSON.stringify({ root, definitions });
        for (const name of Object.keys(definitions)) {
          expect(text, `${tool.name} ${io}: ${name}`).toContain(`"$ref":"#/definitions/${name}"`);
        }
      }
    }
  });
});

describe('search_catalog', () => {
  test.each([
    [{}, ''],
    [{ vertical: 'medical_imaging' }, 'vertical=medical_imaging'],
    [{ status: 'sample_ready', language: 'es' }, 'status=sample_ready&language=es'],
    [{ q: 'insurance claims' }, 'q=insurance+claims'],
    [{ vertical: 'medical_imaging', q: 'ct' }, 'vertical=medical_imaging&q=ct'],
    [{ q: 'MANDARIN' }, 'q=MANDARIN'],
  ])('%j answers what GET /api/v1/catalog?%s answers', async (args, query) => {
    const answer = await anonymous.call('search_catalog', args);
    expect(answer.isError, answer.summary).toBe(false);
    const http = await call(`/api/v1/catalog${query ? `?${query}` : ''}`);
    expect(answer.structured).toEqual(http.body);
    expect(answer.json).toEqual(http.body);
    expect(answer.summary).toMatch(/^(\d+ listings? match|No listing matches)/);
  });

  test('free text matches titles, descriptions and facets, any word, any case', async () => {
    const mandarin = await anonymous.call('search_catalog', { q: 'mandarin' });
    expect(mandarin.structured.data.map((l: Json) => l.id)).toEqual([
      'cn-ecommerce-customer-service-calls-mandarin',
    ]);
    const claims = await anonymous.call('search_catalog', { q: 'Insurance CLAIMS' });
    expect(claims.structured.data.map((l: Json) => l.id)).toContain(LISTING_ID);
    const either = await anonymous.call('search_catalog', { q: 'insurance mammography' });
    expect(either.structured.data.map((l: Json) => l.id)).toContain(LISTING_ID);
    const spanish = await anonymous.call('search_catalog', { q: 'spanish call centre' });
    expect(spanish.structured.data[0].id).toBe('mx-banking-support-calls');
    const nothing = await anonymous.call('search_catalog', { q: 'zebra finches' });
    expect(nothing.structured).toEqual({ data: [], count: 0, nearest: expect.any(Array) });
    expect(nothing.summary).toMatch(/^No listing matches; .* Nearest: /);
    const ct = await anonymous.call('search_catalog', { vertical: 'medical_imaging', q: 'CT' });
    expect(ct.structured.count).toBeGreaterThan(0);
    for (const l of ct.structured.data) expect(l.vertical).toBe('medical_imaging');
  });

  test('null for an argument left unset, as strict function calling sends it, is no filter', async () => {
    const nulls = { vertical: null, status: null, language: null, q: 'claims', sort: null };
    const answer = await anonymous.call('search_catalog', nulls);
    expect(answer.isError, answer.summary).toBe(false);
    expect(answer.structured).toEqual((await call('/api/v1/catalog?q=claims')).body);
    const demand = await anonymous.call('list_demand', { data_type: null, limit: null, cursor: null });
    expect(demand.isError, demand.summary).toBe(false);
    const mine = await ndaLab.call('list_my_requests', { status: null, limit: 1, cursor: null });
    expect(mine.isError, mine.summary).toBe(false);
  });

  test('a list for a comma-separated filter is its alternatives, as the comma-separated text is', async () => {
    const answer = await anonymous.call('search_catalog', { language: ['English', 'German'] });
    expect(answer.isError, answer.summary).toBe(false);
    expect(answer.structured).toEqual((await call('/api/v1/catalog?language=English,German')).body);
    expect(answer.structured.count).toBeGreaterThan(1);
    const demand = await anonymous.call('list_demand', { data_type: ['call_audio', 'ct_study'] });
    expect(demand.isError, demand.summary).toBe(false);
  });

  test("an NDA value is not searchable: the owner's name does not find its listing", async () => {
    // Any word may match, and a word starts longer ones ("inc" → "including"): each word of the name that its
    // public text does not hold finds nothing of it.
    const publicText = `${JSON.stringify(listing.data_card)} ${listing.title} ${listing.body}`.toLowerCase();
    const privateWords = listing.nda.owner.name
      .toLowerCase()
      .split(/\W+/)
      .filter((word) => word.length >= 4 && !publicText.includes(word.slice(0, 4)));
    expect(privateWords.length).toBeGreaterThan(1);
    for (const word of privateWords) {
      const answer = await anonymous.call('search_catalog', { q: word });
      expect(
        answer.structured.data.map((l: Json) => l.id),
        word,
      ).not.toContain(LISTING_ID);
    }
  });
});

describe('get_listing', () => {
  test('without a key: the public fields, no NDA field', async () => {
    const answer = await anonymous.call('get_listing', { id: LISTING_ID });
    expect(answer.structured).toEqual((await call(`/api/v1/catalog/${LISTING_ID}`)).body);
    for (const field of NDA_FIELDS) expect(answer.structured.data).not.toHaveProperty(field);
    expect(JSON.stringify(answer)).not.toContain(listing.nda.owner.name);
    expect(answer.summary).toContain('Public fields only');
  });

  test('with a key whose organisation has not accepted the NDA: still no NDA field', async () => {
    const answer = await plainLab.call('get_listing', { id: LISTING_ID });
    for (const field of NDA_FIELDS) expect(answer.structured.data).not.toHaveProperty(field);
    expect(JSON.stringify(answer)).not.toContain(listing.nda.owner.name);
  });

  test('with a key whose organisation accepted the NDA: the NDA fields, and the disclosure is audited', async () => {
    const answer = await ndaLab.call('get_listing', { id: LISTING_ID });
    expect(answer.structured.data.owner).toEqual(listing.nda.owner);
    expect(answer.structured.data.deidentification_report).toEqual(listing.nda.deidentification_report);
    expect(answer.structured.data.composition).toEqual(listing.nda.composition);
    expect(answer.structured.data).not.toHaveProperty('sample_file');
    expect(answer.summary).toContain('NDA-only fields included');
    const audit = (await opsOk('audit', 'list')) as Json[];
    expect(audit.filter((e) => e.kind === 'nda_disclosure' && e.key_id === withNda.keyId)).toHaveLength(1);
  });
});

describe('a lab through its tools', () => {
  let requestId: string;

  test('get_me: the organisation, the key and the NDA state', async () => {
    const me = await ndaLab.call('get_me');
    expect(me.structured.data).toMatchObject({
      organisation: { id: withNda.orgId, name: 'MCP lab with NDA' },
      key: { id: withNda.keyId },
      nda: { state: 'accepted' },
    });
    expect(JSON.stringify(me)).not.toContain(withNda.key);
    expect((await plainLab.call('get_me')).structured.data.nda.state).toBe('none');
  });

  test('submit_data_request with the bands that exist: stored, received, and read back', async () => {
    const body = {
      data_types: ['call_audio'],
      languages: ['en', 'Spanish'],
      domains: ['insurance'],
      volume: '1-10 TB',
      timeline: '1-3 months',
      exclusivity: 'open_to_both',
      description: 'English and Spanish claims calls for ASR evaluation, asked for over MCP.',
    };
    const created = await ndaLab.call('submit_data_request', body);
    expect(created.isError, created.summary).toBe(false);
    expect(created.structured).toEqual({
      data: { id: expect.any(String), status: 'received', matches: expect.any(Array) },
    });
    expect(created.structured.data.matches[0]).toMatchObject({ listing_id: LISTING_ID });
    requestId = created.structured.data.id;
    expect(created.summary).toContain(requestId);

    const one = await ndaLab.call('get_request', { id: requestId });
    expect(one.structured).toEqual((await call(`/api/v1/requests/${requestId}`, { key: withNda.key })).body);
    expect(one.structured.data).toMatchObject({ status: 'received', languages: ['English', 'Spanish'] });
    const mine = await ndaLab.call('list_my_requests');
    expect(mine.structured.data.map((r: Json) => r.id)).toEqual([requestId]);
  });

  test("another organisation's request is not found", async () => {
    expectToolError(await plainLab.call('get_request', { id: requestId }), 'not_found');
  });

  test('request_sample, then list_sample_requests reads its status', async () => {
    const asked = await ndaLab.call('request_sample', { listing_id: LISTING_ID });
    expect(asked.isError, asked.summary).toBe(false);
    expect(asked.structured).toEqual({ status: 'pending_verification', id: expect.stringMatching(/^smp_/) });
    const samples = await ndaLab.call('list_sample_requests');
    expect(samples.structured.count).toBe(1);
    expect(samples.structured.data[0]).toMatchObject({
      listing_id: LISTING_ID,
      status: 'pending_verification',
      link_sent_at: null,
      link_expires_at: null,
      reason: null,
    });
    expect(samples.structured).toEqual((await call('/api/v1/sample-requests', { key: withNda.key })).body);
  });

  test('request_sample without an accepted NDA: nda_required, and get_nda says how it works', async () => {
    expectToolError(await plainLab.call('request_sample', { listing_id: LISTING_ID }), 'nda_required');
    const nda = await anonymous.call('get_nda');
    expect(nda.structured.data).toMatchObject({
      document: expect.stringMatching(/\/legal\/nda\/$/),
      arranged_by: 'dashboard',
    });
  });
});

describe('paging: a page that is not the last says so in its summary, with the cursor to pass', () => {
  test('list_my_requests and list_demand with limit 1, then the next page', async () => {
    const lab = await makeLab(server.dataDir, 'MCP lab paging');
    const client = await open(`Bearer ${lab.key}`);
    for (const n of [1, 2]) {
      const body = { ...VALID_REQUEST, description: `${VALID_REQUEST.description} ${n}` };
      expect(
        (await client.call('submit_data_request', { ...body, publish_to_demand_board: true })).isError,
      ).toBe(false);
    }
    for (const name of ['list_my_requests', 'list_demand']) {
      const first = await client.call(name, { limit: 1 });
      const cursor = first.structured.next_cursor;
      expect(cursor, name).toEqual(expect.any(String));
      expect(first.summary, name).toContain(`cursor "${cursor}"`);
      const second = await client.call(name, { limit: 1, cursor });
      expect(second.isError, second.summary).toBe(false);
      expect(second.structured.data[0].id).not.toBe(first.structured.data[0].id);
    }
    const last = await client.call('list_my_requests', { limit: 2 });
    expect(last.structured.next_cursor).toBeNull();
    expect(last.summary).not.toContain('cursor');
  });
});

describe('submit_data_request retried, as an agent retries a call whose answer it lost', () => {
  test('the same idempotency_key and arguments: one request stored, the first answer again', async () => {
    const lab = await makeLab(server.dataDir, 'MCP lab retrying');
    const client = await open(`Bearer ${lab.key}`);
    const args = { ...VALID_REQUEST, idempotency_key: randomUUID() };
    const first = await client.call('submit_data_request', args);
    expect(first.isError, first.summary).toBe(false);
    const retried = await client.call('submit_data_request', args);
    expect(retried.isError, retried.summary).toBe(false);
    expect(retried.structured).toEqual(first.structured);
    // A model that writes the arguments again may write them in another order: still the same request.
    const reordered = Object.fromEntries(Object.entries(args).reverse());
    expect((await client.call('submit_data_request', reordered)).structured).toEqual(first.structured);
    const stored = await call('/api/v1/requests', { key: lab.key });
    expect(stored.body.data.map((r: Json) => r.id)).toEqual([first.structured.data.id]);
    expect(stored.body.data[0].description).toBe(VALID_REQUEST.description);
  });

  test('the same idempotency_key with other arguments is refused, naming idempotency_key', async () => {
    const lab = await makeLab(server.dataDir, 'MCP lab reusing a key');
    const client = await open(`Bearer ${lab.key}`);
    const idempotency_key = randomUUID();
    expect((await client.call('submit_data_request', { ...VALID_REQUEST, idempotency_key })).isError).toBe(
      false,
    );
    const changed = {
      ...VALID_REQUEST,
      description: `${VALID_REQUEST.description} Changed.`,
      idempotency_key,
    };
    const refused = await client.call('submit_data_request', changed);
    expectToolError(refused, 'invalid');
    expect(Object.keys(refused.json.error.fields)).toEqual(['idempotency_key']);
    const malformed = await client.call('submit_data_request', {
      ...VALID_REQUEST,
      idempotency_key: 'has space',
    });
    expectToolError(malformed, 'invalid');
    expect(Object.keys(malformed.json.error.fields)).toEqual(['idempotency_key']);
    expect((await call('/api/v1/requests', { key: lab.key })).body.count).toBe(1);
  });
});

describe('errors: each a tool error carrying the API code', () => {
  test.each(['get_me', 'submit_data_request', 'list_my_requests', 'list_sample_requests'])(
    'no key: %s is unauthorized',
    async (name) => {
      const answer = await anonymous.call(
        name,
        name === 'submit_data_request' ? { data_types: ['call_audio'] } : {},
      );
      expectToolError(answer, 'unauthorized');
      expect(answer.summary).toContain('Authorization: Bearer');
    },
  );

  test.each([
    ['a malformed key', 'Bearer dss_not-a-key'],
    ['a well-formed key that was never issued', `Bearer ${newApiKey()}`],
    ['no Bearer scheme', 'Basic dXNlcjpwYXNz'],
  ])('%s is unauthorized, on public tools too', async (_name, authorization) => {
    const wrong = await open(authorization);
    expectToolError(await wrong.call('get_me'), 'unauthorized');
    expectToolError(await wrong.call('search_catalog'), 'unauthorized');
  });

  test('a 401 says where the key goes for an MCP client (a dashboard session does not reach /mcp)', async () => {
    const missing = await anonymous.call('get_me');
    expect(missing.summary).toContain('Authorization header of the MCP connection');
    const wrong = await open('Bearer dss_not-a-key');
    expect((await wrong.call('search_catalog')).summary).toContain(
      'Authorization header of the MCP connection',
    );
  });

  test('a revoked key is unauthorized at once', async () => {
    const lab = await makeLab(server.dataDir, 'MCP lab revoked');
    const client = await open(`Bearer ${lab.key}`);
    expect((await client.call('get_me')).isError).toBe(false);
    await opsOk('key', 'revoke', lab.keyId);
    expectToolError(await client.call('get_me'), 'unauthorized');
  });

  test.each([
    ['get_listing', { id: 'no-such-listing' }],
    ['get_listing', { id: '../requests' }],
    ['request_sample', { listing_id: 'no-such-listing' }],
    ['get_request', { id: 'req_doesnotexist' }],
  ])('%s %j: not_found', async (name, args) => {
    expectToolError(await ndaLab.call(name, args), 'not_found');
  });

  test.each([
    ['get_listing', { id: 'us-auto-insurance-claims-call' }],
    ['get_listing', { id: 'US_Auto_Insurance_Claims_Calls' }],
    ['request_sample', { listing_id: 'us-auto-insurance-claim-calls' }],
  ])('%s %j, a slip of the id: not_found naming the listing meant, as the API does', async (name, args) => {
    const answer = await ndaLab.call(name, args);
    expectToolError(answer, 'not_found');
    expect(answer.summary).toContain(`the closest is "${LISTING_ID}"`);
    const id = Object.values(args)[0]!;
    const http = await call(`/api/v1/catalog/${encodeURIComponent(id)}`);
    expect(http.status).toBe(404);
    expect(http.body.error.message).toContain(`the closest is "${LISTING_ID}"`);
  });

  test.each([
    ['submit_data_request', { data_types: ['call_audio'], description: 'short' }, ['description']],
    [
      'submit_data_request',
      { description: 'Calls in English for speech recognition evaluation.' },
      ['data_types'],
    ],
    [
      'submit_data_request',
      { data_types: ['video'], volume: 3, description: 'x'.repeat(30) },
      ['data_types.0', 'volume'],
    ],
    [
      'submit_data_request',
      { data_types: ['call_audio'], description: 'x'.repeat(30), budget: 1 },
      ['budget'],
    ],
    ['search_catalog', { vertical: 'video' }, ['vertical']],
    ['search_catalog', { language: 'Klingonese', colour: 'red' }, ['language', 'colour']],
    ['get_listing', {}, ['id']],
    ['get_listing', { id: 42 }, ['id']],
    ['request_sample', { id: LISTING_ID }, ['listing_id', 'id']],
    ['list_demand', { limit: 500, colour: 'red' }, ['limit', 'colour']],
  ])('%s %j: invalid, naming %j', async (name, args, fields) => {
    const answer = await ndaLab.call(name, args);
    expectToolError(answer, 'invalid');
    expect(Object.keys(answer.json.error.fields).sort()).toEqual([...fields].sort());
    for (const field of fields) expect(answer.summary).toContain(`- ${field}: `);
  });

  test('an unknown tool is a protocol error', async () => {
    await expect(anonymous.client.callTool({ name: 'drop_tables', arguments: {} })).rejects.toThrow(
      /drop_tables/,
    );
  });

  test('a mistyped tool name is a protocol error naming the tool meant', async () => {
    await expect(anonymous.client.callTool({ name: 'search_catalogue', arguments: {} })).rejects.toThrow(
      'did you mean "search_catalog"?',
    );
    await expect(anonymous.client.callTool({ name: 'getListing', arguments: {} })).rejects.toThrow(
      'did you mean "get_listing"?',
    );
  });
});

describe('resources', () => {
  test('each listing as listing://<id>, the same Markdown as /catalog/<id>.md, and the NDA statement', async () => {
    const { resources } = await anonymous.client.listResources();
    const uris = resources.map((r) => r.uri);
    expect(uris).toContain(`listing://${LISTING_ID}`);
    expect(uris).toContain('nda://current');
    expect(uris.filter((uri) => uri.startsWith('listing://'))).toHaveLength(listings.length);
    requireBuild();
    const built = await readFile(join(DIST_CLIENT, 'catalog', `${LISTING_ID}.md`), 'utf8');
    const read = await anonymous.client.readResource({ uri: `listing://${LISTING_ID}` });
    expect(read.contents).toEqual([
      { uri: `listing://${LISTING_ID}`, mimeType: 'text/markdown', text: built },
    ]);
    const nda = await anonymous.client.readResource({ uri: 'nda://current' });
    expect((nda.contents[0] as Json).text).toContain('operator');
  });

  test("listing them with a key that is not one: the caller's error, said once, not an internal error", async () => {
    const stranger = await open(`Bearer ${newApiKey()}`);
    const refused = await stranger.client.listResources().catch((error: McpError) => error);
    expect(refused).toBeInstanceOf(McpError);
    expect((refused as McpError).code).toBe(ErrorCode.InvalidRequest);
    expect((refused as McpError).message).toMatch(/^MCP error -32600: unauthorized: /);
  });

  test('an unknown listing is an error naming it', async () => {
    await expect(anonymous.client.readResource({ uri: 'listing://no-such-listing' })).rejects.toThrow(
      /no-such-listing/,
    );
  });
});

describe('the HTTP side of /mcp', () => {
  test('stateless: no session id; GET and DELETE are 405 with Allow: POST', async () => {
    const init = await fetch(`${server.url}/mcp`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: {
          protocolVersion: '2025-06-18',
          capabilities: {},
          clientInfo: { name: 'curl', version: '1' },
        },
      }),
    });
    expect(init.status).toBe(200);
    expect(init.headers.get('mcp-session-id')).toBeNull();
    expect(init.headers.get('content-type')).toMatch(/^application\/json/);
    expect((await init.json()).result.serverInfo.name).toBe('data-sourcing-service');
    for (const method of ['GET', 'DELETE']) {
      const response = await fetch(`${server.url}/mcp`, { method, headers: { Accept: 'text/event-stream' } });
      expect(response.status).toBe(405);
      expect(response.headers.get('allow')).toContain('POST');
    }
  });

  test('/.well-known/api-catalog is served as a linkset', async () => {
    const response = await fetch(`${server.url}/.well-known/api-catalog`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/linkset\+json/);
    expect(JSON.stringify(await response.json())).toContain('/mcp');
    // RFC 9727 §2: a HEAD finds the catalogue by its relation.
    const head = await fetch(`${server.url}/.well-known/api-catalog`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('link')).toBe('</.well-known/api-catalog>; rel="api-catalog"');
  });

  test('each tool call writes the endpoint\'s log line, marked "via":"mcp", with the key id', async () => {
    await ndaLab.call('get_me');
    await new Promise((resolve) => setTimeout(resolve, 100)); // the log is written every 20 ms
    const lines = server
      .stdout()
      .split('\n')
      .filter((line) => line.includes('"via":"mcp"'))
      .map((line) => JSON.parse(line));
    expect(lines).toContainEqual(
      expect.objectContaining({ route: 'GET /api/v1/me', status: 200, keyId: withNda.keyId, via: 'mcp' }),
    );
    expect(server.stdout()).not.toContain(withNda.key);
  });
});

describe('mails: a tool call sends what the endpoint sends', () => {
  test('a data request over MCP mails the lead and the lab once, and its retry mails nobody', async () => {
    const mail = await startSmtp();
    const mailing = await startApp({ SMTP_URL: mail.url, SOURCING_LEAD_EMAIL: 'lead@sourcing.example' });
    try {
      const lab = await makeLab(mailing.dataDir, 'MCP lab mailed');
      const client = await mcpOverHttp(mailing.url, `Bearer ${lab.key}`);
      const args = { ...VALID_REQUEST, idempotency_key: randomUUID() };
      const first = await client.call('submit_data_request', args);
      expect(first.isError, first.summary).toBe(false);
      expect((await client.call('submit_data_request', args)).structured).toEqual(first.structured);
      await client.close();
      const received = await mail.waitFor(2);
      await new Promise((resolve) => setTimeout(resolve, 1000)); // time for a mail too many to arrive
      expect(received.map((r) => r.envelopeTo).sort()).toEqual([[lab.email], ['lead@sourcing.example']]);
      for (const { mail: message } of received) expect(message.text).toContain(first.structured.data.id);
    } finally {
      await mailing.stop();
      await mail.close();
    }
  });
});

describe('rate limits apply to tool calls as to the API', () => {
  let limited: InProcessServer;
  beforeAll(async () => {
    limited = await startApp({ RATE_LIMIT_PUBLIC_PER_MINUTE: '3' });
  });
  afterAll(() => limited?.stop());

  test('the fourth public call in a minute is rate_limited, and so is the API for the same client', async () => {
    const client = await mcpOverHttp(limited.url);
    try {
      for (let i = 0; i < 3; i++) expect((await client.call('search_catalog')).isError).toBe(false);
      const refused = await client.call('search_catalog');
      expectToolError(refused, 'rate_limited');
      expect(refused.summary).toMatch(/Retry-After/);
      expect((await fetch(`${limited.url}/api/v1/catalog`)).status).toBe(429);
    } finally {
      await client.close();
    }
  });
});
