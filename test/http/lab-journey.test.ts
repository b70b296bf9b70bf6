// A lab's whole journey over HTTP against the built server, with the operator CLI run as a child process on the
// same DATA_DIR while the server runs (contract §5, §6): keys, data requests, the demand board, the NDA, samples;
// then every way authentication can fail, BOLA, Idempotency-Key, body handling, and property tests.
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { newApiKey } from '../../api/domain/ids.ts';
import { loadListings, type ListingWithBody } from '../../api/domain/listings/listing-files.ts';
import {
  ALL_DATA_TYPES,
  ALL_DOMAINS,
  EXCLUSIVITY,
  TIMELINE_BANDS,
  VOLUME_BANDS,
} from '../../api/domain/vocabulary.ts';
import { requireBuild } from '../support/dist.ts';
import { httpRequest } from '../support/http.ts';
import { ops } from '../support/ops.ts';
import { startServer, type RunningServer } from '../support/server.ts';

/** JSON from the CLI and the API: its shape is what the tests check. */
type Json = any;

const MAX_BODY_BYTES = 2048;
const LISTING_ID = 'us-auto-insurance-claims-calls';

let server: RunningServer;
let listing: ListingWithBody;
// Every lab the tests use, made once up front, one after the other (the CLI is most of this file's run time, and
// concurrent CLI writers only wait on each other's store lock). The describe blocks run in order, so a lab is
// reused once the block that counts its records is done:
// journey: the journey, then the key life cycle on its account;
// orgA: the 401 table (with a second key, revoked), then BOLA's organisation A, then the "other organisation" of
// the Idempotency-Key tests; orgB: BOLA's organisation B, then Idempotency-Key; body: body handling, then the
// property tests.
const LAB_NAMES = ['journey', 'orgA', 'orgB', 'body'] as const;
const labs = {} as Record<(typeof LAB_NAMES)[number], Lab>;
let revokedKey: string;

// Node's compile cache for the CLI's child processes: the same program, started in half the time.

beforeAll(async () => {
  requireBuild();
  const [started, listings] = await Promise.all([
    startServer({
      RATE_LIMIT_KEY_PER_MINUTE: '100000',
      RATE_LIMIT_PUBLIC_PER_MINUTE: '100000',
      MAX_BODY_BYTES: String(MAX_BODY_BYTES),
    }),
    loadListings('content/listings'),
  ]);
  server = started;
  listing = listings.find((l) => l.id === LISTING_ID)!;
  // Made while the server runs, so each lab's first request shows that a key from the CLI counts at once.
  for (const name of LAB_NAMES) labs[name] = await newLab(`${name} lab`);
  const doomed = await opsOk('key', 'issue', '--account', labs.orgA.accountId);
  await opsOk('key', 'revoke', doomed.id);
  revokedKey = doomed.key;
});
afterAll(async () => {
  await server?.stop();
});

// ---------------------------------------------------------------------------------------------------------------
// Helpers: the operator CLI, a lab set up through it, and the API over fetch.

/** Runs an operator command that must succeed, and returns its JSON. */
async function opsOk(...args: string[]): Promise<Json> {
  const result = await ops(server.dataDir, ...args);
  expect(result.code, `ops ${args.join(' ')}: ${result.stderr}`).toBe(0);
  return result.json;
}

type Lab = { orgId: string; orgName: string; accountId: string; keyId: string; key: string };

/** An organisation, a verified account and a key, made by the operator CLI as the runbook says. */
async function newLab(name: string): Promise<Lab> {
  const orgName = `${name} ${randomUUID().slice(0, 8)}`;
  const org = await opsOk('org', 'create', '--name', orgName);
  const email = `lead-${randomUUID()}@lab.example`;
  const account = await opsOk('account', 'add', '--org', org.id, '--email', email, '--verified');
  const issued = await opsOk('key', 'issue', '--account', account.id);
  return { orgId: org.id, orgName, accountId: account.id, keyId: issued.id, key: issued.key };
}

type Reply = { status: number; headers: Headers; text: string; body: Json };

