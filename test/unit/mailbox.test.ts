// One mailbox per address, the same rule wherever an address comes in: the domain, the operator CLI and the
// configuration. A list, a display name or a second recipient hidden in an address is refused, never repaired.
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { ConfigError, loadConfig } from '../../api/config.ts';
import { mailboxSchema, normaliseMailbox } from '../../api/domain/labs/mailbox.ts';
import { addAccount, createOrg } from '../../api/domain/labs/organisations.ts';
import { DomainError } from '../../api/errors.ts';
import { openStore } from '../../api/store/open-store.ts';
import { opsProcess as ops } from '../support/ops.ts';

const HOSTILE = [
  'victim,attacker@evil.test',
  'a;b@evil.test',
  'Name<x@evil.test>',
  'Name <x@evil.test>',
  '<x@evil.test>',
  '"a,b"@evil.test',
  'a@b@evil.test',
  'victim@lab.example,attacker@evil.test',
  'victim@lab.example attacker@evil.test',
  'victim@lab.example\r\nbcc: attacker@evil.test',
  'x@evil.test (comment)',
  'x@[127.0.0.1]',
  '.x@evil.test',
  'x.@evil.test',
  'x..y@evil.test',
  'x@-evil.test',
  'x@evil..test',
  'x@',
  '@evil.test',
  'plain',
  '',
  `${'a'.repeat(65)}@evil.test`,
  `a@${'b'.repeat(250)}.test`,
];

test.each(HOSTILE)('%j is not one mailbox', (address) => {
  expect(normaliseMailbox(address)).toBeUndefined();
  expect(mailboxSchema.safeParse(address).success).toBe(false);
});

test.each([
  ['lead@lab.example', 'lead@lab.example'],
  ['  Lead+org_1@Lab.Example ', 'lead+org_1@lab.example'],
  ["o'brien.x@sub.lab-1.example", "o'brien.x@sub.lab-1.example"],
  ['ops@localhost', 'ops@localhost'],
])('%j is stored as %j', (address, stored) => {
  expect(normaliseMailbox(address)).toBe(stored);
  expect(mailboxSchema.parse(address)).toBe(stored);
});

test('the domain refuses an account whose address is a list', async () => {
  const store = await openStore({ dataDir: await mkdtemp(join(tmpdir(), 'dss-mailbox-')) });
  const now = new Date();
  const org = await store.transact((tx) => createOrg(tx, 'Mailbox Lab', now));
  for (const email of ['victim,attacker@evil.test', 'a;b@evil.test', 'Name<x@evil.test>']) {
    await expect(store.transact((tx) => addAccount(tx, { orgId: org.id, email }, now))).rejects.toThrow(
      DomainError,
    );
  }
  expect(await store.accountByEmail('victim,attacker@evil.test')).toBeUndefined();
  await store.close();
});

test('the CLI refuses the same addresses: exit 1, nothing stored', async () => {
  const dataDir = await mkdtemp(join(tmpdir(), 'dss-mailbox-cli-'));
  const org = (await ops(dataDir, 'org', 'create', '--name', 'CLI Mailbox Lab')).json;
  for (const email of ['victim,attacker@evil.test', 'a;b@evil.test', 'Name<x@evil.test>']) {
    const result = await ops(dataDir, 'account', 'add', '--org', org.id, '--email', email);
    expect(result.code, email).toBe(1);
    expect(result.stderr).toContain('is not an email address');
  }
  const added = await ops(dataDir, 'account', 'add', '--org', org.id, '--email', 'Lead@Lab.Example');
  expect(added.code).toBe(0);
  expect(added.json.email).toBe('lead@lab.example');
});

test.each(['SOURCING_LEAD_EMAIL', 'MAIL_FROM'])('%s must be one mailbox too', (name) => {
  expect(() => loadConfig({ [name]: 'lead@sourcing.example,attacker@evil.test' })).toThrow(ConfigError);
  expect(loadConfig({ [name]: 'lead@sourcing.example' })).toBeDefined();
});
