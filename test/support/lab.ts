// The one way the tests (and the benchmark) make a lab: an organisation, a verified account and a key, on the
// DATA_DIR a service runs on (or will run on). makeLab writes them through the same domain functions the operator
// CLI's three commands call, in the test process (milliseconds); makeLabByCli runs the three commands, as the
// runbook says (about a second), for the tests whose subject is the CLI.
import { addAccount, createOrg } from '../../api/domain/labs/organisations.ts';
import { issueKey } from '../../api/domain/labs/api-keys.ts';
import { openStore } from '../../api/store/open-store.ts';
import { opsOkProcess } from './ops.ts';
import { storeEnv } from './store-env.ts';

export type Lab = {
  orgId: string;
  /** As the CLI stored it (trimmed). */
  orgName: string;
  accountId: string;
  /** The verified account's address, where the lab's mail goes. */
  email: string;
  keyId: string;
  /** The key itself (`dss_…`): the CLI shows it once, at issue. */
  key: string;
};

/**
 * An organisation named `name`, a verified account and a key, as `org create`, `account add --verified` and
 * `key issue` make them. `where`: the DATA_DIR, or the operator's whole environment (e.g. with DATABASE_URL).
 */
export async function makeLab(where: string | Record<string, string>, name = 'Test Lab'): Promise<Lab> {
  const given = typeof where === 'string' ? { DATA_DIR: where } : where;
  const env = { ...(given.DATA_DIR ? await storeEnv(given.DATA_DIR) : {}), ...given };
  const store = await openStore({
    dataDir: env.DATA_DIR ?? 'data',
    databaseUrl: env.DATABASE_URL || undefined,
  });
  try {
    const org = await store.transact((tx) => createOrg(tx, name, new Date()));
    const email = `lead+${org.id}@lab.example`;
    const account = await store.transact((tx) =>
      addAccount(tx, { orgId: org.id, email, verified: true, role: 'admin' }, new Date()),
    );
    const issued = await store.transact((tx) => issueKey(tx, account.id, new Date()));
    return {
      orgId: org.id,
      orgName: org.name,
      accountId: account.id,
      email: account.email,
      keyId: issued.record.id,
      key: issued.key,
    };
  } finally {
    await store.close();
  }
}

/** The same lab, made by three CLI commands as the runbook says: for tests whose subject is the CLI. */
export async function makeLabByCli(where: string | Record<string, string>, name = 'Test Lab'): Promise<Lab> {
  const org = await opsOkProcess(where, 'org', 'create', '--name', name);
  const email = `lead+${org.id}@lab.example`;
  const account = await opsOkProcess(
    where,
    'account',
    'add',
    '--org',
    org.id,
    '--email',
    email,
    '--verified',
  );
  const issued = await opsOkProcess(where, 'key', 'issue', '--account', account.id);
  return {
    orgId: org.id,
    orgName: org.name,
    accountId: account.id,
    email: account.email,
    keyId: issued.id,
    key: issued.key,
  };
}
