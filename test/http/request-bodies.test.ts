// How POST /api/v1/requests reads and checks a body, sent raw over node:http where fetch would not send it: the
// media type (415), JSON that does not parse, is not UTF-8, nests too deep or names __proto__ (400), the size limit
// with and without Content-Length (413), and validation naming each bad field (422). Then that none of these refusals
// stored anything: on a lab of its own, so the count is exact.
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  apiClient,
  expectError,
  MAX_BODY_BYTES,
  startApiServer,
  VALID_REQUEST,
  type Json,
} from '../support/api-client.ts';
import { httpRequest } from '../support/http.ts';
import { makeLab, type Lab } from '../support/lab.ts';
import type { InProcessServer } from '../support/app.ts';

let server: InProcessServer;
const { opsOk, postRequest } = apiClient(() => server);

beforeAll(async () => {
  server = await startApiServer();
});
afterAll(async () => {
  await server?.stop();
});

describe('body handling on POST /api/v1/requests', () => {
  let lab: Lab;
  beforeAll(async () => {
    lab = await makeLab(server.dataDir, 'body handling lab'); // no request yet: the last test counts them
  });

  const nested = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);
  const nestedObject = (depth: number) => '{"a":'.repeat(depth - 1) + '{}' + '}'.repeat(depth - 1);

  test.each(
    (
      [
        [
          'Content-Type text/plain',
          JSON.stringify(VALID_REQUEST),
          'text/plain',
          415,
          'unsupported_media_type',
        ],
        ['no Content-Type', JSON.stringify(VALID_REQUEST), undefined, 415, 'unsupported_media_type'],
        [
          'Content-Type application/jsonx',
          JSON.stringify(VALID_REQUEST),
          'application/jsonx',
          415,
          'unsupported_media_type',
        ],
        ['a body of "{"', '{', 'application/json', 400, 'bad_request'],
        ['an empty body', '', 'application/json', 400, 'bad_request'],
        [
          'a body that is not UTF-8',
          Buffer.from([0x7b, 0xff, 0xfe, 0x7d]),
          'application/json',
          400,
          'bad_request',
        ],
        ['{"__proto__":{}}', '{"__proto__":{}}', 'application/json', 400, 'bad_request'],
        ['{"constructor":{}}', '{"constructor":{}}', 'application/json', 400, 'bad_request'],
        ['{"prototype":1}', '{"prototype":1}', 'application/json', 400, 'bad_request'],
        [
          'a __proto__ key deep inside',
          '{"data_types":["call_audio"],"description":"x","domains":[{"__proto__":{"polluted":true}}]}',
          'application/json',
          400,
          'bad_request',
        ],
        ['arrays nested 40 levels deep', nested(40), 'application/json', 400, 'bad_request'],
        ['objects nested 40 levels deep', nestedObject(40), 'application/json', 400, 'bad_request'],
        [
          `a body over ${MAX_BODY_BYTES} bytes`,
          JSON.stringify({ ...VALID_REQUEST, description: 'x'.repeat(MAX_BODY_BYTES) }),
          'application/json',
          413,
          'payload_too_large',
        ],
        [
          'charset=utf-8 is fine',
          JSON.stringify(VALID_REQUEST),
          'application/json; charset=utf-8',
          201,
          undefined,
        ],
      ] as const
    ).map(([what, body, type, status, code]) => ({ what, body, type, status, code })),
  )('$what → $status', async ({ body, type, status, code }) => {
    const headers: Record<string, string> = { Authorization: `Bearer ${lab.key}` };
    if (type) headers['Content-Type'] = type;
    const reply = await httpRequest(`${server.url}/api/v1/requests`, { method: 'POST', headers, body });
    expect(reply.status, reply.body).toBe(status);
    if (code) {
      const parsed = JSON.parse(reply.body);
      expect(parsed.error.code).toBe(code);
      expect(typeof parsed.error.message).toBe('string');
    }
  });

  test('a gzipped body is 415 with what to send instead, not a body that "is not UTF-8"', async () => {
    const reply = await httpRequest(`${server.url}/api/v1/requests`, {
      method: 'POST',
      headers: {
        Authorization: `Bearer ${lab.key}`,
        'Content-Type': 'application/json',
        'Content-Encoding': 'gzip',
      },
      body: gzipSync(JSON.stringify(VALID_REQUEST)),
    });
    expect(reply.status, reply.body).toBe(415);
    expect(JSON.parse(reply.body).error).toEqual({
      code: 'unsupported_media_type',
      message: 'Send the body uncompressed: Content-Encoding "gzip" is not accepted.',
    });
  });

  const postChunked = (body: unknown) =>
    httpRequest(`${server.url}/api/v1/requests`, {
      method: 'POST',
      headers: {
        Authorization: `Bearer ${lab.key}`,
        'Content-Type': 'application/json',
        'Transfer-Encoding': 'chunked',
      },
      body: JSON.stringify(body),
    });

  test(`a chunked body with no Content-Length over ${MAX_BODY_BYTES} bytes is 413`, async () => {
    const reply = await postChunked({ ...VALID_REQUEST, description: 'y'.repeat(MAX_BODY_BYTES * 2) });
    expect(reply.status, reply.body).toBe(413);
    expect(JSON.parse(reply.body).error.code).toBe('payload_too_large');
  });

  test('a chunked body within the limit is read whole', async () => {
    const reply = await postChunked(VALID_REQUEST);
    expect(reply.status, reply.body).toBe(201);
  });

  test('nesting up to 32 levels is not refused as too deep', async () => {
    // 32 levels inside an unknown field: refused as unknown (422), not as nesting (400).
    const body = `{"data_types":["call_audio"],"description":"${'z'.repeat(30)}","deep":${nested(31)}}`;
    const reply = await postRequest(lab.key, body);
    expectError(reply, 422, 'invalid');
    expect(Object.keys(reply.body.error.fields)).toEqual(['deep']);
  });

  test.each(
    (
      [
        ['an unknown field', { ...VALID_REQUEST, colour: 'red' }, ['colour']],
        ['two unknown fields', { ...VALID_REQUEST, colour: 'red', size: 1 }, ['colour', 'size']],
        ['an unknown field named toString', { ...VALID_REQUEST, toString: 1 }, ['toString']],
        ['an unknown field named valueOf', { ...VALID_REQUEST, valueOf: 'x' }, ['valueOf']],
        [
          'an unknown field named hasOwnProperty',
          { ...VALID_REQUEST, hasOwnProperty: true },
          ['hasOwnProperty'],
        ],
        ['a missing description', { data_types: ['call_audio'] }, ['description']],
        ['a missing data_types', { description: VALID_REQUEST.description }, ['data_types']],
        ['no data types', { ...VALID_REQUEST, data_types: [] }, ['data_types']],
        ['an unknown data type', { ...VALID_REQUEST, data_types: ['call_audio', 'video'] }, ['data_types.1']],
        ['languages: ["Klingonese"]', { ...VALID_REQUEST, languages: ['Klingonese'] }, ['languages.0']],
        ['the same language twice', { ...VALID_REQUEST, languages: ['English', 'en'] }, ['languages']],
        ['a short description', { ...VALID_REQUEST, description: '   too short   ' }, ['description']],
        // Only what a reader sees counts toward the 20 characters; what no reader sees is refused.
        [
          'a short description padded with zero-width spaces',
          { ...VALID_REQUEST, description: `too short${'\u200b'.repeat(30)}` },
          ['description'],
        ],
        [
          'a short description padded with joiners and a BOM',
          { ...VALID_REQUEST, description: `too short${'\u200d\ufeff\u2060'.repeat(10)}!` },
          ['description'],
        ],
        [
          'a description padded with NULs',
          { ...VALID_REQUEST, description: `too short${'\u0000'.repeat(30)}` },
          ['description'],
        ],
        [
          'a description holding a NUL',
          { ...VALID_REQUEST, description: `${VALID_REQUEST.description}\u0000` + ' and more' },
          ['description'],
        ],
        [
          'a description holding an escape character',
          { ...VALID_REQUEST, description: `\u001b[31m${VALID_REQUEST.description}` },
          ['description'],
        ],
        [
          'a description holding a C1 control',
          { ...VALID_REQUEST, description: `${VALID_REQUEST.description}\u0085 next line` },
          ['description'],
        ],
        [
          'a description holding a lone carriage return',
          { ...VALID_REQUEST, description: `${VALID_REQUEST.description}\rBcc: x@evil.test` },
          ['description'],
        ],
        [
          'a description holding a lone surrogate',
          { ...VALID_REQUEST, description: `${VALID_REQUEST.description} \ud800` },
          ['description'],
        ],
        [
          'a description holding a lone low surrogate',
          { ...VALID_REQUEST, description: `\udc00${VALID_REQUEST.description}` },
          ['description'],
        ],
        ['an unknown volume band', { ...VALID_REQUEST, volume: '5 TB' }, ['volume']],
        [
          'a non-boolean publish flag',
          { ...VALID_REQUEST, publish_to_demand_board: 'yes' },
          ['publish_to_demand_board'],
        ],
        ['an array body', [VALID_REQUEST], ['(root)']],
        ['null', null, ['(root)']],
      ] as [string, unknown, string[]][]
    ).map(([what, body, fields]) => ({ what, body, fields })),
  )('$what is 422 invalid naming $fields', async ({ body, fields }) => {
    const reply = await postRequest(lab.key, JSON.stringify(body));
    expectError(reply, 422, 'invalid');
    expect(Object.keys(reply.body.error.fields).sort()).toEqual([...fields].sort());
    for (const messages of Object.values(reply.body.error.fields) as unknown[]) {
      expect(Array.isArray(messages) && messages.length > 0).toBe(true);
      for (const message of messages as unknown[]) expect(message).toBeTypeOf('string');
    }
  });

  // Each field's message says what to send, never zod's own words (contract §5: what to do next).
  test.each([
    [
      { publish_to_demand_board: 'true' },
      'publish_to_demand_board',
      'send true without quotes: a JSON boolean',
    ],
    [
      { publish_to_demand_board: 'yes' },
      'publish_to_demand_board',
      'must be true (post an anonymised version',
    ],
    [{ languages: 'English' }, 'languages', 'must be a list of languages, e.g. ["English", "es"]'],
    [{ domains: {} }, 'domains', 'must be a list of domains, e.g. ["insurance"]'],
    [{ languages: [42] }, 'languages.0', 'must be a language written as text'],
    [{ description: 42 }, 'description', 'must be text describing the data you need'],
  ])('%j is refused with one message saying what to send', async (change, field, message) => {
    const reply = await postRequest(lab.key, { ...VALID_REQUEST, ...change });
    expectError(reply, 422, 'invalid');
    expect(reply.body.error.fields).toEqual({ [field]: [expect.stringContaining(message)] });
  });

  test('languages and domains null mean none, as null does for the other optional fields', async () => {
    const reply = await postRequest(lab.key, { ...VALID_REQUEST, languages: null, domains: null });
    expect(reply.status, reply.text).toBe(201);
    expect(await opsOk('requests', 'show', reply.body.data.id)).toMatchObject({ languages: [], domains: [] });
  });

  test('newlines, CRLF, tabs and any script are fine: 20 visible characters, combining marks with their letter', async () => {
    const description = 'Zeile eins\r\nLigne deux\n\tनमस्ते दुनिया, 音声データ 🎧';
    const reply = await postRequest(lab.key, { ...VALID_REQUEST, description });
    expect(reply.status, reply.text).toBe(201);
    const stored = await opsOk('requests', 'show', reply.body.data.id);
    expect(stored.description).toBe(description);
  });

  // Contract §9: a band is stored as written and as { min, max, unit }; a European "1.000" is not read as 1.
  test.each([
    ['1-5 M records', { min: 1e6, max: 5e6, unit: 'records' }],
    ['1.000.000-5.000.000 records', { min: 1e6, max: 5e6, unit: 'records' }],
  ])('volume "%s" is stored as %j', async (volume, range) => {
    const reply = await postRequest(lab.key, { ...VALID_REQUEST, volume });
    expect(reply.status, reply.text).toBe(201);
    const stored = await opsOk('requests', 'show', reply.body.data.id);
    expect(stored).toMatchObject({ volume, volume_range: range });
  });

  test.each(['1.000-5.000 hours', '2.500+ hours'])(
    'volume "%s" is 422 naming both readings of the dot',
    async (volume) => {
      const reply = await postRequest(lab.key, { ...VALID_REQUEST, volume });
      expectError(reply, 422, 'invalid');
      expect(Object.keys(reply.body.error.fields)).toEqual(['volume']);
      expect(reply.body.error.fields.volume).toEqual([expect.stringMatching(/could mean \d,\d{3} or \d/)]);
    },
  );

  test('none of these refusals stored anything for the lab beyond its accepted requests', async () => {
    const stored = ((await opsOk('requests', 'list')) as Json[]).filter((r) => r.org_id === lab.orgId);
    // "charset=utf-8 is fine", the chunked body within the limit, the scripts, the two bands, the null lists
    expect(stored).toHaveLength(6);
  });
});
