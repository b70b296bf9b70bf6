// The operator CLI as a process (contract §6): a value outside an option's vocabulary (`--status`, `--outcome`,
// `--role`, a STATUS argument) is bad usage, exit 2, naming the accepted values and the closest one, never an
// empty list and exit 0; and sample requests go by the API's state names (contract §9: link_sent, not sent).
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { apiClient, LISTING_ID, startApiServer } from '../support/api-client.ts';
import { makeLabByCli } from '../support/lab.ts';
import { opsProcess as ops } from '../support/ops.ts';
import type { InProcessServer } from '../support/app.ts';

describe('an unknown value', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'dss-ops-values-'));
  });
  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  test.each([
    [['samples', 'list', '--status', 'bogus'], '--status', 'link_sent', null],
    [['samples', 'list', '--status', 'rejectd'], '--status', 'pending_verification', 'rejected'],
    [['samples', 'list', '--status', 'link_snt'], '--status', 'link_sent', 'link_sent'],
    [['mail', 'list', '--status', 'bogus'], '--status', 'failed', null],
    [['mail', 'list', '--status', 'queud'], '--status', 'sending', 'queued'],
    [['access', 'list', '--status', 'pendng'], '--status', 'rejected', 'pending'],
    [['requests', 'list', '--status', 'in-review'], '--status', 'proposal_sent', 'in_review'],
    [['requests', 'move', 'req_x', 'closd'], 'STATUS', 'proposal_sent', 'closed'],
    [['requests', 'move', 'req_x', 'closed', '--outcome', 'licenced'], '--outcome', 'withdrawn', 'licensed'],
    [['listing', 'status', LISTING_ID, 'licenced'], 'STATUS', 'under_nda', 'licensed'],
    [
      ['account', 'add', '--org', 'org_x', '--email', 'a@lab.example', '--role', 'admn'],
      '--role',
      'member',
      'admin',
    ],
  ])('ops %j: exit 2, naming %s, the accepted values and the closest', async (args, what, accepted, near) => {
    const result = await ops(dataDir, ...args);
    expect(result.code, result.stderr).toBe(2);
    expect(result.stdout).toBe('');
    const value = what.startsWith('--') ? args[args.indexOf(what) + 1] : args.at(-1);
    expect(result.stderr).toContain(`${what} "${value}"`);
    expect(result.stderr).toContain(accepted);
    if (near) expect(result.stderr).toContain(`did you mean "${near}"`);
    expect(result.stderr).toContain('Usage: ops ');
  });
});

describe('sample requests by the API’s names', () => {
  let server: InProcessServer;
  const { call } = apiClient(() => server);
  beforeAll(async () => {
    server = await startApiServer();
  });
  afterAll(async () => {
    await server?.stop();
  });

  test('a sent sample is link_sent in the list, found by --status link_sent (and by the old word, sent)', async () => {
    const lab = await makeLabByCli(server.dataDir, 'Ops Names Lab');
    expect((await ops(server.dataDir, 'nda', 'accept', '--org', lab.orgId, '--verified')).code).toBe(0);
    const asked = await call(`/api/v1/samples/${LISTING_ID}`, { method: 'POST', key: lab.key });
    expect(asked.status, asked.text).toBe(202);
    // The link goes out from the server's background pass.
    await expect
      .poll(
        async () =>
          (await call(`/api/v1/sample-requests/${asked.body.id}`, { key: lab.key })).body.data.status,
      )
      .toBe('link_sent');
    const listed = await ops(server.dataDir, 'samples', 'list', '--status', 'link_sent');
    expect(listed.code, listed.stderr).toBe(0);
    expect(listed.json.map((s: any) => [s.id, s.status])).toEqual([[asked.body.id, 'link_sent']]);
    expect((await ops(server.dataDir, 'samples', 'list', '--status', 'sent')).json).toEqual(listed.json);
    expect((await ops(server.dataDir, 'samples', 'list')).json.map((s: any) => s.status)).toEqual([
      'link_sent',
    ]);
    expect((await ops(server.dataDir, 'samples', 'list', '--status', 'pending_verification')).json).toEqual(
      [],
    );
    const help = await ops(server.dataDir, 'samples', 'list', '--help');
    expect(help.stdout).toContain('pending_verification|link_sent|rejected');
  });
});
