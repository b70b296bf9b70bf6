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
import { DomainError, notFound } from '../errors.ts';
import { labOf, requireOperator, transactAndKick, type ActionContext } from './context.ts';

/** Whether the listing has a sample file to send. */
export const hasSample = (context: Pick<ActionContext, 'catalog' | 'config'>, listingId: string) =>
  sampleFileOf(context.catalog, context.config.samplesDir, listingId) !== undefined;

/**
 * The lab asks for a listing's sample. `checkInput`: the door's own input checks (a query string, a body), run after
 * the contract's listing and NDA checks and before anything is stored, so their order holds whichever door asks.
 */
export async function askForSample(
  context: ActionContext,
  listingId: string,
  checkInput?: () => Promise<void>,
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
  await checkInput?.();
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
  return transactAndKick(context, (tx) => requestSample(tx, caller, listing, limits, context.now));
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
  requireOperator(context);
  return transactAndKick(context, (tx) => approve(tx, sampleId, context.now));
}

export function rejectSample(context: ActionContext, sampleId: string, reason: string) {
  requireOperator(context);
  const titleOf = (listingId: string) => context.catalog.find(listingId)?.title ?? listingId;
  return transactAndKick(context, (tx) => reject(tx, sampleId, reason, titleOf, context.now));
}
