// Organisations and their accounts, as the sourcing team makes them by hand (contract §6); labs come in through
// access requests (access.ts) and invitations (team.ts).
import type { Role } from '../store/records.ts';
import { addAccount as add, createOrg, verifyAccount as verify } from '../domain/labs/organisations.ts';
import { requireOperator, transactAndKick, type ActionContext } from './context.ts';

export function createOrganisation(context: ActionContext, name: string) {
  requireOperator(context);
  return transactAndKick(context, (tx) => createOrg(tx, name, context.now));
}

export type NewAccount = {
  orgId: string;
  email: string;
  name?: string | undefined;
  verified: boolean;
  role: Role;
};

export function addAccount(context: ActionContext, input: NewAccount) {
  requireOperator(context);
  return transactAndKick(context, (tx) => add(tx, input, context.now));
}

/** Marks the account verified: its pending sample links are due from now on. */
export function verifyAccount(context: ActionContext, accountId: string) {
  requireOperator(context);
  return transactAndKick(context, (tx) => verify(tx, accountId, context.now));
}
