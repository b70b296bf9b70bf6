// The rights documents as the server sends them (issue 43): the built bytes, with a media type a JSON-LD or SPDX
// tool accepts, open to other origins like the other feeds.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startApp, type InProcessServer } from '../support/app.ts';
import { DIST_CLIENT, requireBuild } from '../support/dist.ts';

let server: InProcessServer;
beforeAll(async () => {
  requireBuild();
  server = await startApp({});
});
afterAll(() => server?.stop());

const ID = 'nordic-screening-mammography';

test.each([
  [`/catalog/${ID}/rights.jsonld`, 'application/ld+json; charset=utf-8'],
  [`/catalog/${ID}/spdx.json`, 'application/ld+json; charset=utf-8'],
  [`/catalog/${ID}/croissant.json`, 'application/ld+json; charset=utf-8'],
  [`/catalog/${ID}/ai-act-source.json`, 'application/json; charset=utf-8'],
  ['/.well-known/tdmrep.json', 'application/json; charset=utf-8'],
  ['/tdm-policy.jsonld', 'application/ld+json; charset=utf-8'],
])('%s is served as %s, the built bytes, open to any origin', async (path, type) => {
  const answer = await fetch(server.url + path);
  expect(answer.status).toBe(200);
  expect(answer.headers.get('content-type')).toBe(type);
  expect(answer.headers.get('access-control-allow-origin')).toBe('*');
  expect(await answer.text()).toBe(await readFile(join(DIST_CLIENT, path), 'utf8'));
});
