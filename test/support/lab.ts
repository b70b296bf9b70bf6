// The one way the tests (and the benchmark) make a lab: an organisation, a verified account and a key, made by the
// operator CLI as the runbook says, on the DATA_DIR a server runs on (or will run on).
import { opsOk } from './ops.ts';

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
 * An organisation named `name`, a verified account and a key, made by three CLI commands (about a second).
 * `where`: the DATA_DIR, or the operator's whole environment (e.g. with DATABASE_URL).
 */
export async function makeLab(where: string | Record<string, string>, name = 'Test Lab'): Promise<Lab> {
  const org = await opsOk(where, 'org', 'create', '--name', name);
  const email = `lead+${org.id}@lab.example`;
  const account = await opsOk(where, 'account', 'add', '--org', org.id, '--email', email, '--verified');
  const issued = await opsOk(where, 'key', 'issue', '--account', account.id);
  return {
    orgId: org.id,
    orgName: org.name,
    accountId: account.id,
    email: account.email,
    keyId: issued.id,
    key: issued.key,
  };
}