async function call(
  path: string,
  options: {
    method?: string;
    key?: string;
    authorization?: string;
    headers?: Record<string, string>;
    body?: unknown;
  } = {},
): Promise<Reply> {
  const headers: Record<string, string> = {};
  if (options.key !== undefined) headers.Authorization = `Bearer ${options.key}`;
  if (options.authorization !== undefined) headers.Authorization = options.authorization;
  let body: string | undefined;
  if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    // A string is sent as it is (raw JSON text); anything else is serialised.
    body = typeof options.body === 'string' ? options.body : JSON.stringify(options.body);
  }
  Object.assign(headers, options.headers);
  const response = await fetch(server.url + path, { method: options.method ?? 'GET', headers, body });
  const text = await response.text();
  let parsed: Json;
  try {
    parsed = JSON.parse(text);
  } catch {
    parsed = undefined;
  }
  return { status: response.status, headers: response.headers, text, body: parsed };
}

const postRequest = (key: string, body: unknown, headers: Record<string, string> = {}) =>
  call('/api/v1/requests', { method: 'POST', key, body, headers });

/** The error envelope (contract §5): `{ error: { code, message } }` (and `fields` on 422), nothing else. */
function expectError(reply: Reply, status: number, code: string) {
  expect(reply.status, reply.text).toBe(status);
  expect(reply.headers.get('content-type')).toBe('application/json; charset=utf-8');
  expect(reply.body?.error?.code, reply.text).toBe(code);
  expect(typeof reply.body.error.message).toBe('string');
  expect(Object.keys(reply.body)).toEqual(['error']);
}

function expectUnauthorized(reply: Reply) {
  expectError(reply, 401, 'unauthorized');
  expect(reply.headers.get('www-authenticate')).toMatch(/^Bearer/);
}

const FORBIDDEN_KEYS = ['__proto__', 'constructor', 'prototype'];

/** True if `value` holds an object key the body reader refuses outright (400, before validation). */
const hasForbiddenKey = (value: unknown): boolean =>
  value !== null &&
  typeof value === 'object' &&
  Object.keys(value).some(
    (key) => FORBIDDEN_KEYS.includes(key) || hasForbiddenKey((value as Record<string, unknown>)[key]),
  );

const VALID_REQUEST = {
  data_types: ['call_audio'],
  description: 'Inbound support calls with both channels, for speech recognition evaluation.',
};

// ---------------------------------------------------------------------------------------------------------------

