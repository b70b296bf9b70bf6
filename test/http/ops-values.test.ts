// The operator CLI as a process (contract §6): a value outside an option's vocabulary (`--status`, `--outcome`,
// `--role`, a STATUS argument) is bad usage, exit 2, naming the accepted values and the closest one, never an
// empty list and exit 0.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { LISTING_ID } from '../support/api-client.ts';
import { ops } from '../support/ops.ts';

describe('an unknown value', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'dss-ops-values-'));
  });
  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  test.each([
    [['samples', 'list', '--status', 'bogus'], '--status', 'pending_verification', null],
    [['samples', 'list', '--status', 'rejectd'], '--status', 'pending_verification', 'rejected'],
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
