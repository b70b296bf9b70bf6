// No list grows without bound (contract §9): GET /api/v1/requests and GET /api/v1/demand answer pages of `limit`
// (default 50, at most 100), newest first, and `next_cursor` walks them to the end without skipping or repeating
// one; the demand board's filters compare bands normalised; the /demand/ page shows the newest LIST_LIMIT (100).
import { afterAll, beforeAll, expect, test } from 'vitest';
import { DEFAULT_PAGE, LIST_LIMIT } from '../../api/domain/requests/views.ts';
import { apiClient, expectError, startApiServer, type Json } from '../support/api-client.ts';
import { makeLab, type Lab } from '../support/lab.ts';
import type { InProcessServer } from '../support/app.ts';

let server: InProcessServer;
let lab: Lab;
const { call, postRequest } = apiClient(() => server);
const STORED = LIST_LIMIT + 5;
const ids: string[] = [];
const VOLUMES = ['500 GB - 2 TB', '10+ TB', '1,000-5,000 hours', '<1 TB', '1-10 TB'];

beforeAll(async () => {
  server = await startApiServer();
  lab = await makeLab(server.dataDir, 'list limits lab');
  // One at a time, so that creation order is the order of created_at.
  for (let i = 0; i < STORED; i++) {
    const reply = await postRequest(lab.key, {
      data_types: ['call_audio'],
      volume: VOLUMES[i % VOLUMES.length],
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

/** Every page of `path`, following next_cursor. */
async function walk(path: string, key?: string): Promise<Json[][]> {
  const pages: Json[][] = [];
  let cursor: string | null = null;
  do {
    const sep = path.includes('?') ? '&' : '?';
    const reply = await call(cursor ? `${path}${sep}cursor=${cursor}` : path, { key });
    expect(reply.status, reply.text).toBe(200);
    expect(reply.body.count).toBe(reply.body.data.length);
    pages.push(reply.body.data);
    cursor = reply.body.next_cursor;
  } while (cursor);
  return pages;
}

test(`GET /api/v1/requests: ${DEFAULT_PAGE} by default, newest first`, async () => {
  const reply = await call('/api/v1/requests', { key: lab.key });
  expect(reply.body.count).toBe(DEFAULT_PAGE);
  expect(reply.body.data.map((r: Json) => r.id)).toEqual(ids.slice(-DEFAULT_PAGE).reverse());
  expect(reply.body.next_cursor).toEqual(expect.any(String));
});

test('GET /api/v1/requests: pages of 40 walk every request once, newest first', async () => {
  const pages = await walk('/api/v1/requests?limit=40', lab.key);
  expect(pages.map((page) => page.length)).toEqual([40, 40, 25]);
  expect(pages.flat().map((r: Json) => r.id)).toEqual([...ids].reverse());
});

test.each([
  ['/api/v1/requests?limit=99999999999999999999', 'limit', 'must be a whole number from 1 to 100'],
  ['/api/v1/demand?limit=99999999999999999999', 'limit', 'must be a whole number from 1 to 100'],
  ['/api/v1/demand?limit=-1.5', 'limit', 'must be a whole number from 1 to 100'],
  [`/api/v1/demand?cursor=${'x'.repeat(500)}`, 'cursor', 'is not a cursor we gave'],
])('%s: one problem, one message', async (path, field, message) => {
  const reply = await call(path, { key: lab.key });
  expectError(reply, 422, 'invalid');
  expect(reply.body.error.fields).toEqual({ [field]: [expect.stringContaining(message)] });
});

test(`GET /api/v1/demand: at most ${LIST_LIMIT} a page, walked to the end`, async () => {
  const first = await call(`/api/v1/demand?limit=${LIST_LIMIT}`);
  expect(first.body.count).toBe(LIST_LIMIT);
  expectError(await call(`/api/v1/demand?limit=${LIST_LIMIT + 1}`), 422, 'invalid');
  expectError(await call('/api/v1/demand?sort=oldest'), 422, 'invalid');
  const pages = await walk('/api/v1/demand?limit=30');
  expect(new Set(pages.flat().map((p: Json) => p.id)).size).toBe(STORED);
});

test('GET /api/v1/demand?volume=…: bands compared normalised, across units of size', async () => {
  // "2-5 TB" overlaps "500 GB - 2 TB", "1-10 TB" and "10+ TB"? no: 10+ starts above 5 TB. Not "<1 TB", not hours.
  const pages = await walk('/api/v1/demand?volume=2-5%20TB&limit=7');
  const volumes = new Set(pages.flat().map((p: Json) => p.volume));
  expect([...volumes].sort()).toEqual(['1-10 TB', '500 GB - 2 TB']);
  expect(pages.flat()).toHaveLength((STORED / VOLUMES.length) * 2);
  const hours = await walk('/api/v1/demand?volume=4k%2B%20hours');
  expect(hours.flat().every((p: Json) => p.volume === '1,000-5,000 hours')).toBe(true);
  expect(hours.flat()).toHaveLength(STORED / VOLUMES.length);
  const refused = await call('/api/v1/demand?volume=lots');
  expectError(refused, 422, 'invalid');
  expect(refused.body.error.fields.volume[0]).toContain('"1-5 TB"');
});

// The demand board's filters read values as the catalogue's do: comma-separated alternatives, any case and spacing,
// and an unknown value names the nearest known one.
test.each([
  ['data_type=call_audio', STORED],
  ['data_type=call_audio,mr_study', STORED],
  ['data_type=Call%20Audio', STORED],
  ['data_type=mr_study', 0],
  ['data_type=MR-study,ct_study', 0],
  ['language=English,es', 0],
  ['domain=Public%20sector,insurance', 0],
])('GET /api/v1/demand?%s: %i posts', async (query, count) => {
  expect((await walk(`/api/v1/demand?${query}&limit=100`)).flat()).toHaveLength(count);
});

test.each([
  ['language=Englsh', 'language', 'did you mean "English"?'],
  ['language=English,Frnch', 'language', 'did you mean "French"?'],
  ['data_type=call_audio,ct_studies', 'data_type', 'did you mean "ct_study"?'],
  ['domain=Insurence', 'domain', 'did you mean "insurance"?'],
  ['language=Xyzzy', 'language', 'try "English"'],
])('GET /api/v1/demand?%s is 422 naming %s: %s', async (query, field, hint) => {
  const reply = await call(`/api/v1/demand?${query}`);
  expectError(reply, 422, 'invalid');
  expect(reply.body.error.fields).toEqual({ [field]: [expect.stringContaining(hint)] });
});

test(`the /demand/ page: the newest ${LIST_LIMIT}`, async () => {
  const response = await fetch(`${server.url}/demand/`);
  expect(response.status).toBe(200);
  const html = await response.text();
  expect(html.match(/class="card demand-post"/g)).toHaveLength(LIST_LIMIT);
});
