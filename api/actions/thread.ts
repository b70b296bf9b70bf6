// A request's thread and the sourcing team's own fields (contract §13): the lab writes about its request (the API,
// the dashboard, MCP); the team gives it an owner and keeps internal notes (the CLI today, the desk next). The
// author of each comes from the actor, never from the input.
import {
  addInternalNote as addNote,
  assignOwner as assign,
  postLabMessage,
} from '../domain/requests/thread.ts';
import { labOf, sourcingAuthor, transactAndKick, type ActionContext } from './context.ts';

/** The lab's message on its own request: the owner (or every lead) is mailed, and the request waits on us again. */
export function sendRequestMessage(context: ActionContext, id: string, body: string) {
  const caller = labOf(context);
  const lab = { orgId: caller.org.id, accountId: caller.account.id };
  return transactAndKick(context, (tx) => postLabMessage(tx, id, lab, body, context.now, context.config));
}

/** An internal note on a request, by the sourcing team member acting; the lab never sees it. */
export function addInternalNote(context: ActionContext, id: string, body: string) {
  const author = sourcingAuthor(context);
  return context.store.transact((tx) => addNote(tx, id, body, author, context.now));
}

/** Gives a request an owner (a staff id), or none (null). */
export function assignOwner(context: ActionContext, id: string, ownerId: string | null) {
  const author = sourcingAuthor(context);
  return context.store.transact((tx) => assign(tx, id, ownerId, author, context.now, context.config));
}
