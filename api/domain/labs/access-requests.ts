// Access requests (contract §8): anyone asks from /access/ or the API; the operator approves (a new organisation,
// or joining one with --org, and a verified admin account, mailed a sign-in link) or rejects with a reason. At
// most 3 per inbox a UTC day (and hourly caps: access-flood.ts); the answer is the same whether or not the address is
// known.
import { conflict, invalid, notFound } from '../../errors.ts';
import type { AccessRequestRecord, AccessRequestStatus } from '../../store/records.ts';
import type { StoreReads, Tx } from '../../store/store.ts';
import { enqueueMail } from '../mail/queue.ts';
import { safeNext } from '../next-path.ts';
import { mailOperator, roomForAccessRequest } from './access-flood.ts';
import { accessApproved, accessRejected, accessRequestReceived } from './mails.ts';
import { addAccount, createOrg, requireOrg } from './organisations.ts';
import type { AccessRequestInput } from './schemas.ts';
import { FIRST_LINK_TTL_MS, mailSigninLink } from './signin.ts';

/**
 * Stores the request and queues both mails; past its inbox's day, stores and mails nothing (the caller answers the
 * same); past its domain's or the service's hour, refused (access-flood.ts).
 */
export async function submitAccessRequest(
  tx: Tx,
  input: AccessRequestInput,
  operatorEmail: string,
  now: Date,
  siteUrl: URL,
  next?: string,
): Promise<AccessRequestRecord | undefined> {
  const room = await roomForAccessRequest(tx, input.email, now);
  if (room.kind === 'dropped') return undefined;
  const record: AccessRequestRecord = {
    id: room.slot,
    organisation: input.organisation,
    name: input.name,
    email: input.email,
    intended_use: input.intended_use,
    verticals: input.verticals ?? [],
    status: 'pending',
    created_at: now.toISOString(),
    decided_at: null,
    reason: null,
    org_id: null,
    account_id: null,
    ...(safeNext(next) ? { next: safeNext(next) } : {}),
  };
  await tx.insert('access_requests', record);
  await mailOperator(tx, record, room.before, operatorEmail, siteUrl, now);
  await enqueueMail(tx, `access:${record.id}:received`, record.email, accessRequestReceived(record), now);
  return record;
}

export async function requireAccessRequest(reads: StoreReads, id: string): Promise<AccessRequestRecord> {
  const request = await reads.accessRequestById(id);
  if (!request) throw notFound(`No access request ${id}.`);
  return request;
}

async function requirePending(reads: StoreReads, id: string): Promise<AccessRequestRecord> {
  const request = await requireAccessRequest(reads, id);
  if (request.status !== 'pending') throw conflict(`Access request ${id} is ${request.status} already.`);
  return request;
}

/** Makes the organisation (or joins `orgId`) and a verified admin account, and mails it a sign-in link. */
export async function approveAccessRequest(
  tx: Tx,
  id: string,
  orgId: string | undefined,
  siteUrl: URL,
  now: Date,
): Promise<AccessRequestRecord> {
  const request = await requirePending(tx, id);
  if (await tx.accountByEmail(request.email)) {
    throw conflict(`${request.email} has an account already: reject this request.`);
  }
  const org = orgId ? await requireOrg(tx, orgId) : await createOrg(tx, request.organisation, now);
  const account = await addAccount(
    tx,
    { orgId: org.id, email: request.email, name: request.name, verified: true, role: 'admin' },
    now,
  );
  // The first link lives 72 hours (contract §14), and lands where the visitor was going when they asked.
  await mailSigninLink(tx, account, siteUrl, now, {
    build: (link, ttlMs) => accessApproved(request, org, link, ttlMs),
    ttlMs: FIRST_LINK_TTL_MS,
    next: request.next ?? undefined,
  });
  return tx.update('access_requests', id, {
    status: 'approved' satisfies AccessRequestStatus,
    decided_at: now.toISOString(),
    org_id: org.id,
    account_id: account.id,
  });
}

export async function rejectAccessRequest(
  tx: Tx,
  id: string,
  reason: string,
  now: Date,
): Promise<AccessRequestRecord> {
  const request = await requirePending(tx, id);
  const text = reason.trim();
  if (!text || text.length > 1000)
    throw invalid('Give a reason of 1 to 1,000 characters.', { reason: ['1 to 1,000 characters'] });
  await enqueueMail(tx, `access:${id}:rejected`, request.email, accessRejected(request, text), now);
  return tx.update('access_requests', id, {
    status: 'rejected',
    decided_at: now.toISOString(),
    reason: text,
  });
}
