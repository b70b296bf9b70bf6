// A lab's journey over HTTP against the built server, with the operator CLI run as a child process on the same
// DATA_DIR while the server runs (contract §5, §6): the key the CLI issued works at once; a data request is stored
// and read back; its post on the demand board is anonymised; "nda accept" discloses the NDA fields to that lab only,
// privately, and audits it; then a sample request. Its tests are one journey, in order, on the one lab made here;
// the other lab-facing files (key-lifecycle, authentication, bola, idempotency, request-bodies, request-properties)
// start servers and labs of their own.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { loadListings, type ListingWithBody } from '../../api/domain/listings/listing-files.ts';
import {
  apiClient,
  expectError,
  LISTING_ID,
  startApiServer,
  VALID_REQUEST,
  type Json,
} from '../support/api-client.ts';
import { makeLabByCli, type Lab } from '../support/lab.ts';
import type { InProcessServer } from '../support/app.ts';

let server: InProcessServer;
let listing: ListingWithBody;
const { opsOk, call, postRequest } = apiClient(() => server, { cliProcess: true });

beforeAll(async () => {
  const [started, listings] = await Promise.all([startApiServer(), loadListings('content/listings')]);
  server = started;
  listing = listings.find((l) => l.id === LISTING_ID)!;
});
afterAll(async () => {
  await server?.stop();
});

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

  beforeAll(async () => {
    // Made while the server runs, so its first request shows that a key from the CLI counts at once. A name of its
    // own, so that the demand board not showing it means something.
    lab = await makeLabByCli(server.dataDir, `journey lab ${randomUUID().slice(0, 8)}`);
  });

  test('with the key the CLI issued, the lab POSTs a data request: 201 received', async () => {
    expect(lab.key).toMatch(/^dss_[0-9A-Za-z]{38}$/);
    boardBefore = new Set((await call('/api/v1/demand')).body.data.map((p: Json) => p.id));
    const created = await postRequest(lab.key, request);
    expect(created.status, created.text).toBe(201);
    expect(created.body).toEqual({
      data: { id: expect.any(String), status: 'received', matches: expect.any(Array) },
    });
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
    const refused = await call(`/api/v1/samples/${LISTING_ID}`, { method: 'POST', key: lab.key });
    expectError(refused, 403, 'nda_required');
    expect(refused.body.error.message).toMatch(/accepts it at http:\/\/[^ ]+\/dashboard\/nda\//); // what to do next
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
    expect(first.body).toEqual({ status: 'pending_verification', id: expect.stringMatching(/^smp_/) });
    expect(first.headers.get('location')).toBe(`/api/v1/sample-requests/${first.body.id}`);
    const again = await call(`/api/v1/samples/${LISTING_ID}`, { method: 'POST', key: lab.key });
    expect(again.status, again.text).toBe(202);
    expect(again.body).toEqual(first.body); // the same pending request

    const samples = (await opsOk('samples', 'list')) as Json[];
    const mine = samples.filter((s) => s.org_id === lab.orgId && s.listing_id === LISTING_ID);
    expect(mine).toHaveLength(1);
    expect(mine[0].status).toBe('pending_verification');
  });
});
