// The sourcing desk's staff (contract §13): people of our own, not lab accounts. A lead works the desk; an admin
// also keeps the staff list and the saved replies. Removing someone ends every desk session they hold at once.
import { z } from 'zod';
import { DomainError, notFound } from '../../errors.ts';
import type { StaffRecord, StaffRole } from '../../store/desk-records.ts';
import type { StoreReads, Tx } from '../../store/store.ts';
import { newId } from '../ids.ts';
import { mailboxSchema } from '../labs/mailbox.ts';
import { lineText } from '../labs/schemas.ts';
import { vocabularyTerm } from '../vocabulary-term.ts';

export const STAFF_ROLES = ['lead', 'admin'] as const satisfies readonly StaffRole[];

export const staffInputSchema = z.strictObject({
  email: mailboxSchema,
  name: lineText('their name', 120),
  role: vocabularyTerm(STAFF_ROLES, 'a role'),
});
export type StaffInput = z.output<typeof staffInputSchema>;

/** Current staff: on the list and not removed. */
export const isCurrentStaff = (staff: StaffRecord | undefined): staff is StaffRecord =>
  Boolean(staff && !staff.removed_at);

/** A staff member by id (`stf_…`) or by email address, removed ones included. */
export async function findStaff(reads: StoreReads, idOrEmail: string): Promise<StaffRecord | undefined> {
  const wanted = idOrEmail.trim().toLowerCase();
  return (await reads.staff()).find((s) => s.id.toLowerCase() === wanted || s.email === wanted);
}

/**
 * Adds a member, or brings back a removed one with the same address (one record per address, so the audit trail
 * stays theirs); a current member's address is refused (409) saying what they are.
 */
export async function addStaff(tx: Tx, input: StaffInput, now: Date): Promise<StaffRecord> {
  const existing = await findStaff(tx, input.email);
  if (existing && !existing.removed_at) {
    throw new DomainError(
      'conflict',
      `${input.email} is on the staff already, as ${existing.role} (${existing.id}): remove them first to change the role.`,
    );
  }
  if (existing) return tx.update('staff', existing.id, { ...input, removed_at: null });
  const record: StaffRecord = { id: newId('stf'), ...input, created_at: now.toISOString(), removed_at: null };
  await tx.insert('staff', record);
  return record;
}

/**
 * Removes a member and ends their desk sessions. The last admin stays: without one nobody could add staff from the
 * desk (the CLI still can, but a desk that locks itself out is a mistake worth refusing).
 */
export async function removeStaff(tx: Tx, idOrEmail: string, now: Date): Promise<StaffRecord> {
  const member = await findStaff(tx, idOrEmail);
  if (!member) throw notFound(`No staff member ${idOrEmail.slice(0, 120)}.`);
  if (member.removed_at) throw new DomainError('conflict', `${member.email} was removed already.`);
  if (member.role === 'admin') {
    const admins = (await tx.staff()).filter((s) => isCurrentStaff(s) && s.role === 'admin');
    if (admins.length <= 1)
      throw new DomainError('conflict', `${member.email} is the last admin: add another admin first.`);
  }
  for (const session of await tx.deskSessionsOf(member.id))
    if (!session.ended_at) await tx.update('desk_sessions', session.id, { ended_at: now.toISOString() });
  return tx.update('staff', member.id, { removed_at: now.toISOString() });
}
