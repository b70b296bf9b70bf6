// A lab's team (contract §8): its accounts with their roles; admins invite and remove; never the last admin; a
// removed account's sessions end in the same write.
import { ApiError, notFound } from '../../errors.ts';
import type { Account, Org } from '../../store/records.ts';
import type { StoreReads, Tx } from '../../store/store.ts';
import { roleOf } from './caller.ts';
import { endAllSessions } from './sessions.ts';

/** The organisation's current accounts, oldest first. */
export async function teamOf(reads: StoreReads, orgId: string): Promise<Account[]> {
  return (await reads.accountsOf(orgId)).filter((account) => !account.removed_at);
}

export async function removeFromTeam(tx: Tx, org: Org, accountId: string, now: Date): Promise<Account> {
  const account = await tx.accountById(accountId);
  // Another organisation's account is "not found": its existence is not ours to confirm.
  if (!account || account.org_id !== org.id || account.removed_at) {
    throw notFound(
      `Your organisation has no account ${accountId.slice(0, 80)}. GET /api/v1/team lists yours.`,
    );
  }
  if (roleOf(account) === 'admin') {
    // An empty write takes the organisation's row lock (PostgreSQL): two admins removing each other at once are
    // counted one after the other, so the second finds the last admin. (The JSON engine runs writes one by one.)
    await tx.update('orgs', org.id, {});
    const admins = (await teamOf(tx, org.id)).filter((a) => roleOf(a) === 'admin');
    if (admins.length <= 1) {
      throw new ApiError(
        409,
        'conflict',
        'This is the organisation’s last admin: invite or promote another admin first, then remove this account.',
      );
    }
  }
  await endAllSessions(tx, account.id, now);
  return tx.update('accounts', account.id, { removed_at: now.toISOString() });
}
