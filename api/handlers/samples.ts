// POST /api/v1/samples/{id}: checks in the contract's order: key (401, by the pipeline), listing (404), NDA (403).
// GET /api/v1/sample-requests: the organisation's sample requests, newest first, with their status.
import { ndaAccepted } from '../domain/labs/nda.ts';
import { LISTING_ID_PATTERN } from '../domain/listings/listing-schema.ts';
import { requestSample } from '../domain/samples/sample-requests.ts';
import { sampleView } from '../domain/samples/views.ts';
import { ApiError, notFound } from '../errors.ts';
import { json } from '../http/responses.ts';
import type { Handler } from '../http/types.ts';

export const askForSample: Handler = async (_request, { params, caller, now, deps }) => {
  const id = params.id!;
  const listing = LISTING_ID_PATTERN.test(id) ? deps.catalog.find(id) : undefined;
  if (!listing) {
    throw notFound(`No listing has the id "${id.slice(0, 80)}". GET /api/v1/catalog lists every listing id.`);
  }
  if (!ndaAccepted(caller!.org)) {
    throw new ApiError(
      403,
      'nda_required',
      'Your organisation has not accepted the sample NDA. Ask the service operator for the NDA; once it is accepted, ask again.',
    );
  }
  const limits = {
    perDay: deps.config.sampleRequestsPerDay,
    sourcingLeadEmail: deps.config.sourcingLeadEmail,
  };
  await deps.store.transact((tx) => requestSample(tx, caller!, listing, limits, now));
  deps.background?.kick(); // mail to the lead, and the link if the lab is verified already, after we answer
  return json({ status: 'pending_verification' }, { status: 202 });
};

export const listSampleRequests: Handler = async (_request, { caller, deps }) => {
  const ttl = deps.config.sampleLinkTtlSeconds;
  const data = (await deps.store.samples({ orgId: caller!.org.id })).map((sample) => sampleView(sample, ttl));
  return json({ data, count: data.length });
};
