// A data request's life after it is stored (contract §9): received → in_review → proposal_sent → closed (with an
// outcome), forward only. Each change is one function, run inside one store transaction, that writes the new
// status, appends the event the lab sees and queues the lab's mail in the same write: so a change is never told
// without being stored, nor stored without being told: the webhook events go in the same write too.
import { DomainError, conflict, invalid } from '../../errors.ts';
import type { Account, DataRequestRecord, RequestEvent } from '../../store/records.ts';
import type { Tx } from '../../store/store.ts';
import { roleOf } from '../labs/caller.ts';
import { teamOf } from '../labs/team.ts';
import { enqueueMail } from '../mail/queue.ts';
import { emitEvent } from '../webhooks/events.ts';
import {
  REQUEST_OUTCOMES,
  REQUEST_STATUSES,
  type RequestOutcome,
  type RequestStatus,
} from '../vocabulary.ts';
import {
  answeredByLead,
  replyToLab,
  statusChangeToLab,
  withdrawnToLead,
  type LabMailConfig,
} from './mails.ts';
import { OPERATOR_AUTHOR, sourcingMessage, type Author } from './thread.ts';
import { requireOwnRequest, requireRequest } from './own-request.ts';
import { eventsOf } from './views.ts';

const rank = (status: RequestStatus) => REQUEST_STATUSES.indexOf(status);

export const isRequestStatus = (value: string): value is RequestStatus =>
  (REQUEST_STATUSES as readonly string[]).includes(value);
export const isOutcome = (value: string): value is RequestOutcome =>
  (REQUEST_OUTCOMES as readonly string[]).includes(value);

/**
 * Who is mailed about a request: the account that made it, or, once it is removed from the team, the organisation's
 * oldest admin: the lead's replies are the organisation's, not a former member's.
 */
async function contactOf(tx: Tx, request: DataRequestRecord): Promise<Account | undefined> {
  const account = await tx.accountById(request.account_id);
  if (account && !account.removed_at) return account;
  return (await teamOf(tx, request.org_id)).find((member) => roleOf(member) === 'admin');
}

/** Appends `event`, applies `patch`, and mails the lab's contact (a move, or the lead's reply), all in `tx`. */
async function record(
  tx: Tx,
  request: DataRequestRecord,
  kind: 'move' | 'reply',
  event: RequestEvent,
  patch: Partial<DataRequestRecord>,
  now: Date,
  config: LabMailConfig,
): Promise<DataRequestRecord> {
  const events = [...eventsOf(request), event];
  const updated = await tx.update('requests', request.id, { ...patch, events });
  const account = await contactOf(tx, request);
  if (account) {
    const message =
      kind === 'move'
        ? statusChangeToLab(updated, account, event, config.siteUrl)
        : replyToLab(updated, account, event.message ?? '', config.siteUrl);
    // One mail per event: the event's place in the history names it.
    const mail = answeredByLead(message, config);
    await enqueueMail(tx, `request:${request.id}:event:${events.length - 1}`, account.email, mail, now);
  }
  await tellWebhooks(tx, request, updated, kind, event, events.length - 1, now);
  if (updated.outcome === 'withdrawn') await takeDownDemandPost(tx, updated.id, event.at);
  return updated;
}

/**
 * A withdrawn request is no longer wanted, so its anonymised post leaves the demand board. Other outcomes leave
 * it up: after declined or no_match the need is still unmet, and a licensed one shows what labs have sought.
 */
async function takeDownDemandPost(tx: Tx, requestId: string, at: string): Promise<void> {
  const post = await tx.demandPostOf(requestId);
  if (post && !post.removed_at) await tx.update('demand', post.id, { removed_at: at });
}

/** request.status_changed when the status moved; request.replied for the lead's reply. */
async function tellWebhooks(
  tx: Tx,
  before: DataRequestRecord,
  after: DataRequestRecord,
  kind: 'move' | 'reply',
  event: RequestEvent,
  index: number,
  now: Date,
): Promise<void> {
  const data = { id: after.id, status: after.status, at: event.at };
  const key = `request:${after.id}:event:${index}`;
  if (after.status !== before.status) {
    await emitEvent(
      tx,
      {
        orgId: after.org_id,
        type: 'request.status_changed',
        key: `${key}:status`,
        data: {
          ...data,
          previous_status: before.status,
          outcome: after.outcome ?? null,
          message: event.message,
        },
      },
      now,
    );
  }
  if (kind === 'reply') {
    const replied = { ...data, message: event.message };
    await emitEvent(
      tx,
      { orgId: after.org_id, type: 'request.replied', key: `${key}:reply`, data: replied },
      now,
    );
  }
}

