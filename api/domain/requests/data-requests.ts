// Data requests: storing one (with its demand-board post, its idempotency record and its two mails, all in one
// write), and the operator's moderation of the demand board. Its later life is in lifecycle.ts.
import { conflict, invalid, notFound } from '../../errors.ts';
import { earlierAnswer, rememberAnswer, type Idempotency } from '../idempotency.ts';
import type { Catalog } from '../listings/catalog.ts';
import { closestListingId } from '../listings/closest-listing.ts';
import { LISTING_ID_PATTERN } from '../listings/listing-schema.ts';
import { matcherFor } from './matching.ts';
import { checkFit, type IntendedUse } from '../rights/fit.ts';
import type { DataRequestRecord, DemandPostRecord, RequestMatch } from '../../store/records.ts';
import type { Store, Tx } from '../../store/store.ts';
import { newId } from '../ids.ts';
import type { Caller } from '../labs/api-keys.ts';
import { enqueueMail } from '../mail/queue.ts';
import { emitEvent } from '../webhooks/events.ts';
import { nextBusinessDay } from './business-days.ts';
import { answeredByLead, requestAckToLab } from './mails.ts';
import { countThisHour, mailLead } from './request-flood.ts';
import type { DataRequestInput } from './request-schema.ts';
import { facets } from './views.ts';

/** The answer to a submission; `requestId` names the request made, or the one a replay answered with. */
export type Created = { status: number; body: unknown; replayed: boolean; requestId: string };

/** `listing_id` must name a listing of the catalogue: 422 naming the closest id otherwise. */
export function checkListingId(input: DataRequestInput, catalog: Pick<Catalog, 'find' | 'filter'>): void {
  const id = input.listing_id;
  if (id === null || (LISTING_ID_PATTERN.test(id) && catalog.find(id))) return;
  const near = closestListingId(id, catalog);
  const message = near
    ? `no listing has the id "${id}"; the closest is "${near}" (GET /api/v1/catalog lists them)`
    : `no listing has the id "${id}"; GET /api/v1/catalog lists every listing id`;
  throw invalid(`The data request is invalid: listing_id. See error.fields.`, { listing_id: [message] });
}

export type Submission = {
  catalog: Catalog;
  siteUrl: URL;
  sourcingLeadEmail: string;
  /** New data requests an organisation may send a clock hour (DATA_REQUESTS_PER_HOUR). */
  perHour: number;
  idempotency?: Idempotency;
};

/**
 * A lab's data request, from the API or the dashboard: the listing it names checked, matched against the catalogue
 * before the write (matching reads only the catalogue in memory, and must not hold other writers), then stored.
 */
export async function submitDataRequest(
  store: Store,
  input: DataRequestInput,
  caller: Caller,
  submission: Submission,
  now: Date,
): Promise<Created> {
  checkListingId(input, submission.catalog);
  const matches = withFit(
    matcherFor(submission.catalog, submission.siteUrl).match({
      ...input,
      volume_range: input.volume?.range ?? null,
    }),
    input.intended_use,
    submission.catalog,
  );
  const { idempotency, ...limits } = submission;
  return store.transact((tx) => createDataRequest(tx, input, caller, idempotency, limits, matches, now));
}

/** With an intended use, each match says whether it fits the listing's licence (contract §15). */
function withFit(matches: RequestMatch[], use: IntendedUse | null, catalog: Catalog): RequestMatch[] {
  if (!use) return matches;
  return matches.map((match) => {
    const { fits, reasons } = checkFit(catalog.find(match.listing_id)!.rights, use);
    return { ...match, fit: { fits, reasons } };
  });
}

/** A retry with the same Idempotency-Key and body answers the first response and stores nothing new. */
export async function createDataRequest(
  tx: Tx,
  input: DataRequestInput,
  caller: Caller,
  idempotency: Idempotency | undefined,
  { sourcingLeadEmail, siteUrl, perHour }: Pick<Submission, 'sourcingLeadEmail' | 'siteUrl' | 'perHour'>,
  matches: RequestMatch[],
  now: Date,
): Promise<Created> {
  const earlier = await earlierAnswer(tx, caller.org.id, idempotency);
  if (earlier) {
    const requestId = (earlier.response as { data: { id: string } }).data.id;
    return { status: earlier.status, body: earlier.response, replayed: true, requestId };
  }
  const before = await countThisHour(tx, caller.org, perHour, now);
  const { volume, timeline, ...rest } = input;
  const created_at = now.toISOString();
  const request: DataRequestRecord = {
    id: newId('req'),
    org_id: caller.org.id,
    account_id: caller.account.id,
    key_id: caller.key?.id ?? null, // null: made from a dashboard session
    status: 'received',
    created_at,
    reply_due_at: nextBusinessDay(now).toISOString(),
    replied_at: null,
    ...rest,
    volume: volume?.written ?? null,
    timeline: timeline?.written ?? null,
    volume_range: volume?.range ?? null,
    timeline_range: timeline?.range ?? null,
    outcome: null,
    closed_at: null,
    events: [{ at: created_at, status: 'received', message: null }],
    matches,
  };
  await tx.insert('requests', request);
  if (input.publish_to_demand_board) {
    await tx.insert('demand', {
      id: newId('dem'),
      request_id: request.id,
      ...facets(request),
      volume_range: request.volume_range ?? null,
      timeline_range: request.timeline_range ?? null,
      posted_on: request.created_at.slice(0, 10),
      created_at: request.created_at,
      removed_at: null,
    });
  }
  const { org, account } = caller;
  await mailLead(tx, request, caller, before, sourcingLeadEmail, siteUrl, now);
  await enqueueMail(
    tx,
    `request:${request.id}:ack`,
    account.email,
    answeredByLead(requestAckToLab(request, account, siteUrl), { siteUrl, sourcingLeadEmail }),
    now,
  );
  const created = {
    id: request.id,
    status: request.status,
    created_at,
    listing_id: request.listing_id ?? null,
    matches,
  };
  await emitEvent(
    tx,
    { orgId: caller.org.id, type: 'request.created', key: `request:${request.id}:created`, data: created },
    now,
  );
  const body = { data: { id: request.id, status: request.status, matches } };
  await rememberAnswer(tx, caller.org.id, idempotency, { status: 201, response: body }, now);
  return { status: 201, body, replayed: false, requestId: request.id };
}

export async function removeDemandPost(tx: Tx, id: string, now: Date): Promise<DemandPostRecord> {
  const post = await tx.demandPostById(id);
  if (!post) throw notFound(`No demand post ${id}.`);
  if (post.removed_at) throw conflict(`Demand post ${id} was removed already.`);
  return tx.update('demand', id, { removed_at: now.toISOString() });
}
