// Access requests (contract §8): anyone asks for access for an organisation; the operator approves it (into a new
// organisation or an existing one) or rejects it with a reason that is mailed.
import {
  approveAccessRequest,
  rejectAccessRequest,
  submitAccessRequest as submit,
} from '../domain/labs/access-requests.ts';
import type { AccessRequestInput } from '../domain/labs/schemas.ts';
import { operatorStep, transactAndKick, type ActionContext } from './context.ts';

/** Stored and mailed, or dropped over the address's daily limit: the caller answers the same either way. */
export function submitAccessRequest(context: ActionContext, input: AccessRequestInput, next?: string) {
  return transactAndKick(context, (tx) =>
    submit(tx, input, context.config.sourcingLeadEmail, context.now, context.config.siteUrl, next),
  );
}

export function approveAccess(context: ActionContext, id: string, orgId?: string) {
  return operatorStep(
    context,
    (tx) => approveAccessRequest(tx, id, orgId, context.config.siteUrl, context.now),
    (done) => ({ action: 'access.approve', orgId: done.org_id ?? '', detail: id }),
  );
}

export function rejectAccess(context: ActionContext, id: string, reason: string) {
  return operatorStep(
    context,
    (tx) => rejectAccessRequest(tx, id, reason, context.now),
    () => ({ action: 'access.reject', orgId: '', detail: id }),
  );
}
