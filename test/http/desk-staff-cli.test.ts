// `ops staff add|list|remove` (contract §13): the desk's first admin comes from the CLI. A role is one of two
// (any case; another is bad usage naming the closest), an address is one plain mailbox, the last admin stays,
// and a removed member comes back as the same record.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { ops } from '../support/ops.ts';

let dataDir: string;
beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'dss-staff-cli-'));
});
afterAll(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

test('staff are added, listed and removed; bad input is named with the closest value', async () => {
  const admin = await ops(
    dataDir,
    'staff',
    'add',
    '--email',
    ' Ann@Desk.Example ',
    '--name',
    'Ann',
    '--role',
    'Admin',
  );
  expect(admin.code, admin.stderr).toBe(0);
  expect(admin.json).toMatchObject({
    email: 'ann@desk.example',
    name: 'Ann',
    role: 'admin',
    removed_at: null,
  });
  expect(admin.json.id).toMatch(/^stf_/);

  const badRole = await ops(
    dataDir,
    'staff',
    'add',
    '--email',
    'bo@desk.example',
    '--name',
    'Bo',
    '--role',
    'leed',
  );
  expect(badRole.code).toBe(2);
  expect(badRole.stderr).toMatch(/"leed".*did you mean "lead"/);
  const badEmail = await ops(
    dataDir,
    'staff',
    'add',
    '--email',
    'Bo <bo@x>',
    '--name',
    'Bo',
    '--role',
    'lead',
  );
  expect(badEmail.code).toBe(1);
  expect(badEmail.stderr).toMatch(/email: must be one plain address.*\(--email\)/);
  const twice = await ops(
    dataDir,
    'staff',
    'add',
    '--email',
    'ann@desk.example',
    '--name',
    'A',
    '--role',
    'lead',
  );
  expect(twice.code).toBe(1);
  expect(twice.stderr).toMatch(/on the staff already, as admin/);

  const lead = await ops(
    dataDir,
    'staff',
    'add',
    '--email',
    'bo@desk.example',
    '--name',
    'Bo',
    '--role',
    'lead',
  );
  expect(lead.code, lead.stderr).toBe(0);
  expect((await ops(dataDir, 'staff', 'list')).json.map((s: any) => s.email)).toEqual([
    'ann@desk.example',
    'bo@desk.example',
  ]);

  const last = await ops(dataDir, 'staff', 'remove', 'ann@desk.example');
  expect(last.code).toBe(1);
  expect(last.stderr).toMatch(/last admin/);
  const removed = await ops(dataDir, 'staff', 'remove', lead.json.id);
  expect(removed.code, removed.stderr).toBe(0);
  expect(removed.json.removed_at).not.toBeNull();
  expect((await ops(dataDir, 'staff', 'remove', 'nobody@desk.example')).stderr).toMatch(
    /No staff member nobody@desk\.example: "ops staff list" shows them/,
  );
  // Back again: the same record, no longer removed.
  const back = await ops(
    dataDir,
    'staff',
    'add',
    '--email',
    'bo@desk.example',
    '--name',
    'Bo',
    '--role',
    'admin',
  );
  expect(back.json).toMatchObject({ id: lead.json.id, role: 'admin', removed_at: null });
});
