// The MCP server at /mcp (contract §12) driven by the SDK's own client over Streamable HTTP, against the service.
// Here: the tools and their schemas, search with filters and free text, a listing with and without
// the NDA. A lab's tools in mcp-lab.test.ts; errors, resources and the HTTP side in mcp-protocol.test.ts.
import { CATALOG_QUERY_PARAMETERS } from '../../api/domain/listings/catalog-query.ts';
import { describe, expect, test } from 'vitest';
import { LISTING_ID, type Json } from '../support/api-client.ts';
import { mcpSuite } from '../support/mcp-suite.ts';

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

const { state, opsOk, call } = mcpSuite();

describe('tools/list', () => {
  test('lists every tool of contract §12, with or without a key, each saying when to use it', async () => {
    for (const client of [state.anonymous, state.ndaLab]) {
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
    const { tools } = await state.anonymous.client.listTools();
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
    const { tools } = await state.anonymous.client.listTools();
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
    const answer = await state.anonymous.call('search_catalog', args);
    expect(answer.isError, answer.summary).toBe(false);
    const http = await call(`/api/v1/catalog${query ? `?${query}` : ''}`);
    expect(answer.structured).toEqual(http.body);
    expect(answer.json).toEqual(http.body);
    expect(answer.summary).toMatch(/^(\d+ listings? match|No listing matches)/);
  });

  test('free text matches titles, descriptions and facets, any word, any case', async () => {
    const mandarin = await state.anonymous.call('search_catalog', { q: 'mandarin' });
    expect(mandarin.structured.data.map((l: Json) => l.id)).toEqual([
      'cn-ecommerce-customer-service-calls-mandarin',
    ]);
    const claims = await state.anonymous.call('search_catalog', { q: 'Insurance CLAIMS' });
    expect(claims.structured.data.map((l: Json) => l.id)).toContain(LISTING_ID);
    const either = await state.anonymous.call('search_catalog', { q: 'insurance mammography' });
    expect(either.structured.data.map((l: Json) => l.id)).toContain(LISTING_ID);
    const spanish = await state.anonymous.call('search_catalog', { q: 'spanish call centre' });
    expect(spanish.structured.data[0].id).toBe('mx-banking-support-calls');
    const nothing = await state.anonymous.call('search_catalog', { q: 'zebra finches' });
    expect(nothing.structured).toEqual({ data: [], count: 0, nearest: expect.any(Array) });
    expect(nothing.summary).toMatch(/^No listing matches; .* Nearest: /);
    const ct = await state.anonymous.call('search_catalog', { vertical: 'medical_imaging', q: 'CT' });
    expect(ct.structured.count).toBeGreaterThan(0);
    for (const l of ct.structured.data) expect(l.vertical).toBe('medical_imaging');
  });

  test('null for an argument left unset, as strict function calling sends it, is no filter', async () => {
    const nulls = { vertical: null, status: null, language: null, q: 'claims', sort: null };
    const answer = await state.anonymous.call('search_catalog', nulls);
    expect(answer.isError, answer.summary).toBe(false);
    expect(answer.structured).toEqual((await call('/api/v1/catalog?q=claims')).body);
    const demand = await state.anonymous.call('list_demand', { data_type: null, limit: null, cursor: null });
    expect(demand.isError, demand.summary).toBe(false);
    const mine = await state.ndaLab.call('list_my_requests', { status: null, limit: 1, cursor: null });
    expect(mine.isError, mine.summary).toBe(false);
  });

  test('a list for a comma-separated filter is its alternatives, as the comma-separated text is', async () => {
    const answer = await state.anonymous.call('search_catalog', { language: ['English', 'German'] });
    expect(answer.isError, answer.summary).toBe(false);
    expect(answer.structured).toEqual((await call('/api/v1/catalog?language=English,German')).body);
    expect(answer.structured.count).toBeGreaterThan(1);
    const demand = await state.anonymous.call('list_demand', { data_type: ['call_audio', 'ct_study'] });
    expect(demand.isError, demand.summary).toBe(false);
  });

  test("an NDA value is not searchable: the owner's name does not find its listing", async () => {
    // Any word may match, and a word starts longer ones ("inc" → "including"): each word of the name that its
    // public text does not hold finds nothing of it.
    const publicText =
      `${JSON.stringify(state.listing.data_card)} ${state.listing.title} ${state.listing.body}`.toLowerCase();
    const privateWords = state.listing.nda.owner.name
      .toLowerCase()
      .split(/\W+/)
      .filter((word) => word.length >= 4 && !publicText.includes(word.slice(0, 4)));
    expect(privateWords.length).toBeGreaterThan(1);
    for (const word of privateWords) {
      const answer = await state.anonymous.call('search_catalog', { q: word });
      expect(
        answer.structured.data.map((l: Json) => l.id),
        word,
      ).not.toContain(LISTING_ID);
    }
  });
});

describe('get_listing', () => {
  test('without a key: the public fields, no NDA field', async () => {
    const answer = await state.anonymous.call('get_listing', { id: LISTING_ID });
    expect(answer.structured).toEqual((await call(`/api/v1/catalog/${LISTING_ID}`)).body);
    for (const field of NDA_FIELDS) expect(answer.structured.data).not.toHaveProperty(field);
    expect(JSON.stringify(answer)).not.toContain(state.listing.nda.owner.name);
    expect(answer.summary).toContain('Public fields only');
  });

  test('with a key whose organisation has not accepted the NDA: still no NDA field', async () => {
    const answer = await state.plainLab.call('get_listing', { id: LISTING_ID });
    for (const field of NDA_FIELDS) expect(answer.structured.data).not.toHaveProperty(field);
    expect(JSON.stringify(answer)).not.toContain(state.listing.nda.owner.name);
  });

  test('with a key whose organisation accepted the NDA: the NDA fields, and the disclosure is audited', async () => {
    const answer = await state.ndaLab.call('get_listing', { id: LISTING_ID });
    expect(answer.structured.data.owner).toEqual(state.listing.nda.owner);
    expect(answer.structured.data.deidentification_report).toEqual(state.listing.nda.deidentification_report);
    expect(answer.structured.data.composition).toEqual(state.listing.nda.composition);
    expect(answer.structured.data).not.toHaveProperty('sample_file');
    expect(answer.summary).toContain('NDA-only fields included');
    const audit = (await opsOk('audit', 'list')) as Json[];
    expect(audit.filter((e) => e.kind === 'nda_disclosure' && e.key_id === state.withNda.keyId)).toHaveLength(
      1,
    );
  });
});