export type Move = { status: RequestStatus; outcome?: RequestOutcome | null; message?: string | null };

/** The operator moves a request forward (`ops requests move`); closing needs an outcome, nothing else takes one. */
export async function moveRequest(
  tx: Tx,
  id: string,
  move: Move,
  now: Date,
  config: LabMailConfig,
): Promise<DataRequestRecord> {
  const request = await requireRequest(tx, id);
  if (request.status === 'closed') throw conflict(`Request ${id} is closed (${request.outcome}).`);
  if (rank(move.status) <= rank(request.status)) {
    const next = REQUEST_STATUSES.slice(rank(request.status) + 1).join(', ');
    throw conflict(`Request ${id} is ${request.status}; it moves forward only: to ${next}.`);
  }
  if (move.status === 'closed' && !move.outcome)
    throw invalid(`Closing needs an outcome: ${REQUEST_OUTCOMES.join(', ')}.`, {
      outcome: [`one of ${REQUEST_OUTCOMES.join(', ')}`],
    });
  if (move.status !== 'closed' && move.outcome)
    throw invalid('An outcome goes with closed only.', { outcome: ['only when the status is closed'] });
  const message = move.message?.trim() || null;
  const at = now.toISOString();
  return record(
    tx,
    request,
    'move',
    { at, status: move.status, message },
    {
      status: move.status,
      ...(move.status === 'closed' ? { outcome: move.outcome!, closed_at: at } : {}),
      ...(message && !request.replied_at ? { replied_at: at } : {}),
      // A move with words for the lab answers it; a closed request waits on nobody.
      ...(message || move.status === 'closed' ? { awaiting_reply_since: null } : {}),
    },
    now,
    config,
  );
}

/**
 * The sourcing team's reply (`ops requests reply --message`, the desk): a message of the thread, signed by `author`,
 * and an event; the lab is mailed it; received moves to in_review.
 */
export async function replyToRequest(
  tx: Tx,
  id: string,
  text: string,
  now: Date,
  config: LabMailConfig,
  author: Author = OPERATOR_AUTHOR,
): Promise<DataRequestRecord> {
  const request = await requireRequest(tx, id);
  const message = text.trim();
  if (!message)
    throw invalid('Give the lab your reply: a message of 1 to 5,000 characters.', {
      message: ['1 to 5,000 characters'],
    });
  if (request.status === 'closed') throw conflict(`Request ${id} is closed (${request.outcome}).`);
  const at = now.toISOString();
  const status = request.status === 'received' ? 'in_review' : request.status;
  return record(
    tx,
    request,
    'reply',
    { at, status, message },
    {
      ...(status !== request.status ? { status } : {}),
      replied_at: request.replied_at ?? at,
      ...sourcingMessage(request, message, author, at),
    },
    now,
    config,
  );
}

/** The lab withdraws its own request (POST /api/v1/requests/{id}/withdraw), until it is closed, with a reason or not. */
export async function withdrawRequest(
  tx: Tx,
  id: string,
  orgId: string,
  config: LabMailConfig,
  now: Date,
  reason: string | null = null,
): Promise<DataRequestRecord> {
  const request = await requireOwnRequest(tx, id, orgId);
  if (request.status === 'closed') {
    throw new DomainError(
      'conflict',
      `This request is closed already (outcome ${request.outcome}); there is nothing to withdraw. Submit a new request if you need data again.`,
    );
  }
  const at = now.toISOString();
  const updated = await record(
    tx,
    request,
    'move',
    {
      at,
      status: 'closed',
      message: reason ? `Withdrawn by your organisation: ${reason}` : 'Withdrawn by your organisation.',
    },
    { status: 'closed', outcome: 'withdrawn', closed_at: at, awaiting_reply_since: null },
    now,
    config,
  );
  const mail = withdrawnToLead(updated, config.siteUrl, reason);
  await enqueueMail(tx, `request:${id}:withdrawn:lead`, config.sourcingLeadEmail, mail, now);
  return updated;
}
