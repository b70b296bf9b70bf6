// Broken object-level authorisation (BOLA), checked from outside: with two labs of its own, one organisation's key
// never reads another's data request, and the 404 it gets for another's id is the same as for an id that does not
// exist, so ids cannot be probed.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { apiClient, expectError, startApiServer, VALID_REQUEST, type Json } from '../support/api-client.ts';
import { makeLab, type Lab } from '../support/lab.ts';
import type { InProcessServer } from '../support/app.ts';

let server: InProcessServer;
const { call, postRequest } = apiClient(() => server);

beforeAll(async () => {
  server = await startApiServer();
});
afterAll(async () => {
  await server?.stop();
});

describe("BOLA: one organisation never sees another's requests", () => {
  let a: Lab;
  let b: Lab;
  let aRequest: string;
  beforeAll(async () => {
    // One after the other: concurrent CLI writers would only wait on each other's store lock.
    a = await makeLab(server.dataDir, 'BOLA lab A');
    b = await makeLab(server.dataDir, 'BOLA lab B');
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
