// The desk's staff (contract §13): the first admin comes from the CLI (`ops staff add`); after that an admin adds
// and removes staff at /desk/staff/. A lead works the desk but keeps neither the staff list nor saved replies.
import { addStaff, removeStaff, staffInputSchema, type StaffInput } from '../domain/desk/staff.ts';
import { DomainError, invalid } from '../errors.ts';
import { fieldErrors } from '../field-errors.ts';
import { operatorStep, requireOperator, type ActionContext } from './context.ts';

/** The operator at the CLI, or an admin at the desk; a lead is told who can. */
export function requireStaffAdmin(context: ActionContext, what: string): void {
  requireOperator(context);
  if (context.actor.kind === 'staff' && context.actor.staff.role !== 'admin')
    throw new DomainError('forbidden', `Only a desk admin can ${what}; ask one of the admins.`);
}

/** Checks a person's input (any case for the role, an address normalised) with errors by field. */
export function parseStaffInput(input: unknown): StaffInput {
  const parsed = staffInputSchema.safeParse(input);
  if (parsed.success) return parsed.data;
  const fields = fieldErrors(parsed.error.issues, 'field');
  const said = Object.entries(fields).map(([name, messages]) => `${name}: ${messages.join('; ')}`);
  throw invalid(`Check ${said.join(' and ')}.`, fields);
}

export function addStaffMember(context: ActionContext, input: unknown) {
  requireStaffAdmin(context, 'add staff');
  const parsed = parseStaffInput(input);
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
