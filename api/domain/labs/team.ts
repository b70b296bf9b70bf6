// A lab's team (contract §8): its accounts with their roles; admins invite (and cancel an invitation not yet used),
// change roles and remove; never leaving the organisation without an admin; a removed account's sessions end, its
// API keys are revoked and its pending sample requests rejected, in the same write.
import { DomainError, notFound } from '../../errors.ts';
import type { Account, Org, Role, SigninTokenRecord } from '../../store/records.ts';
import type { StoreReads, Tx } from '../../store/store.ts';
import { rejectSample } from '../samples/sample-requests.ts';
import { isRevoked, revokeKey } from './api-keys.ts';
import { roleOf } from './caller.ts';
import { cancelInvitationsBy } from './inviter.ts';
import { disableEndpointsOf } from '../webhooks/endpoints.ts';
import { endAllSessions } from './sessions.ts';
import { isCurrentMember, mailInvitation } from './signin.ts';

const REMOVED =
  'The account that asked for this sample was removed from your organisation; ask for it again from a current account.';

/** The organisation's current accounts, oldest first. */
export async function teamOf(reads: StoreReads, orgId: string): Promise<Account[]> {
  return (await reads.accountsOf(orgId)).filter((account) => !account.removed_at);
}

export type Invited =
  { kind: 'invited'; invitation: SigninTokenRecord } | { kind: 'role_changed'; member: Account };

/**
 * POST /api/v1/team/invitations: a current member invited with another role gets that role (an invitation's link
 * would only sign them in as they are); anyone else is mailed an invitation, or refused (signin.ts: mailInvitation).
 */
export async function inviteToTeam(
  tx: Tx,
  input: { email: string; role: Role; org: Org; invitedBy: string; inviterId: string },
  siteUrl: URL,
  now: Date,
): Promise<Invited> {
  const existing = await tx.accountByEmail(input.email);
  if (
    existing &&
    existing.org_id === input.org.id &&
    isCurrentMember(existing) &&
    roleOf(existing) !== input.role
  ) {
    return { kind: 'role_changed', member: await changeRole(tx, input.org, existing, input.role, now) };
  }
  const invitation = await mailInvitation(
    tx,
    {
      email: input.email,
      role: input.role,
      orgId: input.org.id,
      invitedBy: input.invitedBy,
      inviterId: input.inviterId,
    },
    siteUrl,
    now,
  );
  return { kind: 'invited', invitation };
}

async function changeRole(tx: Tx, org: Org, account: Account, role: Role, now: Date): Promise<Account> {
  if (role === 'member') {
    await keepAnAdmin(
      tx,
      org,
      'This is the organisation’s last admin: invite another admin (or invite a member as admin) first, then change this role.',
    );
    await cancelInvitationsBy(tx, account.id, org.id, now);
  }
  return tx.update('accounts', account.id, { role });
}

/** Refuses (409) when the admin about to go is the organisation's last. */
async function keepAnAdmin(tx: Tx, org: Org, message: string): Promise<void> {
  // An empty write takes the organisation's row lock (PostgreSQL): two admins removing or demoting each other at
  // once are counted one after the other, so the second finds the last admin. (The JSON engine runs writes one by one.)
  await tx.update('orgs', org.id, {});
  const admins = (await teamOf(tx, org.id)).filter((a) => roleOf(a) === 'admin');
  if (admins.length <= 1) throw new DomainError('conflict', message);
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
    await keepAnAdmin(
      tx,
      org,
      'This is the organisation’s last admin: invite another admin (or invite a member as admin) first, then remove this account.',
    );
  }
  await endAllSessions(tx, account.id, now);
  await cancelInvitationsBy(tx, account.id, org.id, now);
  await disableEndpointsOf(tx, org.id, account.id, now);
  const removed = await tx.update('accounts', account.id, { removed_at: now.toISOString() });
  // A key they read when it was made would otherwise keep the organisation's NDA fields and samples open to them.
  for (const key of await tx.keysOf(org.id)) {
    if (key.account_id === account.id && !isRevoked(key, now)) await revokeKey(tx, key.id, now);
  }
  // Their samples' links would be mailed to them: a colleague asks again, under their own account. (Not mailed.)
  for (const sample of await tx.samples({ orgId: org.id, status: 'pending_verification' })) {
    if (sample.account_id === account.id) await rejectSample(tx, sample.id, REMOVED, (id) => id, now);
  }
  return removed;
}

/** An invitation whose link would still make an account: neither used, cancelled nor expired. */
const isPending = (invitation: SigninTokenRecord, now: Date) =>
  !invitation.used_at && !invitation.cancelled_at && Date.parse(invitation.expires_at) > now.getTime();

/** GET /api/v1/team/invitations: the invitations still waiting to be used, newest first. */
export async function pendingInvitations(
  reads: StoreReads,
  orgId: string,
  now: Date,
): Promise<SigninTokenRecord[]> {
  return (await reads.invitationsOf(orgId)).filter((invitation) => isPending(invitation, now));
}

/**
 * DELETE /api/v1/team/invitations/{id}: its link stops working (an address mistyped, a colleague who is not
 * coming). Cancelling one already cancelled or expired changes nothing (undefined); one already used is refused,
 * since the account exists: that is a removal.
 */
export async function cancelInvitation(
  tx: Tx,
  orgId: string,
  id: string,
  now: Date,
): Promise<SigninTokenRecord | undefined> {
  const invitation = (await tx.invitationsOf(orgId)).find((candidate) => candidate.id === id);
  if (!invitation) {
    throw notFound(
      `Your organisation has no invitation ${id.slice(0, 80)}. GET /api/v1/team/invitations lists those waiting.`,
    );
  }
  if (invitation.used_at) {
    throw new DomainError(
      'conflict',
      `${invitation.email} used this invitation already and is in your team: remove the account instead (DELETE /api/v1/team/{account_id}).`,
    );
  }
  if (!isPending(invitation, now)) return undefined;
  return tx.update('signin_tokens', invitation.id, { cancelled_at: now.toISOString() });
}
