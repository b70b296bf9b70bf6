// Organisations and their contacts (accounts): the operator creates them today, the self-serve dashboard later.
import { conflict, invalid, notFound } from '../../errors.ts';
import type { Account, Org, Role } from '../../store/records.ts';
import type { StoreReads, Tx } from '../../store/store.ts';
import { newId } from '../ids.ts';
import { MAILBOX_RULE, normaliseMailbox } from './mailbox.ts';

export async function requireOrg(reads: StoreReads, id: string): Promise<Org> {
  const org = await reads.orgById(id);
  if (!org) throw notFound(`No organisation ${id}.`);
  return org;
}

export async function requireAccount(reads: StoreReads, id: string): Promise<Account> {
  const account = await reads.accountById(id);
  if (!account) throw notFound(`No account ${id}.`);
  return account;
}

export async function createOrg(tx: Tx, name: string, now: Date): Promise<Org> {
  const trimmed = name.trim();
  if (!trimmed || trimmed.length > 200)
    throw invalid('An organisation needs a name of 1 to 200 characters.', { name: ['1 to 200 characters'] });
  const org: Org = {
    id: newId('org'),
    name: trimmed,
    created_at: now.toISOString(),
    nda: { state: 'none', accepted_at: null, verified_at: null, revoked_at: null },
  };
  await tx.insert('orgs', org);
  return org;
}

export async function addAccount(
  tx: Tx,
  input: { orgId: string; email: string; name?: string; verified?: boolean; role?: Role },
  now: Date,
): Promise<Account> {
  await requireOrg(tx, input.orgId);
  const email = normaliseMailbox(input.email);
  if (!email)
    throw invalid(`${JSON.stringify(input.email)} is not an email address: give ${MAILBOX_RULE}.`, {
      email: [MAILBOX_RULE],
    });
  if (await tx.accountByEmail(email)) throw conflict(`An account for ${email} exists already.`);
  const account: Account = {
    id: newId('acc'),
    org_id: input.orgId,
    email,
    name: input.name?.trim() || null,
    verified_at: input.verified ? now.toISOString() : null,
    created_at: now.toISOString(),
    role: input.role ?? 'admin',
    removed_at: null,
  };
  await tx.insert('accounts', account);
  return account;
}

export async function verifyAccount(tx: Tx, accountId: string, now: Date): Promise<Account> {
  const account = await requireAccount(tx, accountId);
  if (account.verified_at) return account;
  return tx.update('accounts', accountId, { verified_at: now.toISOString() });
}
