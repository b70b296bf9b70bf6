// What the desk reads (contract §13): the sourcing team's views over the store, refused to anyone else. Its steps
// (reply, move, verify, approve …) are the same actions the CLI calls (requests.ts, nda.ts, access.ts …).
import { readInbox } from '../domain/desk/inbox.ts';
import { orgByName } from '../domain/desk/org-by-name.ts';
import { requireAccessRequest } from '../domain/labs/access-requests.ts';
import { boardFilterSchema, requestBoard } from '../domain/desk/request-board.ts';
import { liveReplies } from '../domain/desk/saved-replies.ts';
import { requireRequest } from '../domain/requests/own-request.ts';
import { eventsOf } from '../domain/requests/views.ts';
import { requireOperator, type ActionContext } from './context.ts';
import { approveAccess } from './access.ts';
import { parseInput } from './parse-input.ts';

export function deskInbox(context: ActionContext) {
  requireOperator(context);
  return readInbox(context.store, context.now);
}

/** The board: `query` as a form's GET sends it (any case for terms; an organisation by name or id). */
export function deskRequestBoard(context: ActionContext, query: Record<string, string>) {
  requireOperator(context);
  return requestBoard(context.store, parseInput(boardFilterSchema, query), context.now);
}

/** One request whole: its organisation and account, its events in order, its matches, and the saved replies. */
export async function deskRequest(context: ActionContext, id: string) {
  requireOperator(context);
  const { store } = context;
  const request = await requireRequest(store, id);
  const [org, account, replies] = await Promise.all([
    store.orgById(request.org_id),
    store.accountById(request.account_id),
    liveReplies(store),
  ]);
  return { request, org, account, events: eventsOf(request), matches: request.matches ?? [], replies };
}

/** An access request with the organisations whose name it shares (the desk offers to join one). */
export async function deskAccessRequest(context: ActionContext, id: string) {
  requireOperator(context);
  const request = await requireAccessRequest(context.store, id);
  const wanted = request.organisation.toLowerCase();
  const sameName = (await context.store.orgs()).filter((o) => o.name.toLowerCase() === wanted);
  return { request, sameName };
}

/** Approves into a new organisation, or into one named as a person names it (`org`: a name or an id). */
export async function approveAccessInto(context: ActionContext, id: string, org: string | undefined) {
  requireOperator(context);
  const into = org?.trim() ? (await orgByName(context.store, org)).id : undefined;
  return approveAccess(context, id, into);
}
