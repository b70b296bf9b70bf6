// The team (contract §8): an organisation's admins invite, cancel invitations and remove members.
import type { Role } from '../store/records.ts';
import { cancelInvitation as cancel, inviteToTeam, removeFromTeam } from '../domain/labs/team.ts';
import { labAdmin, transactAndKick, type ActionContext } from './context.ts';

/** Mails a sign-in link that makes the account on first use; a member invited again has their role changed. */
export function inviteMember(context: ActionContext, input: { email: string; role: Role }) {
  const caller = labAdmin(context, 'change the team');
  const invitedBy = caller.account.name ?? caller.account.email;
  return transactAndKick(context, (tx) =>
    inviteToTeam(
      tx,
      { ...input, org: caller.org, invitedBy, inviterId: caller.account.id },
      context.config.siteUrl,
      context.now,
    ),
  );
}

export function cancelInvitation(context: ActionContext, invitationId: string) {
  const caller = labAdmin(context, 'change the team');
  return transactAndKick(context, (tx) => cancel(tx, caller.org.id, invitationId, context.now));
}

/** Removes a member (never the last admin) and ends their sessions and keys. */
export function removeMember(context: ActionContext, accountId: string) {
  const caller = labAdmin(context, 'change the team');
  return transactAndKick(context, (tx) => removeFromTeam(tx, caller.org, accountId, context.now));
}
