// The desk's staff (contract §13): the first admin comes from the CLI (`ops staff add`); after that an admin adds
// and removes staff at /desk/staff/. A lead works the desk but keeps neither the staff list nor saved replies.
import { addStaff, removeStaff, staffInputSchema } from '../domain/desk/staff.ts';
import { DomainError } from '../errors.ts';
import { parseInput } from './parse-input.ts';
import { operatorStep, requireOperator, type ActionContext } from './context.ts';

/** The operator at the CLI, or an admin at the desk; a lead is told who can. */
export function requireStaffAdmin(context: ActionContext, what: string): void {
  requireOperator(context);
  if (context.actor.kind === 'staff' && context.actor.staff.role !== 'admin')
    throw new DomainError('forbidden', `Only a desk admin can ${what}; ask one of the admins.`);
}

export function addStaffMember(context: ActionContext, input: unknown) {
  requireStaffAdmin(context, 'add staff');
  const parsed = parseInput(staffInputSchema, input);
  return operatorStep(
    context,
    (tx) => addStaff(tx, parsed, context.now),
    (member) => ({ action: 'staff.add', orgId: '', detail: `${member.id} ${member.role}` }),
  );
}

export function removeStaffMember(context: ActionContext, idOrEmail: string) {
  requireStaffAdmin(context, 'remove staff');
  return operatorStep(
    context,
    (tx) => removeStaff(tx, idOrEmail, context.now),
    (member) => ({ action: 'staff.remove', orgId: '', detail: member.id }),
  );
}
