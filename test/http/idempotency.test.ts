// Idempotency-Key on POST /api/v1/requests (contract §5): a retry with the same key and body replays the first reply
// and stores (and posts to the demand board) nothing more; the same key with another body is refused; a key is per
// organisation; malformed keys are 422. With two labs of its own, so its counts are its own.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { apiClient, expectError, startApiServer, VALID_REQUEST, type Json } from '../support/api-client.ts';
import { httpRequest } from '../support/http.ts';
import { makeLab, type Lab } from '../support/lab.ts';
import type { InProcessServer } from '../support/app.ts';

let server: InProcessServer;
const { opsOk, call, postRequest } = apiClient(() => server);

beforeAll(async () => {
  server = await startApiServer();
});
afterAll(async () => {
  await server?.stop();
});

describe('Idempotency-Key on POST /api/v1/requests', () => {
  let lab: Lab;
  let other: Lab;
  beforeAll(async () => {
    lab = await makeLab(server.dataDir, 'idempotency lab');
    other = await makeLab(server.dataDir, 'idempotency other lab');
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
    expect(second.headers.get('location')).toBe(`/api/v1/requests/${first.body.data.id}`);

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
