// An organisation as the desk reads it (contract §13): its accounts and roles, keys by name and last use (never a
// hash), NDA acceptances as signed, requests, sample requests, downloads with account and IP, webhook endpoints
// with their failures, and the audit with staff names. One read per part, no secret in any of them.
import { requireOrg } from '../domain/labs/organisations.ts';
import { requireOperator, type ActionContext } from './context.ts';

const RECENT = 50;

export async function deskOrg(context: ActionContext, id: string) {
  requireOperator(context);
  const { store } = context;
  const org = await requireOrg(store, id);
  const [accounts, keys, acceptances, requests, samples, hooks, audit, staff] = await Promise.all([
    store.accountsOf(org.id),
    store.keysOf(org.id),
    store.ndaAcceptances(org.id),
    store.requests({ orgId: org.id, limit: RECENT }),
    store.samples({ orgId: org.id }),
    store.webhooksOf(org.id),
    store.auditLog({ orgId: org.id }),
    store.staff(),
  ]);
  const email = new Map(accounts.map((a) => [a.id, a.email]));
  const staffName = new Map(staff.map((s) => [s.id, s.name]));
  const webhooks = await Promise.all(
    hooks.map(async (hook) => {
      const recent = (await store.deliveries({ endpointId: hook.id, limit: 10 })).items;
      const { secret_sealed: _sealed, ...shown } = hook;
      return { ...shown, failures: recent.filter((d) => d.status === 'failed' || d.last_error) };
    }),
  );
  return {
    org,
    accounts,
    keys: keys.map(({ hash: _hash, ...key }) => ({
      ...key,
      account: email.get(key.account_id) ?? key.account_id,
    })),
    acceptances: acceptances.map((a) => ({ ...a, account: email.get(a.account_id) ?? a.account_id })),
    requests: requests.items,
    samples: samples
      .slice(0, RECENT)
      .map((s) => ({ ...s, account: email.get(s.account_id) ?? s.account_id })),
    downloads: audit
      .filter((e) => e.kind === 'sample_download')
      .slice(0, RECENT)
      .map((e) => ({ ...e, account: e.account_id ? (email.get(e.account_id) ?? e.account_id) : null })),
    webhooks,
    audit: audit
      .slice(0, 100)
      .map((e) => ({ ...e, staff: e.staff_id ? (staffName.get(e.staff_id) ?? e.staff_id) : null })),
  };
}
