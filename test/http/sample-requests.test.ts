// Sample requests as resources (contract §9), over HTTP against the built server with mail read from a real SMTP
// server: an id and a Location, the resource's status as the link goes out, a fresh link on demand (audited,
// mailed, and it downloads), 409 for what cannot have one, 404 across organisations, paging.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { expectError, LISTING_ID, type Json } from '../support/api-client.ts';
import { requireBuild } from '../support/dist.ts';
import { makeLab, type Lab } from '../support/lab.ts';
import { opsOk } from '../support/ops.ts';
import { startApp, type InProcessServer } from '../support/app.ts';
import { startSmtp } from '../support/smtp.ts';
import { until } from '../support/until.ts';

const LEAD = 'lead@sourcing.example';
let server: InProcessServer;
let mail: Awaited<ReturnType<typeof startSmtp>>;
let lab: Lab;
let waiting: Lab;

const env = () => ({ DATA_DIR: server.dataDir, SMTP_URL: mail.url, SOURCING_LEAD_EMAIL: LEAD });

async function call(path: string, key: string, method = 'GET') {
  const response = await fetch(server.url + path, { method, headers: { Authorization: `Bearer ${key}` } });
  const text = await response.text();
  return { status: response.status, headers: response.headers, text, body: JSON.parse(text) as Json };
}

const linksTo = (address: string) =>
  mail.received
    .filter((r) => r.envelopeTo.includes(address) && (r.mail.subject ?? '').startsWith('Your sample of'))
    .map((r) => /http:\/\/dss\.example(\/api\/v1\/samples\/\S+)/.exec(r.mail.text!)![1]!);

/** SAMPLE_LINK_TTL_SECONDS (72 h) from the second the link was signed in. */
function expectLifetime(data: Json) {
  const lifetime = Date.parse(data.link_expires_at) - Date.parse(data.link_sent_at);
  expect(lifetime).toBeGreaterThan(259_199_000);
  expect(lifetime).toBeLessThanOrEqual(259_200_000);
}

beforeAll(async () => {
  requireBuild();
  mail = await startSmtp();
  server = await startApp({
    SMTP_URL: mail.url,
    SOURCING_LEAD_EMAIL: LEAD,
    SITE_URL: 'http://dss.example',
    RATE_LIMIT_KEY_PER_MINUTE: '100000',
  });
  [lab, waiting] = await Promise.all([makeLab(env(), 'sample lab'), makeLab(env(), 'waiting lab')]);
  await opsOk(env(), 'nda', 'accept', '--org', lab.orgId, '--verified'); // links go out at once
  await opsOk(env(), 'nda', 'accept', '--org', waiting.orgId); // accepted, not verified: links wait
});
afterAll(async () => {
  await server?.stop();
  await mail?.close();
});

