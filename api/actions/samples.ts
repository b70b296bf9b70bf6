// Sample requests (contract §5, §9): the checks in the contract's order (the listing, 404; the NDA, 403 nda_required;
// a sample to send, 409 sample_unavailable with nothing stored), then the request with its daily cap; a fresh link
// for one approved already; the operator approves or rejects.
import { ndaAccepted } from '../domain/labs/nda.ts';
import { unknownListingMessage } from '../domain/listings/closest-listing.ts';
import { LISTING_ID_PATTERN } from '../domain/listings/listing-schema.ts';
import { sampleFileOf, sendFreshLink } from '../domain/samples/fulfilment.ts';
import {
  approveSample as approve,
  rejectSample as reject,
  requestSample,
} from '../domain/samples/sample-requests.ts';
import { sendSampleFile } from '../domain/samples/download.ts';
import { DomainError, conflict, notFound } from '../errors.ts';
import { labOf, operatorStep, transactAndKick, type ActionContext } from './context.ts';

/** Whether the listing has a sample file to send. */
export const hasSample = (context: Pick<ActionContext, 'catalog' | 'config'>, listingId: string) =>
  sampleFileOf(context.catalog, context.config.samplesDir, listingId) !== undefined;

/**
 * The lab asks for a listing's sample. `checkInput`: the door's own input checks (a query string, a body), run after
 * the contract's listing and NDA checks and before anything is stored, so their order holds whichever door asks;
 * it gives the request's Idempotency-Key, if one was sent (a retry under it returns the first answer's request).
 */
export async function askForSample(
  context: ActionContext,
  listingId: string,
  checkInput?: () => Promise<string | undefined>,
) {
  const caller = labOf(context);
  const listing = LISTING_ID_PATTERN.test(listingId) ? context.catalog.find(listingId) : undefined;
  if (!listing) throw notFound(unknownListingMessage(listingId, context.catalog));
  if (!ndaAccepted(caller.org)) {
    const page = new URL('/dashboard/nda/', context.config.siteUrl).href;
    throw new DomainError(
      'nda_required',
      `Your organisation has not accepted the sample NDA. An admin of your organisation reads and accepts it at ${page}; once it is accepted, ask again.`,
    );
  }
  const idempotencyKey = await checkInput?.();
  // Before anything is stored: a request nobody can fulfil would leave the lab waiting for ever.
  if (!hasSample(context, listing.id)) {
    const message = `"${listing.title}" has no sample to send. Nothing was stored; submit a data request with listing_id "${listing.id}" to ask about it.`;
    throw new DomainError('sample_unavailable', message);
  }
  const limits = {
    perDay: context.config.sampleRequestsPerDay,
    sourcingLeadEmail: context.config.sourcingLeadEmail,
    siteUrl: context.config.siteUrl,
  };
  // The mail to the lead, and the link if the lab is verified already, go after the answer.
  return transactAndKick(context, (tx) =>
    requestSample(tx, caller, listing, limits, context.now, idempotencyKey),
  );
}

/** A fresh link, with the same lifetime, for the lab's own sample request approved already. */
export async function sendFreshSampleLink(context: ActionContext, sampleId: string) {
  const caller = labOf(context);
  if (!context.signer)
    throw new DomainError('unavailable', 'Sample links cannot be signed right now; try again later.', {
      retryAfterSeconds: 60,
    });
  const fulfil = {
    store: context.store,
    catalog: context.catalog,
    signer: context.signer,
    samplesDir: context.config.samplesDir,
    sourcingLeadEmail: context.config.sourcingLeadEmail,
  };
  const sample = await sendFreshLink(fulfil, sampleId, caller.org.id, context.now);
  context.background?.kick();
  return sample;
}

export function approveSample(context: ActionContext, sampleId: string) {
  return operatorStep(
    context,
    (tx) => approve(tx, sampleId, context.now),
    (done) => ({ action: 'sample.approve', orgId: done.org_id, detail: sampleId }),
  );
}

export function rejectSample(context: ActionContext, sampleId: string, reason: string) {
  const titleOf = (listingId: string) => context.catalog.find(listingId)?.title ?? listingId;
  return operatorStep(
    context,
    (tx) => reject(tx, sampleId, reason, titleOf, context.now),
    (done) => ({ action: 'sample.reject', orgId: done.org_id, detail: sampleId }),
  );
}

/**
 * The dashboard's download of the organisation's own sample (no mailed link needed): approved, its link still live,
 * and sent under the NDA acceptance in force; audited with the signed-in account and the client's address.
 */
export async function downloadOwnSample(context: ActionContext, sampleId: string, method = 'GET') {
  const caller = labOf(context);
  const sample = await context.store.sampleById(sampleId);
  if (!sample || sample.org_id !== caller.org.id)
    throw notFound(
      `No sample request ${sampleId} in your organisation. Your samples are at /dashboard/samples/.`,
    );
  if (sample.status !== 'sent' || !sample.sent_at)
    throw conflict(
      'This sample is not approved yet: it can be downloaded once the operator has verified your NDA acceptance and sent it.',
    );
  // As a mailed link would: one sent before the NDA now in force was accepted (a revoke, then a new acceptance) is dead.
  if (!ndaAccepted(caller.org) || sample.sent_at < (caller.org.nda.accepted_at ?? '')) {
    throw new DomainError(
      'forbidden',
      "Your organisation's NDA is no longer in force, so the sample cannot be downloaded. Contact the service operator.",
    );
  }
  const expiresAt = Date.parse(sample.sent_at) + context.config.sampleLinkTtlSeconds * 1000;
  if (expiresAt <= context.now.getTime())
    throw new DomainError(
      'link_expired',
      "This sample's link has expired. Mail yourself a fresh one from the Samples page; the download opens again.",
    );
  const who = {
    accountId: caller.account.id,
    keyId: caller.key?.id ?? null,
    ip: context.clientIp ?? 'unknown',
    via: 'dashboard',
  } as const;
  const deliver = { store: context.store, catalog: context.catalog, samplesDir: context.config.samplesDir };
  // A HEAD downloads nothing: not audited (as for the mailed link).
  return sendSampleFile(deliver, sample, who, method !== 'HEAD', context.now);
}
