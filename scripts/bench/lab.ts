// A lab with a key, made directly in a store (the CLI's rules, without a process per step).
import { addAccount, createOrg, issueKey } from '../../api/domain/labs/labs.ts';
import { Store } from '../../api/store/json/json-store.ts';

export async function labWithKeyInStore(dataDir: string) {
  const store = await Store.open(dataDir);
  const now = new Date();
  const lab = await store.transact((tx) => {
    const org = createOrg(tx, 'Benchmark Lab', now);
    const account = addAccount(tx, { orgId: org.id, email: 'bench@lab.example', verified: true }, now);
    const { record, key } = issueKey(tx, account.id, now);
    return { orgId: org.id, accountId: account.id, keyId: record.id, key };
  });
  await store.close();
  return lab;
}
