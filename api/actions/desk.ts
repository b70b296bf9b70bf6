// What the desk reads (contract §13): the sourcing team's views over the store, refused to anyone else. Its steps
// (reply, move, verify, approve …) are the same actions the CLI calls (requests.ts, nda.ts, access.ts …).
import { readInbox } from '../domain/desk/inbox.ts';
import { orgByName } from '../domain/desk/org-by-name.ts';
import { requireAccessRequest } from '../domain/labs/access-requests.ts';
import { boardFilterSchema, requestBoard } from '../domain/desk/request-board.ts';
import { liveReplies } from '../domain/desk/saved-replies.ts';
import { requireRequest } from '../domain/requests/own-request.ts';
import { requestTimeline } from '../domain/requests/timeline.ts';
import { ownerChoices } from '../domain/staff/directory.ts';
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
  const me = context.actor.kind === 'staff' ? context.actor.staff.id : null;
  return requestBoard(context.store, parseInput(boardFilterSchema, query), context.now, me);
}

/** The team a request's owner is picked from, or filtered by: current staff, oldest first. */
export function deskOwnerChoices(context: ActionContext) {
  requireOperator(context);
  return ownerChoices(context.store, context.config);
}

/**
 * One request whole: its organisation and account, its whole thread in order, its matches, the saved replies, and
 * the team its owner is picked from.
 */
export async function deskRequest(context: ActionContext, id: string) {
  requireOperator(context);
  const { store } = context;
  const request = await requireRequest(store, id);
  const [org, account, replies, owners] = await Promise.all([
    store.orgById(request.org_id),
    store.accountById(request.account_id),
    liveReplies(store),
    deskOwnerChoices(context),
  ]);
  const thread = requestTimeline(request);
  return { request, org, account, thread, matches: request.matches ?? [], replies, owners };
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
