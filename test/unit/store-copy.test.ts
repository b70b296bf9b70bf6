// `ops store copy --to postgres://…`: a JSON store with a lab, its requests and their mail moves into an empty
// PostgreSQL database whole; a database that holds anything is refused.
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, inject, test } from 'vitest';
import { openStore } from '../../api/store/open-store.ts';
import { makeLab } from '../support/lab.ts';
import { ops } from '../support/ops.ts';
import { freshDatabase } from '../support/postgres.ts';

test.skipIf(!inject('postgresUrl'))(
  'every record is copied, counted and compared; a non-empty target is refused',
  async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'dss-copy-'));
    const lab = await makeLab(dataDir);
    await ops(dataDir, 'nda', 'accept', '--org', lab.orgId);
    const json = await openStore({ dataDir });
    await json.transact(async (tx) => {
      for (let i = 0; i < 30; i++) {
        const at = new Date(Date.UTC(2026, 10, 1, 9, i)).toISOString();
        await tx.insert('requests', {
          id: `req_copy${i}`,
          org_id: lab.orgId,
          account_id: lab.accountId,
          key_id: lab.keyId,
          status: 'received',
          created_at: at,
          reply_due_at: at,
          replied_at: null,
          data_types: ['call_audio'],
          languages: ['English'],
          domains: [],
          volume: null,
          timeline: null,
          exclusivity: null,
          description: `Copied request number ${i}, to move into PostgreSQL.`,
          publish_to_demand_board: false,
        });
      }
    });
    await json.close();
    const databaseUrl = await freshDatabase(inject('postgresUrl'));

    const copied = await ops(dataDir, 'store', 'copy', '--to', databaseUrl);
    expect(copied.code, copied.stderr).toBe(0);
    expect(copied.json.copied).toMatchObject({ orgs: 1, accounts: 1, keys: 1, requests: 30 });

    const postgres = await openStore({ dataDir: 'unused', databaseUrl });
    const source = await openStore({ dataDir });
    expect((await postgres.requests({ orgId: lab.orgId })).items).toEqual(
      (await source.requests({ orgId: lab.orgId })).items,
    );
    expect(await postgres.orgById(lab.orgId)).toEqual(await source.orgById(lab.orgId));
    await Promise.all([postgres.close(), source.close()]);

    const again = await ops(dataDir, 'store', 'copy', '--to', databaseUrl);
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(/not empty/);
    expect((await ops(dataDir, 'store', 'copy', '--to', 'mysql://x')).code).toBe(2);
  },
  60_000,
);