describe('a lab, from its first key to a sample request', () => {
  const request = {
    data_types: ['call_audio', 'voicemail_audio'],
    languages: ['en', 'Spanish'],
    domains: ['insurance'],
    volume: '1-10 TB',
    timeline: '1-3 months',
    exclusivity: 'non_exclusive',
    description: `Claims calls in English and Spanish for ASR evaluation, journey ${randomUUID()}.`,
    publish_to_demand_board: true,
  };
  let lab: Lab;
  let requestId: string;
  let boardBefore: Set<string>;

  beforeAll(() => {
    lab = labs.journey;
  });

  test('with the key the CLI issued, the lab POSTs a data request: 201 received', async () => {
    expect(lab.key).toMatch(/^dss_[0-9A-Za-z]{38}$/);
    boardBefore = new Set((await call('/api/v1/demand')).body.data.map((p: Json) => p.id));
    const created = await postRequest(lab.key, request);
    expect(created.status, created.text).toBe(201);
    expect(created.body).toEqual({ data: { id: expect.any(String), status: 'received' } });
    requestId = created.body.data.id;
    expect(created.headers.get('idempotent-replayed')).toBeNull();
  });

  test('the lab reads it back from GET /api/v1/requests and GET /api/v1/requests/{id}', async () => {
    const list = await call('/api/v1/requests', { key: lab.key });
    expect(list.status).toBe(200);
    expect(list.body.count).toBe(1);
    expect(list.body.data).toHaveLength(1);
    const [mine] = list.body.data;
    expect(mine).toMatchObject({ id: requestId, status: 'received', description: request.description });
    expect(Date.parse(mine.created_at)).not.toBeNaN();
    expect(list.headers.get('cache-control')).toBe('private, no-store');
    expect(list.headers.get('vary')).toContain('Authorization');

    const one = await call(`/api/v1/requests/${requestId}`, { key: lab.key });
    expect(one.status).toBe(200);
    expect(one.body.data).toMatchObject({
      id: requestId,
      status: 'received',
      created_at: mine.created_at,
      data_types: request.data_types,
      languages: ['English', 'Spanish'],
      publish_to_demand_board: true,
    });
    expect(one.headers.get('cache-control')).toBe('private, no-store');
  });

  test('the demand board shows an anonymised post: only the eight public keys, none of the lab', async () => {
    const board = await call('/api/v1/demand');
    expect(board.status).toBe(200);
    expect(board.body.count).toBe(board.body.data.length);
    const added = board.body.data.filter((p: Json) => !boardBefore.has(p.id));
    expect(added).toHaveLength(1);
    const [post] = added;
    expect(Object.keys(post).sort()).toEqual(
      ['id', 'data_types', 'languages', 'domains', 'volume', 'timeline', 'exclusivity', 'posted_on'].sort(),
    );
    expect(post).toMatchObject({
      data_types: request.data_types,
      languages: ['English', 'Spanish'],
      domains: request.domains,
      volume: request.volume,
      timeline: request.timeline,
      exclusivity: request.exclusivity,
    });
    expect(post.posted_on).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    for (const secret of [request.description, requestId, lab.orgId, lab.orgName, lab.accountId, lab.keyId])
      expect(board.text).not.toContain(secret);
  });

  test('a request with publish_to_demand_board false (or left out) adds no post', async () => {
    const before = (await call('/api/v1/demand')).body.count;
    expect((await postRequest(lab.key, { ...request, publish_to_demand_board: false })).status).toBe(201);
    expect((await postRequest(lab.key, VALID_REQUEST)).status).toBe(201);
    expect((await call('/api/v1/demand')).body.count).toBe(before);
    expect((await call('/api/v1/requests', { key: lab.key })).body.count).toBe(3);
  });

  test('before the NDA: a sample is 403 nda_required (an unknown listing 404 first), no NDA fields', async () => {
    expectError(
      await call('/api/v1/samples/no-such-listing', { method: 'POST', key: lab.key }),
      404,
      'not_found',
    );
    expectError(
      await call(`/api/v1/samples/${LISTING_ID}`, { method: 'POST', key: lab.key }),
      403,
      'nda_required',
    );
    const publicView = await call(`/api/v1/catalog/${LISTING_ID}`, { key: lab.key });
    expect(publicView.status).toBe(200);
    for (const field of ['owner', 'deidentification_report', 'composition', 'nda', 'sample_file'])
      expect(publicView.body.data).not.toHaveProperty(field);
    expect(publicView.text).not.toContain(listing.nda.owner.name);
    // (That this keyed GET disclosed nothing is checked below: exactly one disclosure after the NDA.)
  });

  test('after "nda accept": GET /api/v1/catalog/{id} adds the NDA fields, privately, and is audited', async () => {
    const accepted = await opsOk('nda', 'accept', '--org', lab.orgId);
    expect(accepted.nda.state).toBe('accepted');

    const withNda = await call(`/api/v1/catalog/${LISTING_ID}`, { key: lab.key });
    expect(withNda.status).toBe(200);
    expect(withNda.body.data).toMatchObject({ id: LISTING_ID, title: listing.title });
    expect(withNda.body.data.owner).toEqual(listing.nda.owner);
    expect(withNda.body.data.deidentification_report).toEqual(listing.nda.deidentification_report);
    expect(withNda.body.data.composition).toEqual(listing.nda.composition);
    expect(withNda.body.data).not.toHaveProperty('sample_file');
    expect(withNda.body.data).not.toHaveProperty('nda');
    expect(withNda.text).not.toContain('sample_file');
    if (listing.nda.sample_file) expect(withNda.text).not.toContain(listing.nda.sample_file);
    expect(withNda.headers.get('cache-control')).toBe('private, no-store');
    expect(withNda.headers.get('vary')).toContain('Authorization');

    // The public still sees the public fields only.
    const anonymous = await call(`/api/v1/catalog/${LISTING_ID}`);
    expect(anonymous.body.data).not.toHaveProperty('owner');
    expect(anonymous.text).not.toContain(listing.nda.owner.name);

    const audit = (await opsOk('audit', 'list')) as Json[];
    const disclosures = audit.filter((e) => e.kind === 'nda_disclosure' && e.org_id === lab.orgId);
    expect(disclosures).toHaveLength(1); // the GET after the NDA; the one before it disclosed nothing
    expect(disclosures[0]).toMatchObject({ listing_id: LISTING_ID, key_id: lab.keyId });
  });

  test('after the NDA: a sample request is 202 pending_verification, and asking again stores nothing new', async () => {
    const first = await call(`/api/v1/samples/${LISTING_ID}`, { method: 'POST', key: lab.key });
    expect(first.status, first.text).toBe(202);
    expect(first.body).toEqual({ status: 'pending_verification' });
    const again = await call(`/api/v1/samples/${LISTING_ID}`, { method: 'POST', key: lab.key });
    expect(again.status, again.text).toBe(202);
    expect(again.body).toEqual({ status: 'pending_verification' });

    const samples = (await opsOk('samples', 'list')) as Json[];
    const mine = samples.filter((s) => s.org_id === lab.orgId && s.listing_id === LISTING_ID);
    expect(mine).toHaveLength(1);
    expect(mine[0].status).toBe('pending_verification');
  });
});

