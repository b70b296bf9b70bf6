// An invitation grants no more than its inviter may grant when it is used (issue 41 item 8): an admin removed or
// made a member since cannot get admin back through an invitation sent to a second address beforehand.
import type { Role, SigninTokenRecord } from '../../store/records.ts';
import type { StoreReads, Tx } from '../../store/store.ts';
import { roleOf } from './caller.ts';

/**
 * The role an invitation's account gets now: its own, capped by its inviter's current role. An inviter removed
 * (or moved out of the organisation) grants nothing (undefined: refused); one made a member, or none recorded (an
 * invitation sent before inviters were), grants member at most.
 */
export async function roleGranted(
  reads: StoreReads,
  invitation: SigninTokenRecord,
): Promise<Role | undefined> {
  const asked = invitation.role ?? 'member';
  if (!invitation.invited_by) return 'member';
  const inviter = await reads.accountById(invitation.invited_by);
  if (!inviter || inviter.removed_at || inviter.org_id !== invitation.org_id) return undefined;
  return roleOf(inviter) === 'admin' ? asked : 'member';
}

/** Removing or demoting an account cancels the invitations it sent that are still waiting to be used. */
export async function cancelInvitationsBy(
  tx: Tx,
  accountId: string,
  orgId: string,
  now: Date,
): Promise<void> {
  const waiting = (await tx.invitationsOf(orgId)).filter(
    (invitation) => invitation.invited_by === accountId && !invitation.used_at && !invitation.cancelled_at,
  );
  const cancelledAt = now.toISOString();
  await tx.updateEach(
    'signin_tokens',
    waiting.map((invitation) => ({ id: invitation.id, patch: { cancelled_at: cancelledAt } })),
  );
}
