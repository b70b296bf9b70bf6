// The MCP server at /mcp (contract §12) driven by the SDK's own client over Streamable HTTP, against the service.
// Here: every error path, each a tool error carrying the API's code; the resources; the HTTP side
// of /mcp; mails, the request log and rate limits apply to tool calls as to the API.

import { randomUUID } from 'node:crypto';
import { ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { newApiKey } from '../../api/domain/ids.ts';
import { LISTING_ID, VALID_REQUEST, type Json } from '../support/api-client.ts';
import { DIST_CLIENT, requireBuild } from '../support/dist.ts';
import { makeLab } from '../support/lab.ts';
import { expectToolError, mcpOverHttp } from '../support/mcp.ts';
import { startApp, type InProcessServer } from '../support/app.ts';
import { startSmtp } from '../support/smtp.ts';
import { mcpSuite } from '../support/mcp-suite.ts';

const { state, opsOk, call, open } = mcpSuite();

describe('errors: each a tool error carrying the API code', () => {
  test.each(['get_me', 'submit_data_request', 'list_my_requests', 'list_sample_requests'])(
    'no key: %s is unauthorized',
    async (name) => {
      const answer = await state.anonymous.call(
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
    const missing = await state.anonymous.call('get_me');
    expect(missing.summary).toContain('Authorization header of the MCP connection');
    const wrong = await open('Bearer dss_not-a-key');
    expect((await wrong.call('search_catalog')).summary).toContain(
      'Authorization header of the MCP connection',
    );
  });

  test('a revoked key is unauthorized at once', async () => {
    const lab = await makeLab(state.server.dataDir, 'MCP lab revoked');
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
    expectToolError(await state.ndaLab.call(name, args), 'not_found');
  });

  test.each([
    ['get_listing', { id: 'us-auto-insurance-claims-call' }],
    ['get_listing', { id: 'US_Auto_Insurance_Claims_Calls' }],
    ['request_sample', { listing_id: 'us-auto-insurance-claim-calls' }],
  ])('%s %j, a slip of the id: not_found naming the listing meant, as the API does', async (name, args) => {
    const answer = await state.ndaLab.call(name, args);
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
    const answer = await state.ndaLab.call(name, args);
    expectToolError(answer, 'invalid');
    expect(Object.keys(answer.json.error.fields).sort()).toEqual([...fields].sort());
    for (const field of fields) expect(answer.summary).toContain(`- ${field}: `);
  });

  test('an unknown tool is a protocol error', async () => {
    await expect(state.anonymous.client.callTool({ name: 'drop_tables', arguments: {} })).rejects.toThrow(
      /drop_tables/,
    );
  });

  test('a mistyped tool name is a protocol error naming the tool meant', async () => {
    await expect(
      state.anonymous.client.callTool({ name: 'search_catalogue', arguments: {} }),
    ).rejects.toThrow('did you mean "search_catalog"?');
    await expect(state.anonymous.client.callTool({ name: 'getListing', arguments: {} })).rejects.toThrow(
      'did you mean "get_listing"?',
    );
  });
});

describe('resources', () => {
  test('each listing as listing://<id>, the same Markdown as /catalog/<id>.md, and the NDA statement', async () => {
    const { resources } = await state.anonymous.client.listResources();
    const uris = resources.map((r) => r.uri);
    expect(uris).toContain(`listing://${LISTING_ID}`);
    expect(uris).toContain('nda://current');
    expect(uris.filter((uri) => uri.startsWith('listing://'))).toHaveLength(state.listings.length);
    requireBuild();
    const built = await readFile(join(DIST_CLIENT, 'catalog', `${LISTING_ID}.md`), 'utf8');
    const read = await state.anonymous.client.readResource({ uri: `listing://${LISTING_ID}` });
    expect(read.contents).toEqual([
      { uri: `listing://${LISTING_ID}`, mimeType: 'text/markdown', text: built },
    ]);
    const nda = await state.anonymous.client.readResource({ uri: 'nda://current' });
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
    await expect(state.anonymous.client.readResource({ uri: 'listing://no-such-listing' })).rejects.toThrow(
      /no-such-listing/,
    );
  });
});

describe('the HTTP side of /mcp', () => {
  test('stateless: no session id; GET and DELETE are 405 with Allow: POST', async () => {
    const init = await fetch(`${state.server.url}/mcp`, {
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
      const response = await fetch(`${state.server.url}/mcp`, {
        method,
        headers: { Accept: 'text/event-stream' },
      });
      expect(response.status).toBe(405);
      expect(response.headers.get('allow')).toContain('POST');
    }
  });

  test('/.well-known/api-catalog is served as a linkset', async () => {
    const response = await fetch(`${state.server.url}/.well-known/api-catalog`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/linkset\+json/);
    expect(JSON.stringify(await response.json())).toContain('/mcp');
    // RFC 9727 §2: a HEAD finds the catalogue by its relation.
    const head = await fetch(`${state.server.url}/.well-known/api-catalog`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('link')).toBe('</.well-known/api-catalog>; rel="api-catalog"');
  });

  test('each tool call writes the endpoint\'s log line, marked "via":"mcp", with the key id', async () => {
    await state.ndaLab.call('get_me');
    await new Promise((resolve) => setTimeout(resolve, 100)); // the log is written every 20 ms
    const lines = state.server
      .stdout()
      .split('\n')
      .filter((line) => line.includes('"via":"mcp"'))
      .map((line) => JSON.parse(line));
    expect(lines).toContainEqual(
      expect.objectContaining({
        route: 'GET /api/v1/me',
        status: 200,
        keyId: state.withNda.keyId,
        via: 'mcp',
      }),
    );
    expect(state.server.stdout()).not.toContain(state.withNda.key);
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
