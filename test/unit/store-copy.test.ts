// `ops store copy --to postgres://…`: a JSON store with a lab, its requests and their mail moves into an empty
// PostgreSQL database whole; a database that holds anything is refused. Webhook endpoints keep signing after the
// move: their secrets, sealed under the JSON store's link secret, are sealed again under the LINK_SECRET given.
// The CLI's main() runs in process (support/ops.ts) and the copy once as the operator runs it, a child process:
// each Node start-up of the CLI costs about 0.5 s of CPU, and seven of them a test took it past its 60 s on a
// loaded machine.
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, inject, test } from 'vitest';
import { loadConfig } from '../../api/config.ts';
import { loadLinkSecret } from '../../api/domain/samples/links.ts';
import { registerEndpoint } from '../../api/domain/webhooks/endpoints.ts';
import { createSecretBox } from '../../api/domain/webhooks/secrets.ts';
import { openStore } from '../../api/store/open-store.ts';
import type { DataRequestRecord } from '../../api/store/records.ts';
import { makeLab, type Lab } from '../support/lab.ts';
import { ops, opsProcess } from '../support/ops.ts';
import { freshDatabase } from '../support/postgres.ts';
import { startWebhookReceiver } from '../support/webhook-receiver.ts';

const request = (lab: Lab, id: string, at: string): DataRequestRecord => ({
  id,
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
  description: `Copied request ${id}, to move into PostgreSQL.`,
  publish_to_demand_board: false,
});

test.skipIf(!inject('postgresUrl'))(
  'every record is copied, counted and compared; a non-empty target is refused',
  async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'dss-copy-'));
    const lab = await makeLab(dataDir);
    await ops(dataDir, 'nda', 'accept', '--org', lab.orgId);
    const json = await openStore({ dataDir });
    await json.transact(async (tx) => {
      for (let i = 0; i < 30; i++)
        await tx.insert(
          'requests',
          request(lab, `req_copy${i}`, new Date(Date.UTC(2026, 10, 1, 9, i)).toISOString()),
        );
    });
    await json.close();
    const databaseUrl = await freshDatabase(inject('postgresUrl'));

    const copied = await opsProcess(dataDir, 'store', 'copy', '--to', databaseUrl);
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

test.skipIf(!inject('postgresUrl'))(
  'a webhook endpoint made on the JSON store still signs on PostgreSQL, under the LINK_SECRET given to the copy',
  async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'dss-copy-webhooks-'));
    const lab = await makeLab(dataDir);
    const receiver = await startWebhookReceiver();
    try {
      // As the JSON server made it: sealed under the link secret it generated into DATA_DIR/link-secret.
      const json = await openStore({ dataDir });
      const box = createSecretBox(await loadLinkSecret(loadConfig({ DATA_DIR: dataDir })));
      receiver.secret = await json.transact(async (tx) => {
        await tx.insert('requests', request(lab, 'req_moved', new Date().toISOString()));
        const input = { orgId: lab.orgId, accountId: lab.accountId, url: receiver.url, events: [] };
        return (await registerEndpoint(tx, input, box, new Date())).secret;
      });
      await json.close();
      const databaseUrl = await freshDatabase(inject('postgresUrl'));
      const LINK_SECRET = 'the-secret-every-postgresql-instance-shares-0123456789';

      // Without the LINK_SECRET the PostgreSQL instances will use, the endpoints would be copied unusable.
      const refused = await ops(dataDir, 'store', 'copy', '--to', databaseUrl);
      expect(refused.code).toBe(1);
      expect(refused.stderr).toContain('set LINK_SECRET');

      const copied = await ops({ DATA_DIR: dataDir, LINK_SECRET }, 'store', 'copy', '--to', databaseUrl);
      expect(copied.code, copied.stderr).toBe(0);
      expect(copied.json.copied).toMatchObject({ webhooks: 1 });

      // The operator's first reply after the move: its event reaches the lab, signed with the secret it holds.
      // The instance has a DATA_DIR of its own: the default, the checkout's ./data, holds what a local `npm start`
      // recorded of how it delivers, and a CLI that delivers differently leaves the webhook queued for that server.
      const onPostgres = {
        DATA_DIR: await mkdtemp(join(tmpdir(), 'dss-copy-instance-')),
        DATABASE_URL: databaseUrl,
        LINK_SECRET,
        WEBHOOK_ALLOW_PRIVATE: 'true',
      };
      const replied = await ops(
        onPostgres,
        'requests',
        'reply',
        'req_moved',
        '--message',
        'Two listings fit.',
      );
      expect(replied.code, replied.stderr).toBe(0);
      await receiver.delivered(1, 10_000);
      const verified = receiver.received.filter((r) => r.verified).map((r) => r.event!.type);
      expect(verified).toContain('request.replied');
      expect(receiver.received.every((r) => r.verified)).toBe(true);
    } finally {
      await receiver.close();
    }
  },
  60_000,
);

test.skipIf(!inject('postgresUrl'))(
  'with DATABASE_URL set in the shell, the copy is refused: it copies the JSON store in DATA_DIR, not a database',
  async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'dss-copy-exported-'));
    await makeLab(dataDir);
    const databaseUrl = await freshDatabase(inject('postgresUrl'));
    const LINK_SECRET = 'the-secret-every-postgresql-instance-shares-0123456789';
    // As an operator preparing the move might: DATABASE_URL exported already, the same URL as --to.
    const env = { DATA_DIR: dataDir, DATABASE_URL: databaseUrl, LINK_SECRET };
    const copied = await ops(env, 'store', 'copy', '--to', databaseUrl);
    expect(copied.code, copied.stdout).toBe(2);
    expect(copied.stderr).toContain('DATABASE_URL');
    expect((await ops({ DATA_DIR: dataDir, LINK_SECRET }, 'store', 'copy', '--to', databaseUrl)).code).toBe(
      0,
    );
  },
  60_000,
);
