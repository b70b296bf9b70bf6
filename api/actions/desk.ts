// What the desk reads (contract §13): the sourcing team's views over the store, refused to anyone else. Its steps
// (reply, move, verify, approve …) are the same actions the CLI calls (requests.ts, nda.ts, access.ts …).
import { readInbox } from '../domain/desk/inbox.ts';
import { requireOperator, type ActionContext } from './context.ts';

export function deskInbox(context: ActionContext) {
  requireOperator(context);
  return readInbox(context.store, context.now);
}
