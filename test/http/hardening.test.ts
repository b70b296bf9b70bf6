// Answers that used to fall outside the contract (issue 20): a HEAD is not an NDA disclosure.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { apiClient, LISTING_ID, startApiServer } from '../support/api-client.ts';
import { httpRequest } from '../support/http.ts';
import { makeLab, type Lab } from '../support/lab.ts';
import type { RunningServer } from '../support/server.ts';

let server: RunningServer;
let lab: Lab;
const { opsOk } = apiClient(() => server);

beforeAll(async () => {
  server = await startApiServer();
  lab = await makeLab(server.dataDir, 'hardening lab');
  await opsOk('nda', 'accept', '--org', lab.orgId);
});
afterAll(async () => {
  await server?.stop();
});

test('a HEAD of a listing with an NDA key shows nothing, so it is not audited; a GET is, once', async () => {
  const audited = async () =>
    ((await opsOk('audit', 'list', '--org', lab.orgId)) as { kind: string }[]).filter(
      (entry) => entry.kind === 'nda_disclosure',
    ).length;
  const url = `${server.url}/api/v1/catalog/${LISTING_ID}`;
  const headers = { Authorization: `Bearer ${lab.key}` };
  const head = await httpRequest(url, { method: 'HEAD', headers });
  expect(head.status).toBe(200);
  expect(head.body).toBe('');
  expect(await audited()).toBe(0);
  const get = await httpRequest(url, { headers });
  expect(get.status).toBe(200);
  expect(JSON.parse(get.body).data.owner).toBeDefined();
  expect(head.headers['content-length']).toBe(get.headers['content-length']);
  expect(await audited()).toBe(1);
});
