// Data requests (contract §5, §9): a lab submits and withdraws its own; the sourcing team replies and moves them
// forward. Every door calls these, so the record, the mails and the webhooks are the same whichever was used.
import { submitDataRequest as submit } from '../domain/requests/data-requests.ts';
import {
  moveRequest as move,
  replyToRequest as reply,
  withdrawRequest as withdraw,
  type Move,
} from '../domain/requests/lifecycle.ts';
import type { DataRequestInput } from '../domain/requests/request-schema.ts';
import { DomainError } from '../errors.ts';
import { labOf, operatorStep, sourcingAuthor, transactAndKick, type ActionContext } from './context.ts';

// Idempotency keys whose first request is still being stored, in this process: a retry racing it gets 409.
const inFlight = new Set<string>();

/**
 * A lab's data request, matched against the catalogue and stored with its mails and `request.created`. With an
 * idempotency key, a retry with the same key and body answers the first response and stores nothing new.
 */
export async function submitDataRequest(
  context: ActionContext,
  input: DataRequestInput,
  idempotency?: { key: string; bodyText: string },
) {
  const caller = labOf(context);
  const flightKey = idempotency && `${caller.org.id}:${idempotency.key}`;
  if (flightKey && inFlight.has(flightKey)) {
    throw new DomainError(
      'conflict',
      'A request with this idempotency key is still being processed; retry in a moment.',
      {
        retryAfterSeconds: 1,
      },
    );
  }
  if (flightKey) inFlight.add(flightKey);
  try {
    const submission = {
      catalog: context.catalog,
      siteUrl: context.config.siteUrl,
      sourcingLeadEmail: context.config.sourcingLeadEmail,
      perHour: context.config.dataRequestsPerHour,
      idempotency,
    };
    const created = await submit(context.store, input, caller, submission, context.now);
    if (!created.replayed) context.background?.kick();
    return created;
  } finally {
    if (flightKey) inFlight.delete(flightKey);
  }
}

/** The lab withdraws its own request (another organisation's is "not found"), until it is closed. */
export function withdrawRequest(context: ActionContext, id: string, reason: string | null = null) {
  const caller = labOf(context);
  return transactAndKick(context, (tx) =>
    withdraw(tx, id, caller.org.id, context.config, context.now, reason),
  );
}

/** The sourcing lead's reply: mailed to the lab, `request.replied`, and `received` moves to `in_review`. */
export function replyToRequest(context: ActionContext, id: string, message: string) {
  const author = sourcingAuthor(context);
  return operatorStep(
    context,
    (tx) => reply(tx, id, message, context.now, context.config, author),
    (done) => ({ action: 'request.reply', orgId: done.org_id, detail: id }),
  );
}

/** Moves a request forward (never back), with an outcome when it closes. */
export function moveRequest(context: ActionContext, id: string, next: Move) {
  return operatorStep(
    context,
    (tx) => move(tx, id, next, context.now, context.config),
    (done) => ({ action: 'request.move', orgId: done.org_id, detail: `${id} ${done.status}` }),
  );
}
