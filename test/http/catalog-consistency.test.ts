// A buyer's cross-check over HTTP: every listing the API serves is the object catalog.json publishes, and the
// server's Markdown and Croissant are the built files, for all listings.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { DIST_CLIENT, requireBuild } from '../support/dist.ts';
import { httpRequest } from '../support/http.ts';
import { startApp, type InProcessServer } from '../support/app.ts';

let server: InProcessServer;
let catalog: { data: { id: string }[]; count: number };

beforeAll(async () => {
  requireBuild();
  server = await startApp({ RATE_LIMIT_PUBLIC_PER_MINUTE: '1000' });
  catalog = JSON.parse(await readFile(join(DIST_CLIENT, 'catalog.json'), 'utf8'));
});
afterAll(() => server?.stop());

test('GET /api/v1/catalog and /api/v1/catalog/{id} say what catalog.json says, for every listing', async () => {
  const list = JSON.parse((await httpRequest(`${server.url}/api/v1/catalog`)).body);
  expect(list.data).toEqual(catalog.data);
  expect(list.count).toBe(catalog.count);
  for (const listing of catalog.data) {
    const one = await httpRequest(`${server.url}/api/v1/catalog/${listing.id}`);
    expect(one.status, listing.id).toBe(200);
    expect(JSON.parse(one.body).data, listing.id).toEqual(listing);
    for (const path of [`/catalog/${listing.id}.md`, `/catalog/${listing.id}/croissant.json`]) {
      const served = await httpRequest(server.url + path);
      expect(served.body, path).toBe(await readFile(join(DIST_CLIENT, path), 'utf8'));
    }
  }
});
