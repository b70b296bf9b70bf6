// `ops listings recall` and `ops recalls list` in process (issue 43), on the engine the project runs: refusals that
// say what to do and store nothing, and the operator's view of who acknowledged and who has not, by name.
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, expect, test } from 'vitest';
import { acknowledge } from '../../api/domain/recalls/recalls.ts';
import { openStore } from '../../api/store/open-store.ts';
import type { Store } from '../../api/store/store.ts';
import { main } from '../../scripts/ops.ts';
import { childEnv } from '../support/child-env.ts';
import { makeLab, type Lab } from '../support/lab.ts';
import { ops, opsOk } from '../support/ops.ts';
import { storeEnv } from '../support/store-env.ts';

const LISTING = 'ph-telehealth-consultations';
let dataDir: string;
let first: Lab;
let second: Lab;

/** Opens the store the CLI uses, runs `work` on it, and closes it (the CLI opens its own each run). */
async function withStore<T>(work: (store: Store) => Promise<T>): Promise<T> {
  const env = await storeEnv(dataDir);
  const store = await openStore({ dataDir, databaseUrl: env.DATABASE_URL || undefined });
  try {
    return await work(store);
  } finally {
    await store.close();
  }
}

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'dss-recalls-cli-'));
  first = await makeLab(dataDir, 'Northwind Speech');
  second = await makeLab(dataDir, 'Contoso Audio');
  // Both received the listing's sample link.
  await withStore((store) =>
    store.transact(async (tx) => {
      for (const lab of [first, second])
        await tx.insert('samples', {
          id: `smp_${lab.orgId}`,
          org_id: lab.orgId,
          account_id: lab.accountId,
          key_id: null,
          listing_id: LISTING,
          status: 'sent',
          created_at: new Date().toISOString(),
          approved_at: null,
          sent_at: new Date().toISOString(),
          rejected_at: null,
          reject_reason: null,
        });
    }),
  );
});

test.each([
  [
    'an unknown listing',
    ['listings', 'recall', 'ph-telehealth-consultation', '--items', 'C-1', '--reason', 'r'],
    1,
    /ph-telehealth-consultations/,
  ],
  ['no --items', ['listings', 'recall', LISTING, '--reason', 'Consent withdrawn'], 2, /--items is required/],
  [
    'an item id with a space',
    ['listings', 'recall', LISTING, '--items', 'C 1', '--reason', 'r'],
    1,
    /items\.0/,
  ],
  ['a blank reason', ['listings', 'recall', LISTING, '--items', 'C-1', '--reason', '  '], 1, /reason/],
])('%s is refused, saying what to do, and nothing is stored', async (_what, args, code, said) => {
  const result = await ops(dataDir, ...args);
  expect(result.code).toBe(code);
  expect(result.stderr).toMatch(said);
  expect((await opsOk(dataDir, 'recalls', 'list')).length).toBe(0);
});

test('recalls list names each organisation told: who acknowledged and who has not', async () => {
  const recall = await opsOk(
    dataDir,
    'listings',
    'recall',
    LISTING,
    '--items',
    'C-3b211e91e264',
    '--reason',
    'Withdrawn',
  );
  expect(recall.items[0].files.map((f: { path: string }) => f.path)).toEqual([
    'calls/C-3b211e91e264.wav',
    'transcripts/C-3b211e91e264.jsonl',
    'labels/C-3b211e91e264.json',
  ]);
  const who = { orgId: first.orgId, accountId: first.accountId, keyId: first.keyId, ip: '192.0.2.7' };
  await withStore((store) =>
    store.transact((tx) =>
      acknowledge(tx, recall.id, { deleted: true, statement: 'Purged.' }, who, new Date()),
    ),
  );
  const [row] = await opsOk(dataDir, 'recalls', 'list', '--listing', LISTING);
  expect(row.acknowledged).toEqual([
    expect.objectContaining({
      org_id: first.orgId,
      name: 'Northwind Speech',
      by: first.keyId,
      statement: 'Purged.',
    }),
  ]);
  expect(row.waiting).toEqual([{ org_id: second.orgId, name: 'Contoso Audio' }]);
  // Without --json, one line per recall with names beside ids.
  let stdout = '';
  const io = {
    env: childEnv({ DATA_DIR: dataDir, ...(await storeEnv(dataDir)) }),
    stdout: { write: (text: string) => (stdout += text) },
    stderr: { write: () => true },
  };
  expect(await main(['recalls', 'list'], io)).toBe(0);
  expect(stdout).toContain(`Northwind Speech (${first.orgId})`);
  expect(stdout).toContain(`Contoso Audio (${second.orgId})`);
  expect(stdout.split('\n')[0]).toMatch(/^id\s+listing_id\s+created_at\s+items\s+acknowledged\s+waiting$/);
});
