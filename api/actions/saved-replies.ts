// Saved replies (contract §13): an admin keeps them at /desk/replies/; every lead picks from them.
import { addSavedReply, removeSavedReply, savedReplySchema } from '../domain/desk/saved-replies.ts';
import { operatorStep, type ActionContext } from './context.ts';
import { parseInput } from './parse-input.ts';
import { requireStaffAdmin } from './staff.ts';

const authorOf = (context: ActionContext) =>
  context.actor.kind === 'staff' ? context.actor.staff.id : 'cli';

export function addReply(context: ActionContext, input: unknown) {
  requireStaffAdmin(context, 'keep the saved replies');
  const parsed = parseInput(savedReplySchema, input);
  return operatorStep(
    context,
    (tx) => addSavedReply(tx, parsed, authorOf(context), context.now),
    (reply) => ({ action: 'reply.add', orgId: '', detail: reply.id }),
  );
}

export function removeReply(context: ActionContext, id: string) {
  requireStaffAdmin(context, 'keep the saved replies');
  return operatorStep(
    context,
    (tx) => removeSavedReply(tx, id, context.now),
    (reply) => ({ action: 'reply.remove', orgId: '', detail: reply.id }),
  );
}
