// The built server, as `npm start` runs it, answers pages and feeds over HTTP.
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { DIST_CLIENT, requireBuild } from '../support/dist.ts';
import { startServer, type RunningServer } from '../support/server.ts';

let server: RunningServer;

beforeAll(async () => {
  requireBuild();
  server = await startServer();
});
afterAll(() => server?.stop());

test.each([
  ['/', 'text/html', 'Licensed training data for AI labs'],
  ['/catalog/', 'text/html', '<h1>Catalogue</h1>'],
  ['/catalog.json', 'application/json', '"count":'],
  ['/llms.txt', 'text/plain', '# Data Sourcing Service'],
])('GET %s answers 200 %s', async (path, type, text) => {
  const response = await fetch(server.url + path);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toContain(type);
  expect(await response.text()).toContain(text);
});

test('/catalog.json is served byte for byte as built', async () => {
  const response = await fetch(`${server.url}/catalog.json`);
  expect(await response.text()).toBe(await readFile(`${DIST_CLIENT}/catalog.json`, 'utf8'));
});

test('an invalid configuration stops start-up with one line naming the variable', async () => {
  await expect(startServer({ PORT: 'eighty' })).rejects.toThrow(
    /Invalid PORT="eighty": expects a port number/,
  );
});
