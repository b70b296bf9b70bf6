// No list grows without bound: GET /api/v1/requests, GET /api/v1/demand and the /demand/ page show the newest
// LIST_LIMIT (100), newest first, however many are stored.
import { afterAll, beforeAll, expect, test } from 'vitest';
import { LIST_LIMIT } from '../../api/domain/requests/views.ts';
import { apiClient, startApiServer, type Json } from '../support/api-client.ts';
import { makeLab, type Lab } from '../support/lab.ts';
import type { RunningServer } from '../support/server.ts';

let server: RunningServer;
let lab: Lab;
const { call, postRequest } = apiClient(() => server);
const STORED = LIST_LIMIT + 5;
const ids: string[] = [];

beforeAll(async () => {
  server = await startApiServer();
  lab = await makeLab(server.dataDir, 'list limits lab');
  // One at a time, so that creation order is the order of created_at.
  for (let i = 0; i < STORED; i++) {
    const reply = await postRequest(lab.key, {
      data_types: ['call_audio'],
      description: `Request number ${i} of the list limits test, please ignore.`,
      publish_to_demand_board: true,
    });
    expect(reply.status, reply.text).toBe(201);
    ids.push(reply.body.data.id);
  }
}, 120_000);
afterAll(async () => {
  await server?.stop();
});

test(`GET /api/v1/requests: the newest ${LIST_LIMIT}, newest first`, async () => {
  const reply = await call('/api/v1/requests', { key: lab.key });
  expect(reply.status).toBe(200);
  expect(reply.body.count).toBe(LIST_LIMIT);
  expect(reply.body.data.map((r: Json) => r.id)).toEqual(ids.slice(-LIST_LIMIT).reverse());
});

test(`GET /api/v1/demand: the newest ${LIST_LIMIT}`, async () => {
  const reply = await call('/api/v1/demand');
  expect(reply.status).toBe(200);
  expect(reply.body.count).toBe(LIST_LIMIT);
  expect(reply.body.data).toHaveLength(LIST_LIMIT);
});

test(`the /demand/ page: the newest ${LIST_LIMIT}`, async () => {
  const response = await fetch(`${server.url}/demand/`);
  expect(response.status).toBe(200);
  const html = await response.text();
  expect(html.match(/class="card demand-post"/g)).toHaveLength(LIST_LIMIT);
});
