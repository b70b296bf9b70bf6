// The operator CLI as a process (contract §6): an unknown command says which, and what was probably meant, exit 2,
// instead of burying the mistake under the whole command list; a noun alone lists its verbs; an --org that names
// no organisation is said.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { opsProcess as ops } from '../support/ops.ts';

let dataDir: string;
beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'dss-ops-usage-'));
});
afterAll(() => rm(dataDir, { recursive: true, force: true }));

test.each([
  [['requests', 'lst'], 'Unknown command "requests lst"; did you mean "requests list"?', 'requests move'],
  [['key', 'revok', 'key_x'], 'Unknown command "key revok"; did you mean "key revoke"?', 'key rotate'],
  [['org'], 'ops org needs one of: create, list', 'org create --name NAME'],
  [['orgs', 'create'], 'Unknown command "orgs create"; did you mean "org create"?', '--help'],
  [['bogus', 'thing'], 'Unknown command "bogus thing"', '--help'],
])('ops %j: exit 2, "%s", then what to run', async (args, first, then) => {
  const result = await ops(dataDir, ...args);
  expect(result.code, result.stderr).toBe(2);
  expect(result.stdout).toBe('');
  const lines = result.stderr.trim().split('\n');
  expect(lines[0]).toBe(first);
  expect(result.stderr).toContain(then);
  // The verbs of one noun or a pointer to --help, not the thirty-odd lines of every command.
  expect(lines.length).toBeLessThan(10);
});

test('ops --help lists every command on stdout, exit 0', async () => {
  const result = await ops(dataDir, '--help');
  expect(result.code).toBe(0);
  expect(result.stdout).toContain('requests move REQUEST_ID');
  expect(result.stdout).toContain('store copy --to');
});

test('audit list --org with an organisation that does not exist says so, exit 1, not an empty list', async () => {
  const result = await ops(dataDir, 'audit', 'list', '--org', 'org_nope');
  expect(result.code).toBe(1);
  expect(result.stderr).toContain('No organisation org_nope: "ops org list" shows them.');
  expect(result.stdout).toBe('');
});