describe('keys issued, revoked and rotated by the CLI while the server runs', () => {
  let lab: Lab;
  beforeAll(() => {
    lab = labs.journey; // its journey is over: now its keys change
  });

  test('a newly issued key works on the very next request', async () => {
    const issued = await opsOk('key', 'issue', '--account', lab.accountId);
    expect(issued.key).toMatch(/^dss_[0-9A-Za-z]{38}$/);
    expect(issued.key).not.toBe(lab.key);
    const reply = await call('/api/v1/requests', { key: issued.key });
    expect(reply.status, reply.text).toBe(200);
  });

  test('a key revoked by the CLI is 401 on the very next request', async () => {
    const issued = await opsOk('key', 'issue', '--account', lab.accountId);
    expect((await call('/api/v1/requests', { key: issued.key })).status).toBe(200);
    const revoked = await opsOk('key', 'revoke', issued.id);
    expect(revoked.revoked_at).toEqual(expect.any(String));
    expectUnauthorized(await call('/api/v1/requests', { key: issued.key }));
    expectUnauthorized(await call('/api/v1/catalog', { key: issued.key }));
    // The organisation's other key is unaffected.
    expect((await call('/api/v1/requests', { key: lab.key })).status).toBe(200);
  });

  test('"key rotate" gives a working successor and the old key is 401 at once', async () => {
    const old = await opsOk('key', 'issue', '--account', lab.accountId);
    expect((await call('/api/v1/requests', { key: old.key })).status).toBe(200);
    const rotated = await opsOk('key', 'rotate', old.id);
    expect(rotated).toMatchObject({ key: expect.stringMatching(/^dss_[0-9A-Za-z]{38}$/), revoked: old.id });
    expect(rotated.id).not.toBe(old.id);
    expect((await call('/api/v1/requests', { key: rotated.key })).status).toBe(200);
    expectUnauthorized(await call('/api/v1/requests', { key: old.key }));

    const listed = (await opsOk('key', 'list', '--org', lab.orgId)) as Json[];
    expect(listed.find((k) => k.id === old.id)).toMatchObject({ replaced_by: rotated.id });
    expect(listed.find((k) => k.id === rotated.id)?.revoked_at).toBeNull();
    for (const k of listed) {
      expect(k).not.toHaveProperty('key');
      expect(k).not.toHaveProperty('hash');
    }
    const text = JSON.stringify(listed);
    for (const secret of [old.key, rotated.key, lab.key]) expect(text).not.toContain(secret.slice(8));
  });

  test('the CLI: bad usage exits 2; a key for an unverified account is refused with exit 1', async () => {
    const noAccount = await ops(server.dataDir, 'key', 'issue');
    expect(noAccount.code).toBe(2);
    expect(noAccount.json).toBeUndefined();
    const unverified = await opsOk(
      'account',
      'add',
      '--org',
      lab.orgId,
      '--email',
      `unverified-${randomUUID()}@lab.example`,
    );
    const refused = await ops(server.dataDir, 'key', 'issue', '--account', unverified.id);
    expect(refused.code).toBe(1);
    expect(refused.stderr).not.toBe('');
  });
});