describe('a sample request, followed by its id', () => {
  let id: string;

  test('POST /api/v1/samples/{id}: 202 with the id and its Location', async () => {
    const asked = await call(`/api/v1/samples/${LISTING_ID}`, lab.key, 'POST');
    expect(asked.status, asked.text).toBe(202);
    expect(asked.body).toEqual({ status: 'pending_verification', id: expect.stringMatching(/^smp_/) });
    id = asked.body.id;
    expect(asked.headers.get('location')).toBe(`/api/v1/sample-requests/${id}`);
  });

  test('GET its Location: link_sent once the link is mailed, with when it expires', async () => {
    const sent = await until(
      () => call(`/api/v1/sample-requests/${id}`, lab.key),
      (reply) => reply.body.data?.status === 'link_sent',
    );
    const { data } = sent.body;
    expect(data).toMatchObject({ id, listing_id: LISTING_ID, reason: null });
    expectLifetime(data);
    await until(
      async () => linksTo(lab.email),
      (links) => links.length === 1,
    );
  });

  test('POST …/link: a fresh link with the same lifetime, mailed, downloadable, and every link audited', async () => {
    const before = (await call(`/api/v1/sample-requests/${id}`, lab.key)).body.data;
    await new Promise((resolve) => setTimeout(resolve, 1100)); // a new second: a new signature
    const fresh = await call(`/api/v1/sample-requests/${id}/link`, lab.key, 'POST');
    expect(fresh.status, fresh.text).toBe(202);
    expect(fresh.headers.get('location')).toBe(`/api/v1/sample-requests/${id}`);
    expect(fresh.body.data.status).toBe('link_sent');
    expect(Date.parse(fresh.body.data.link_sent_at)).toBeGreaterThan(Date.parse(before.link_sent_at));
    expectLifetime(fresh.body.data);
    const links = await until(
      async () => linksTo(lab.email),
      (all) => all.length === 2,
    );
    expect(links[1]).not.toBe(links[0]);
    // A mail scanner's HEAD sees the file's type and size, downloads nothing, and is not audited as a download.
    const head = await fetch(server.url + links[1], { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-type')).toBe('application/zip');
    expect(Number(head.headers.get('content-length'))).toBeGreaterThan(1000);
    const download = await fetch(server.url + links[1]);
    expect(download.status).toBe(200);
    expect((await download.arrayBuffer()).byteLength).toBeGreaterThan(0);
    const audit = (await opsOk(env(), 'audit', 'list', '--org', lab.orgId)) as Json[];
    const issued = audit.filter((entry) => entry.kind === 'sample_link');
    expect(issued).toHaveLength(2);
    for (const entry of issued) expect(entry).toMatchObject({ listing_id: LISTING_ID, org_id: lab.orgId });
    expect(audit.filter((entry) => entry.kind === 'sample_download')).toHaveLength(1);
  });

  test("another organisation's sample request is not found, to read or to relink", async () => {
    expectError(await call(`/api/v1/sample-requests/${id}`, waiting.key), 404, 'not_found');
    expectError(await call(`/api/v1/sample-requests/${id}/link`, waiting.key, 'POST'), 404, 'not_found');
    expectError(await call('/api/v1/sample-requests/smp_nope', lab.key), 404, 'not_found');
  });

  test('no fresh link while pending (409 conflict), and none once the NDA is revoked (403 nda_required)', async () => {
    const asked = await call(`/api/v1/samples/${LISTING_ID}`, waiting.key, 'POST');
    expect(asked.status).toBe(202);
    const pending = await call(`/api/v1/sample-requests/${asked.body.id}`, waiting.key);
    expect(pending.body.data.status).toBe('pending_verification');
    expectError(
      await call(`/api/v1/sample-requests/${asked.body.id}/link`, waiting.key, 'POST'),
      409,
      'conflict',
    );
    // The operator reads the state as the lab does (GET /api/v1/me): revoked, not the store's "none".
    expect((await opsOk(env(), 'nda', 'revoke', '--org', lab.orgId)).nda.state).toBe('revoked');
    const listed = (await opsOk(env(), 'org', 'list')) as Json[];
    expect(listed.find((org) => org.id === lab.orgId)!.nda.state).toBe('revoked');
    expect((await call('/api/v1/me', lab.key)).body.data.nda.state).toBe('revoked');
    expectError(await call(`/api/v1/sample-requests/${id}/link`, lab.key, 'POST'), 403, 'nda_required');
  });

  test('a listing with nothing to send: 409 sample_unavailable, nothing stored; nor for a parameter', async () => {
    const before = (await call('/api/v1/sample-requests', waiting.key)).body.count;
    expectError(await call(`/api/v1/samples/${LISTING_ID}?rush=1`, waiting.key, 'POST'), 422, 'invalid');
    expectError(
      await call('/api/v1/samples/mx-banking-support-calls', waiting.key, 'POST'),
      409,
      'sample_unavailable',
    );
    expect((await call('/api/v1/sample-requests', waiting.key)).body.count).toBe(before);
  });
});

describe('POST /api/v1/samples/{id} takes no body', () => {
  test('an empty body or {} is a request like any; a field is refused by name and nothing is stored', async () => {
    const post = (body: string) =>
      fetch(`${server.url}/api/v1/samples/${LISTING_ID}`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${waiting.key}`, 'Content-Type': 'application/json' },
        body,
      }).then(async (response) => {
        const text = await response.text();
        return { status: response.status, headers: response.headers, text, body: JSON.parse(text) as Json };
      });
    expect((await post('{}')).status).toBe(202);
    const before = (await call('/api/v1/sample-requests', waiting.key)).body.count;
    const refused = await post('{"email":"someone@else.example"}');
    expectError(refused, 422, 'invalid');
    expect(refused.body.error.fields).toEqual({
      email: ["unknown field: none is read, and the link goes to your account's address"],
    });
    const list = await post('["someone@else.example"]');
    expectError(list, 422, 'invalid');
    expect(list.body.error.fields).toEqual({ '(root)': ['send no body, or {}'] });
    expect((await call('/api/v1/sample-requests', waiting.key)).body.count).toBe(before);
  });
});

describe('GET /api/v1/sample-requests pages', () => {
  test('newest first, limit and cursor, unknown parameters refused', async () => {
    await opsOk(env(), 'nda', 'accept', '--org', lab.orgId);
    // A new acceptance after the revoke is not verified yet: no fresh link for the old request meanwhile.
    const [old] = (await call('/api/v1/sample-requests', lab.key)).body.data;
    expectError(await call(`/api/v1/sample-requests/${old.id}/link`, lab.key, 'POST'), 403, 'nda_required');
    const second = await call('/api/v1/samples/de-chest-ct-lung-nodules', lab.key, 'POST');
    expect(second.status, second.text).toBe(202);
    const all = (await call('/api/v1/sample-requests', lab.key)).body;
    expect(all.count).toBe(2);
    expect(all.data[0].id).toBe(second.body.id);
    expect(all.next_cursor).toBeNull();
    const first = await call('/api/v1/sample-requests?limit=1', lab.key);
    expect(first.body.data.map((s: Json) => s.id)).toEqual([all.data[0].id]);
    const next = await call(`/api/v1/sample-requests?limit=1&cursor=${first.body.next_cursor}`, lab.key);
    expect(next.body.data.map((s: Json) => s.id)).toEqual([all.data[1].id]);
    expect(next.body.next_cursor).toBeNull();
    expectError(await call('/api/v1/sample-requests?status=link_sent', lab.key), 422, 'invalid');
    expectError(await call('/api/v1/sample-requests?limit=-1', lab.key), 422, 'invalid');
  });
});
