// The operator CLI as a process (contract §6): a listing command prints a table for a person (a header, then one
// line per record) and every field as JSON with --json; before, each record was a block of `key: value` lines,
// fourteen of them for one mail.
import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { childEnv } from '../support/child-env.ts';
import { makeLabByCli, type Lab } from '../support/lab.ts';
import { storeEnv } from '../support/store-env.ts';

let dataDir: string;
let lab: Lab;
beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'dss-ops-tables-'));
  lab = await makeLabByCli(dataDir, 'Table Lab');
});
afterAll(() => rm(dataDir, { recursive: true, force: true }));

/** The CLI as a person runs it: without --json. */
const opsForPeople = async (...args: string[]) => {
  const env = childEnv({ DATA_DIR: dataDir, ...(await storeEnv(dataDir)) });
  return new Promise<{ code: number; lines: string[] }>((resolve) =>
    execFile(process.execPath, ['scripts/ops.ts', ...args], { env }, (error, stdout) =>
      resolve({ code: error ? Number(error.code) : 0, lines: stdout.trimEnd().split('\n') }),
    ),
  );
};

const columnsOf = (line: string) => line.trim().split(/\s{2,}/);

test.each([
  [['org', 'list'], ['id', 'name', 'nda.state', 'created_at'], () => [lab.orgId, 'Table Lab', 'none']],
  [['key', 'list', '--org', 'ORG'], ['id', 'prefix', 'name'], () => [lab.keyId, lab.key.slice(0, 8), '-']],
  [['account', 'list', '--org', 'ORG'], ['id', 'email', 'name', 'role'], () => [lab.accountId, lab.email]],
])('ops %j: a header, then one line per record', async (args, header, row) => {
  const result = await opsForPeople(...args.map((arg) => (arg === 'ORG' ? lab.orgId : arg)));
  expect(result.code).toBe(0);
  expect(result.lines).toHaveLength(2);
  expect(columnsOf(result.lines[0]!).slice(0, header.length)).toEqual(header);
  expect(columnsOf(result.lines[1]!).slice(0, row().length)).toEqual(row());
});

test('an empty listing says so', async () => {
  expect((await opsForPeople('mail', 'list', '--status', 'failed')).lines).toEqual(['(none)']);
});