describe('every authentication failure is 401 unauthorized with a Bearer challenge', () => {
  let lab: Lab;
  beforeAll(() => {
    lab = labs.orgA; // before BOLA gives it a request
  });

  const wrongChecksum = () => {
    const key = newApiKey();
    return key.slice(0, -1) + (key.endsWith('A') ? 'B' : 'A');
  };
  const presentButInvalid: [string, () => string][] = [
    ['Basic abc', () => 'Basic abc'],
    ['Bearer with nothing', () => 'Bearer'],
    ['Bearer and two tokens', () => `Bearer ${newApiKey()} ${newApiKey()}`],
    ['a malformed key', () => 'Bearer not-a-key'],
    ['a truncated key', () => `Bearer ${newApiKey().slice(0, -1)}`],
    ['a well-formed key with a wrong checksum', () => `Bearer ${wrongChecksum()}`],
    ['a well-formed unknown key', () => `Bearer ${newApiKey()}`],
    ['a revoked key', () => `Bearer ${revokedKey}`],
  ];
  const everyFailure: [string, () => string | undefined][] = [
    ['no header', () => undefined],
    ...presentButInvalid,
  ];

  const keyed: [string, string, unknown][] = [
    ['POST', '/api/v1/requests', VALID_REQUEST],
    ['GET', '/api/v1/requests', undefined],
    ['GET', '/api/v1/requests/x', undefined],
    ['POST', `/api/v1/samples/${LISTING_ID}`, undefined],
  ];
  test.each(
    keyed.flatMap(([method, path, body]) =>
      everyFailure.map(([what, header]) => ({ method, path, body, what, header })),
    ),
  )('$method $path with $what', async ({ method, path, body, header }) => {
    const authorization = header();
    expectUnauthorized(await call(path, { method, body, authorization }));
  });

  const publicPaths = ['/api/v1/catalog', '/api/v1/demand', `/api/v1/catalog/${LISTING_ID}`];
  test.each(
    publicPaths.flatMap((path) => presentButInvalid.map(([what, header]) => ({ path, what, header }))),
  )('public GET $path with $what', async ({ path, header }) => {
    expectUnauthorized(await call(path, { authorization: header() }));
  });

  test('the same public endpoints without a header, and the keyed ones with the valid key, are not 401', async () => {
    for (const path of publicPaths) expect((await call(path)).status, path).toBe(200);
    expect((await call('/api/v1/requests', { key: lab.key })).status).toBe(200);
  });

  test('nothing was stored by a refused request', async () => {
    expect((await call('/api/v1/requests', { key: lab.key })).body.count).toBe(0);
    const samples = (await opsOk('samples', 'list')) as Json[];
    expect(samples.filter((s) => s.org_id === lab.orgId)).toEqual([]);
  });
});

describe("BOLA: one organisation never sees another's requests", () => {
  let a: Lab;
  let b: Lab;
  let aRequest: string;
  beforeAll(async () => {
    [a, b] = [labs.orgA, labs.orgB]; // neither has a request yet
    const created = await postRequest(a.key, VALID_REQUEST);
    expect(created.status).toBe(201);
    aRequest = created.body.data.id;
    expect((await postRequest(b.key, VALID_REQUEST)).status).toBe(201);
  });

  test("B gets 404 on A's request; A gets it", async () => {
    expectError(await call(`/api/v1/requests/${aRequest}`, { key: b.key }), 404, 'not_found');
    expect((await call(`/api/v1/requests/${aRequest}`, { key: a.key })).status).toBe(200);
  });

  test("B's 404 for A's id is the same as for an id that does not exist", async () => {
    const theirs = await call(`/api/v1/requests/${aRequest}`, { key: b.key });
    const nobodys = await call(`/api/v1/requests/req_${'0'.repeat(20)}`, { key: b.key });
    expect(theirs.status).toBe(nobodys.status);
    expect(theirs.body.error.code).toBe(nobodys.body.error.code);
    expect(theirs.text).not.toContain(a.orgId);
  });

  test("B's list never holds A's request, and A's never B's", async () => {
    const bList = await call('/api/v1/requests', { key: b.key });
    expect(bList.status).toBe(200);
    expect(bList.body.data.map((r: Json) => r.id)).not.toContain(aRequest);
    expect(bList.body.count).toBe(1);
    expect(bList.text).not.toContain(a.orgId);
    const aList = await call('/api/v1/requests', { key: a.key });
    expect(aList.body.data.map((r: Json) => r.id)).toEqual([aRequest]);
  });
});

