// The MCP server at /mcp (contract §12) driven by the SDK's own client over Streamable HTTP, against the service.
// Here: a lab through its tools: a data request, a sample and its status, paging, a retried call.

import { randomUUID } from 'node:crypto';
import { describe, expect, test } from 'vitest';
import { LISTING_ID, VALID_REQUEST, type Json } from '../support/api-client.ts';
import { makeLab } from '../support/lab.ts';
import { expectToolError } from '../support/mcp.ts';
import { mcpSuite } from '../support/mcp-suite.ts';

const { state, call, open } = mcpSuite();

describe('a lab through its tools', () => {
  let requestId: string;

  test('get_me: the organisation, the key and the NDA state', async () => {
    const me = await state.ndaLab.call('get_me');
    expect(me.structured.data).toMatchObject({
      organisation: { id: state.withNda.orgId, name: 'MCP lab with NDA' },
      key: { id: state.withNda.keyId },
      nda: { state: 'accepted' },
    });
    expect(JSON.stringify(me)).not.toContain(state.withNda.key);
    expect((await state.plainLab.call('get_me')).structured.data.nda.state).toBe('none');
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
    const created = await state.ndaLab.call('submit_data_request', body);
    expect(created.isError, created.summary).toBe(false);
    expect(created.structured).toEqual({
      data: { id: expect.any(String), status: 'received', matches: expect.any(Array) },
    });
    expect(created.structured.data.matches[0]).toMatchObject({ listing_id: LISTING_ID });
    requestId = created.structured.data.id;
    expect(created.summary).toContain(requestId);

    const one = await state.ndaLab.call('get_request', { id: requestId });
    expect(one.structured).toEqual(
      (await call(`/api/v1/requests/${requestId}`, { key: state.withNda.key })).body,
    );
    expect(one.structured.data).toMatchObject({ status: 'received', languages: ['English', 'Spanish'] });
    const mine = await state.ndaLab.call('list_my_requests');
    expect(mine.structured.data.map((r: Json) => r.id)).toEqual([requestId]);
  });

  test("another organisation's request is not found", async () => {
    expectToolError(await state.plainLab.call('get_request', { id: requestId }), 'not_found');
  });

  test('request_sample, then list_sample_requests reads its status', async () => {
    const asked = await state.ndaLab.call('request_sample', { listing_id: LISTING_ID });
    expect(asked.isError, asked.summary).toBe(false);
    expect(asked.structured).toEqual({ status: 'pending_verification', id: expect.stringMatching(/^smp_/) });
    const samples = await state.ndaLab.call('list_sample_requests');
    expect(samples.structured.count).toBe(1);
    expect(samples.structured.data[0]).toMatchObject({
      listing_id: LISTING_ID,
      status: 'pending_verification',
      link_sent_at: null,
      link_expires_at: null,
      reason: null,
    });
    expect(samples.structured).toEqual(
      (await call('/api/v1/sample-requests', { key: state.withNda.key })).body,
    );
  });

  test('request_sample without an accepted NDA: nda_required, and get_nda says how it works', async () => {
    expectToolError(await state.plainLab.call('request_sample', { listing_id: LISTING_ID }), 'nda_required');
    const nda = await state.anonymous.call('get_nda');
    expect(nda.structured.data).toMatchObject({
      document: expect.stringMatching(/\/legal\/nda\/$/),
      arranged_by: 'dashboard',
    });
  });
});

describe('paging: a page that is not the last says so in its summary, with the cursor to pass', () => {
  test('list_my_requests and list_demand with limit 1, then the next page', async () => {
    const lab = await makeLab(state.server.dataDir, 'MCP lab paging');
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
    const lab = await makeLab(state.server.dataDir, 'MCP lab retrying');
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
    const lab = await makeLab(state.server.dataDir, 'MCP lab reusing a key');
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
