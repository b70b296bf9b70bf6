// Data requests: storing one (with its demand-board post and idempotency record in the same write), and what a
// lab, the public board and the operator may see of them.
import { createHash } from 'node:crypto';
import type { z } from 'zod';
import type { demandPostSchema, labRequestSchema } from '../../http/schemas.ts';
import { nextBusinessDay } from './business-days.ts';
import { ApiError, RefusedError } from '../../errors.ts';
import { newId } from '../ids.ts';
import type { Caller } from '../labs/labs.ts';
import { enqueueMail } from '../mail/queue.ts';
import { newRequestToLead, requestAckToLab } from '../mail/message.ts';
import type { DataRequestInput } from './request-schema.ts';
import {
  newestFirst,
  type DataRequestRecord,
  type DemandPostRecord,
  type IdempotencyRecord,
  type RequestFacets,
} from '../../store/records.ts';
import type { Tx, View } from '../../store/json/json-store.ts';

export type Created = { status: number; body: unknown; replayed: boolean };
type LabRequest = z.output<typeof labRequestSchema>;
type DemandPost = z.output<typeof demandPostSchema>;

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** What a request asks for, and nothing else: the part a demand post may show. */
export const facets = ({
  data_types,
  languages,
  domains,
  volume,
  timeline,
  exclusivity,
}: RequestFacets): RequestFacets => ({
  data_types,
  languages,
  domains,
  volume,
  timeline,
  exclusivity,
});

/** What a lab sees of its own request. */
export function labView(request: DataRequestRecord): LabRequest {
  return {
    id: request.id,
    status: request.status,
    created_at: request.created_at,
    reply_due_at: request.reply_due_at,
    ...facets(request),
    description: request.description,
    publish_to_demand_board: request.publish_to_demand_board,
  };
}

/** What the public sees of a demand post (contract §5): never the organisation, the text or the request id. */
export function publicPost(post: DemandPostRecord): DemandPost {
  return { id: post.id, ...facets(post), posted_on: post.posted_on };
}

/** Stores the request, its demand post, its idempotency record and its two mails, all in one write. */
export function createDataRequest(
  tx: Tx,
  input: DataRequestInput,
  caller: Caller,
  idempotency: { key: string; bodyText: string } | undefined,
  sourcingLeadEmail: string,
  now: Date,
): Created {
  const idempotencyId = idempotency && `${caller.org.id}:${idempotency.key}`;
  const bodyHash = idempotency && sha256(idempotency.bodyText);
  if (idempotencyId) {
    const earlier = tx.get('idempotency', idempotencyId);
    if (earlier) {
      if (earlier.body_sha256 !== bodyHash) {
        throw new ApiError(
          422,
          'invalid',
          'This Idempotency-Key was used with a different body; use a new key for a new request.',
          { fields: { 'Idempotency-Key': ['already used with a different body'] } },
        );
      }
      return { status: earlier.status, body: earlier.response, replayed: true };
    }
  }
  const request: DataRequestRecord = {
    id: newId('req'),
    org_id: caller.org.id,
    account_id: caller.account.id,
    key_id: caller.key.id,
    status: 'received',
    created_at: now.toISOString(),
    reply_due_at: nextBusinessDay(now).toISOString(),
    replied_at: null,
    ...input,
  };
  tx.insert('requests', request);
  if (input.publish_to_demand_board) {
    tx.insert('demand', {
      id: newId('dem'),
      request_id: request.id,
      ...facets(request),
      posted_on: request.created_at.slice(0, 10),
      created_at: request.created_at,
      removed_at: null,
    });
  }
  enqueueMail(
    tx,
    `request:${request.id}:lead`,
    sourcingLeadEmail,
    newRequestToLead(request, caller.org, caller.account),
    now,
  );
  enqueueMail(
    tx,
    `request:${request.id}:ack`,
    caller.account.email,
    requestAckToLab(request, caller.account),
    now,
  );
  const body = { data: { id: request.id, status: request.status } };
  if (idempotencyId) {
    const record: IdempotencyRecord = {
      id: idempotencyId,
      body_sha256: bodyHash!,
      status: 201,
      response: body,
      created_at: request.created_at,
    };
    tx.insert('idempotency', record);
  }
  return { status: 201, body, replayed: false };
}

export function orgRequests(view: View, orgId: string): DataRequestRecord[] {
  return view
    .all('requests')
    .filter((r) => r.org_id === orgId)
    .sort(newestFirst);
}

export function demandBoard(view: View): DemandPostRecord[] {
  return view
    .all('demand')
    .filter((post) => !post.removed_at)
    .sort(newestFirst);
}

export function overdueRequests(view: View, now: Date): DataRequestRecord[] {
  return view
    .all('requests')
    .filter((r) => r.status === 'received' && !r.replied_at && r.reply_due_at < now.toISOString())
    .sort((a, b) => (a.reply_due_at < b.reply_due_at ? -1 : 1));
}

export function markReplied(tx: Tx, id: string, now: Date): DataRequestRecord {
  const request = tx.get('requests', id);
  if (!request) throw new RefusedError(`No data request ${id}: "ops requests list" shows them.`);
  if (request.replied_at)
    throw new RefusedError(`Request ${id} was answered already, at ${request.replied_at}.`);
  return tx.update('requests', id, { status: 'in_review', replied_at: now.toISOString() });
}

export function removeDemandPost(tx: Tx, id: string, now: Date): DemandPostRecord {
  const post = tx.get('demand', id);
  if (!post) throw new RefusedError(`No demand post ${id}: "ops demand list" shows them.`);
  if (post.removed_at) throw new RefusedError(`Demand post ${id} was removed already.`);
  return tx.update('demand', id, { removed_at: now.toISOString() });
}