describe('Idempotency-Key on POST /api/v1/requests', () => {
  let lab: Lab;
  let other: Lab;
  beforeAll(() => {
    [lab, other] = [labs.orgB, labs.orgA]; // BOLA has counted their requests already
  });

  test('same key and body: the same id, Idempotent-Replayed: true, one stored request', async () => {
    const key = randomUUID();
    const body = { ...VALID_REQUEST, publish_to_demand_board: true };
    const boardBefore = (await call('/api/v1/demand')).body.count;
    const before = (await call('/api/v1/requests', { key: lab.key })).body.data.map((r: Json) => r.id);
    const first = await postRequest(lab.key, body, { 'Idempotency-Key': key });
    expect(first.status, first.text).toBe(201);
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    const second = await postRequest(lab.key, body, { 'Idempotency-Key': key });
    expect(second.status, second.text).toBe(201);
    expect(second.body).toEqual(first.body);
    expect(second.headers.get('idempotent-replayed')).toBe('true');

    const stored = ((await opsOk('requests', 'list')) as Json[]).filter((r) => r.org_id === lab.orgId);
    expect(stored.map((r) => r.id).sort()).toEqual([...before, first.body.data.id].sort());
    expect((await call('/api/v1/demand')).body.count).toBe(boardBefore + 1);
  });

  test('same key and another body: 422 invalid, nothing stored', async () => {
    const key = randomUUID();
    expect((await postRequest(lab.key, VALID_REQUEST, { 'Idempotency-Key': key })).status).toBe(201);
    const before = (await call('/api/v1/requests', { key: lab.key })).body.count;
    const changed = await postRequest(
      lab.key,
      { ...VALID_REQUEST, description: `${VALID_REQUEST.description} Changed.` },
      { 'Idempotency-Key': key },
    );
    expectError(changed, 422, 'invalid');
    expect(changed.body.error.fields).toBeTypeOf('object');
    expect((await call('/api/v1/requests', { key: lab.key })).body.count).toBe(before);
  });

  test("another organisation's use of the same Idempotency-Key is its own request", async () => {
    const key = randomUUID();
    const mine = await postRequest(lab.key, VALID_REQUEST, { 'Idempotency-Key': key });
    const theirs = await postRequest(other.key, VALID_REQUEST, { 'Idempotency-Key': key });
    expect(mine.status).toBe(201);
    expect(theirs.status).toBe(201);
    expect(theirs.body.data.id).not.toBe(mine.body.data.id);
    expect(theirs.headers.get('idempotent-replayed')).toBeNull();
  });

  test.each(['', 'x'.repeat(256), 'has space', 'naïve'])('an Idempotency-Key of %j is 422', async (key) => {
    // fetch refuses non-ByteString header values; node:http sends them as they are.
    const reply = await httpRequest(`${server.url}/api/v1/requests`, {
      method: 'POST',
      headers: {
        Authorization: `Bearer ${lab.key}`,
        'Content-Type': 'application/json',
        'Idempotency-Key': key,
      },
      body: JSON.stringify(VALID_REQUEST),
    });
    expect(reply.status, reply.body).toBe(422);
    expect(JSON.parse(reply.body).error.code).toBe('invalid');
  });
});

