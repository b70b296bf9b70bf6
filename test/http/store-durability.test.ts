// Nothing acknowledged is ever lost: the CLI and the server writing at once, and a server killed mid-load.
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, test } from 'vitest';
import { requireBuild } from '../support/dist.ts';
import { makeLabByCli } from '../support/lab.ts';
import { opsProcess as ops } from '../support/ops.ts';
import { startServer, type RunningServer } from '../support/server.ts';

const LIMITS = {
  RATE_LIMIT_KEY_PER_MINUTE: '1000000',
  RATE_LIMIT_PUBLIC_PER_MINUTE: '1000000',
  DATA_REQUESTS_PER_HOUR: '1000000',
};
const servers: RunningServer[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) await server.stop('SIGKILL');
});

const body = (i: number) =>
  JSON.stringify({
    data_types: ['call_audio'],
    description: `Durability test request number ${i}, please ignore.`,
  });

async function post(server: RunningServer, key: string, i: number): Promise<string | undefined> {
  try {
    const response = await fetch(`${server.url}/api/v1/requests`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
      body: body(i),
    });
    return response.status === 201
      ? ((await response.json()) as { data: { id: string } }).data.id
      : undefined;
  } catch {
    return undefined; // the connection died with the server: not acknowledged
  }
}

test('the CLI and 50 concurrent POSTs together: every acknowledged request stored, every CLI change kept', async () => {
  requireBuild();
  const server = await startServer(LIMITS);
  servers.push(server);
  const lab = await makeLabByCli(server.dataDir);
  const [ids, cli] = await Promise.all([
    Promise.all(Array.from({ length: 50 }, (_, i) => post(server, lab.key, i))),
    (async () => {
      const results = [];
      for (let i = 0; i < 5; i++)
        results.push(await ops(server.dataDir, 'org', 'create', '--name', `Concurrent Org ${i}`));
      results.push(await ops(server.dataDir, 'nda', 'accept', '--org', lab.orgId));
      return results;
    })(),
  ]);
  expect(ids.every(Boolean)).toBe(true);
  expect(cli.map((r) => r.code)).toEqual([0, 0, 0, 0, 0, 0]);
  const stored = (await ops(server.dataDir, 'requests', 'list')).json.map((r: { id: string }) => r.id);
  expect([...stored].sort()).toEqual([...(ids as string[])].sort());
  const orgs = (await ops(server.dataDir, 'org', 'list')).json;
  expect(orgs.map((o: { name: string }) => o.name).sort()).toEqual([
    'Concurrent Org 0',
    'Concurrent Org 1',
    'Concurrent Org 2',
    'Concurrent Org 3',
    'Concurrent Org 4',
    'Test Lab',
  ]);
  expect(orgs.find((o: { id: string }) => o.id === lab.orgId).nda.state).toBe('accepted');
  // The running server saw the CLI's NDA change at once: the lab now gets NDA fields.
  const listing = await fetch(`${server.url}/api/v1/catalog/us-auto-insurance-claims-calls`, {
    headers: { Authorization: `Bearer ${lab.key}` },
  });
  expect((await listing.json()).data.owner).toBeDefined();
}, 60_000);

test('SIGKILL under concurrent write load, restart: every acknowledged id is there and the store parses', async () => {
  requireBuild();
  // Our own DATA_DIR, so that stopping the first server does not remove it.
  const dataDir = await mkdtemp(join(tmpdir(), 'dss-kill-'));
  const server = await startServer({ ...LIMITS, DATA_DIR: dataDir });
  const lab = await makeLabByCli(server.dataDir);
  const acknowledged: string[] = [];
  let stop = false;
  let n = 0;
  const loops = Array.from({ length: 8 }, async () => {
    while (!stop) {
      const id = await post(server, lab.key, n++);
      if (id) acknowledged.push(id);
      else if (stop) break;
    }
  });
  const until = Date.now() + 10_000;
  while (acknowledged.length < 150 && Date.now() < until) await new Promise((r) => setTimeout(r, 20));
  await server.stop('SIGKILL');
  stop = true;
  await Promise.all(loops);
  expect(acknowledged.length).toBeGreaterThanOrEqual(150);

  const restarted = await startServer({ ...LIMITS, DATA_DIR: server.dataDir });
  servers.push(restarted);
  const response = await fetch(`${restarted.url}/api/v1/requests`, {
    headers: { Authorization: `Bearer ${lab.key}` },
  });
  expect(response.status).toBe(200);
  // The API lists the newest 100; the CLI lists every one.
  const stored = new Set(
    ((await ops(server.dataDir, 'requests', 'list')).json as { id: string }[]).map((r) => r.id),
  );
  const missing = acknowledged.filter((id) => !stored.has(id));
  expect(missing).toEqual([]);
}, 60_000);