describe('body handling on POST /api/v1/requests', () => {
  let lab: Lab;
  beforeAll(() => {
    lab = labs.body;
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

  test('none of these refusals stored anything for the lab beyond its accepted requests', async () => {
    const stored = ((await opsOk('requests', 'list')) as Json[]).filter((r) => r.org_id === lab.orgId);
    expect(stored).toHaveLength(2); // "charset=utf-8 is fine" and the chunked body within the limit
  });
});

describe('property tests: POST /api/v1/requests never fails on our side', () => {
  let lab: Lab;
  beforeAll(() => {
    lab = labs.body; // its exact counts were checked above; from here it only adds
  });

  const FIELDS = [
    'data_types',
    'languages',
    'domains',
    'volume',
    'timeline',
    'exclusivity',
    'description',
    'publish_to_demand_board',
  ];

  /** Objects with the schema's field names (and some others) holding any JSON: reaches deeper into validation. */
  const schemaShaped = fc.dictionary(
    fc.oneof(fc.constantFrom(...FIELDS), fc.string({ maxLength: 12 })),
    fc.oneof(
      fc.jsonValue({ maxDepth: 3 }),
      fc.array(fc.oneof(fc.constantFrom(...ALL_DATA_TYPES, ...ALL_DOMAINS), fc.string({ maxLength: 20 })), {
        maxLength: 4,
      }),
    ),
    { maxKeys: 9 },
  );

  test('(a) any JSON value as the body: 201, or 4xx with the error envelope; never 5xx', async () => {
    await fc.assert(
      fc.asyncProperty(fc.oneof(fc.jsonValue(), schemaShaped), async (value) => {
        const reply = await postRequest(lab.key, JSON.stringify(value));
        expect(reply.status, reply.text).toBeLessThan(500);
        expect(reply.headers.get('content-type')).toBe('application/json; charset=utf-8');
        if (reply.status === 201) {
          expect(reply.body).toEqual({ data: { id: expect.any(String), status: 'received' } });
          return;
        }
        expect(reply.status, reply.text).toBeGreaterThanOrEqual(400);
        expect(Object.keys(reply.body)).toEqual(['error']);
        expect(reply.body.error).toEqual(
          expect.objectContaining({ code: expect.any(String), message: expect.any(String) }),
        );
        if (reply.status === 422) expect(Object.keys(reply.body.error.fields).length).toBeGreaterThan(0);
      }),
      { numRuns: 150 },
    );
  });

  // Distinct canonical names: "English" and "en" together would be a duplicate.
  const LANGUAGES = ['English', 'es', 'de-DE', 'fra', 'Japanese', 'hi'];
  const description = fc.stringMatching(/^[A-Za-z][A-Za-z0-9 ,.()-]{18,120}[a-z.]$/);
  const validBody = fc.record(
    {
      data_types: fc.uniqueArray(fc.constantFrom(...ALL_DATA_TYPES), { minLength: 1, maxLength: 4 }),
      languages: fc.uniqueArray(fc.constantFrom(...LANGUAGES), { maxLength: 3 }),
      domains: fc.uniqueArray(fc.constantFrom(...ALL_DOMAINS), { maxLength: 4 }),
      volume: fc.constantFrom(...VOLUME_BANDS, null),
      timeline: fc.constantFrom(...TIMELINE_BANDS, null),
      exclusivity: fc.constantFrom(...EXCLUSIVITY, null),
      description,
      publish_to_demand_board: fc.boolean(),
    },
    { requiredKeys: ['data_types', 'description'] },
  );

  test('valid bodies built from the allowed values are always 201', async () => {
    await fc.assert(
      fc.asyncProperty(validBody, async (body) => {
        const reply = await postRequest(lab.key, body);
        expect(reply.status, `${JSON.stringify(body)} → ${reply.text}`).toBe(201);
      }),
      { numRuns: 40 },
    );
  });

  const notIn = (allowed: readonly unknown[]) => (value: unknown) => !allowed.includes(value as never);
  // No NaN or ±Infinity: JSON.stringify turns them into null, which some fields allow.
  const wrongScalar = fc.oneof(
    fc.integer(),
    fc.double({ noNaN: true, noDefaultInfinity: true }),
    fc.boolean(),
    fc.constant({}),
  );
  const band = (allowed: readonly string[]) =>
    fc.oneof(fc.string({ maxLength: 15 }).filter(notIn(allowed)), wrongScalar, fc.constant([allowed[0]]));
  const listOf = (allowed: readonly string[], unknown: fc.Arbitrary<unknown>) =>
    fc.oneof(
      fc.constantFrom(...allowed), // a bare string, not a list
      wrongScalar,
      fc.constant(null),
      fc
        .tuple(fc.uniqueArray(fc.constantFrom(...allowed), { maxLength: 2 }), unknown)
        .map(([good, bad]) => [...good, bad]),
    );
  const corruption: fc.Arbitrary<[string, unknown]> = fc.oneof(
    fc.tuple(
      fc.constant('data_types'),
      fc.oneof(
        listOf(
          ALL_DATA_TYPES,
          fc.oneof(fc.string({ maxLength: 15 }).filter(notIn(ALL_DATA_TYPES)), wrongScalar),
        ),
        fc.constant([]),
      ),
    ),
    fc.tuple(
      fc.constant('languages'),
      listOf(
        LANGUAGES,
        fc.oneof(
          fc.constantFrom('Klingonese', 'Elvish', 'Dothraki!', '', '   ', '12', 'not a language'),
          wrongScalar,
        ),
      ),
    ),
    fc.tuple(
      fc.constant('domains'),
      listOf(ALL_DOMAINS, fc.oneof(fc.string({ maxLength: 15 }).filter(notIn(ALL_DOMAINS)), wrongScalar)),
    ),
    fc.tuple(fc.constant('volume'), band(VOLUME_BANDS)),
    fc.tuple(fc.constant('timeline'), band(TIMELINE_BANDS)),
    fc.tuple(fc.constant('exclusivity'), band(EXCLUSIVITY)),
    fc.tuple(
      fc.constant('description'),
      fc.oneof(
        wrongScalar,
        fc.constant(null),
        fc.string({ maxLength: 19 }),
        fc.constant(' '.repeat(40)),
        fc.constant([VALID_REQUEST.description]),
      ),
    ),
    fc.tuple(
      fc.constant('publish_to_demand_board'),
      fc.oneof(fc.constantFrom('true', 'false', 1, 0, null, [], {}), fc.string({ maxLength: 5 })),
    ),
  );

  test('(b) a valid body with one field corrupted is 422 naming that field (or a path under it), only it', async () => {
    await fc.assert(
      fc.asyncProperty(validBody, corruption, async (body, [field, value]) => {
        const sent = { ...body, [field]: value };
        const reply = await postRequest(lab.key, sent);
        const context = `${JSON.stringify(sent)} → ${reply.text}`;
        expect(reply.status, context).toBe(422);
        expect(reply.body.error.code, context).toBe('invalid');
        const named = Object.keys(reply.body.error.fields);
        expect(named.length, context).toBeGreaterThan(0);
        for (const name of named) expect(name === field || name.startsWith(`${field}.`), context).toBe(true);
      }),
      { numRuns: 150 },
    );
  });

  test('(b′) a valid body with one unknown field is 422 naming exactly that field', async () => {
    // Names an object has by inheritance (toString, valueOf, …) are unknown fields like any other.
    const inherited = Object.getOwnPropertyNames(Object.prototype).filter((n) => !FORBIDDEN_KEYS.includes(n));
    const unknownName = fc
      .oneof(fc.string({ minLength: 1, maxLength: 20 }), fc.constantFrom(...inherited))
      .filter((name) => !FIELDS.includes(name) && !FORBIDDEN_KEYS.includes(name));
    const value = fc.jsonValue({ maxDepth: 2 }).filter((v) => !hasForbiddenKey(v));
    await fc.assert(
      fc.asyncProperty(validBody, unknownName, value, async (body, name, value) => {
        const reply = await postRequest(lab.key, { ...body, [name]: value });
        const context = `${name} → ${reply.text}`;
        expect(reply.status, context).toBe(422);
        expect(Object.keys(reply.body.error.fields), context).toEqual([name]);
      }),
      { numRuns: 100 },
    );
  });
});
