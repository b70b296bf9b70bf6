// POST /api/v1/samples/{id}: checks in the contract's order: key (401, by the pipeline), listing (404), NDA (403),
// then a sample to send (409 sample_unavailable, nothing stored). GET /api/v1/sample-requests[/{id}]: the
// organisation's sample requests, newest first, with their status; POST …/{id}/link: a fresh link (contract §9).
import { z } from 'zod';
import { ndaAccepted } from '../domain/labs/nda.ts';
import { unknownListingMessage } from '../domain/listings/closest-listing.ts';
import { LISTING_ID_PATTERN } from '../domain/listings/listing-schema.ts';
import { sampleFileOf, sendFreshLink } from '../domain/samples/fulfilment.ts';
import { requestSample } from '../domain/samples/sample-requests.ts';
import { sampleView } from '../domain/samples/views.ts';
import { ApiError, notFound } from '../errors.ts';
import { pageBody, PAGE_PARAMETERS, pageShape } from '../http/paging.ts';
import { readOptionalJsonBody } from '../http/body.ts';
import { json } from '../http/responses.ts';
import type { Handler } from '../http/types.ts';
import { noQuery, parseBody, parseQuery } from '../http/validation.ts';

export const sampleListQuerySchema = z.strictObject(pageShape);
/** The spec's "No body": one may be sent, but with nothing in it; a field would be a wish we cannot keep. */
const noFields = z.strictObject({}, { error: 'send no body, or {}' });

const location = (id: string) => `/api/v1/sample-requests/${id}`;

export const askForSample: Handler = async (request, { url, params, caller, now, deps }) => {
  const id = params.id!;
  const listing = LISTING_ID_PATTERN.test(id) ? deps.catalog.find(id) : undefined;
  if (!listing) {
    throw notFound(unknownListingMessage(id, deps.catalog));
  }
  if (!ndaAccepted(caller!.org)) {
    throw new ApiError(
      403,
      'nda_required',
      `Your organisation has not accepted the sample NDA. An admin of your organisation reads and accepts it at ${new URL('/dashboard/nda/', deps.config.siteUrl).href}; once it is accepted, ask again.`,
    );
  }
  noQuery(url.searchParams); // after the contract's three checks (§5), which keep their order (READS_QUERY)
  const body = await readOptionalJsonBody(request, deps.config.maxBodyBytes);
  if (body)
    parseBody(
      noFields,
      body.value,
      'sample request',
      "field: none is read, and the link goes to your account's address",
    );
  // Before anything is stored: a request nobody can fulfil would leave the lab waiting for ever.
  if (!sampleFileOf(deps.catalog, deps.config.samplesDir, listing.id)) {
    throw new ApiError(
      409,
      'sample_unavailable',
      `"${listing.title}" has no sample to send. Nothing was stored; submit a data request with listing_id "${listing.id}" to ask about it.`,
    );
  }
  const limits = {
    perDay: deps.config.sampleRequestsPerDay,
    sourcingLeadEmail: deps.config.sourcingLeadEmail,
  };
  const { record } = await deps.store.transact((tx) => requestSample(tx, caller!, listing, limits, now));
  deps.background?.kick(); // mail to the lead, and the link if the lab is verified already, after we answer
  return json(
    { status: 'pending_verification', id: record.id },
    { status: 202, headers: { Location: location(record.id) } },
  );
};

export const listSampleRequests: Handler = async (_request, { url, caller, deps }) => {
  const query = parseQuery(url.searchParams, sampleListQuerySchema, PAGE_PARAMETERS);
  const ttl = deps.config.sampleLinkTtlSeconds;
  const page = await deps.store.samplePage({ orgId: caller!.org.id, ...query });
  return json(
    pageBody(
      page.items.map((sample) => sampleView(sample, ttl)),
      page.next,
    ),
  );
};

async function ownSample(deps: Parameters<Handler>[1]['deps'], id: string, orgId: string) {
  const sample = await deps.store.sampleById(id);
  if (!sample || sample.org_id !== orgId)
    throw notFound(
      `Your organisation has no sample request ${id.slice(0, 80)}. GET /api/v1/sample-requests lists yours.`,
    );
  return sample;
}

export const getSampleRequest: Handler = async (_request, { params, caller, deps }) => {
  const sample = await ownSample(deps, params.id!, caller!.org.id);
  return json({ data: sampleView(sample, deps.config.sampleLinkTtlSeconds) });
};

export const freshSampleLink: Handler = async (_request, { params, caller, now, deps }) => {
  if (!deps.signer)
    throw new ApiError(503, 'unavailable', 'Sample links cannot be signed right now; try again later.');
  const fulfil = {
    store: deps.store,
    catalog: deps.catalog,
    signer: deps.signer,
    samplesDir: deps.config.samplesDir,
    sourcingLeadEmail: deps.config.sourcingLeadEmail,
  };
  const sample = await sendFreshLink(fulfil, params.id!, caller!.org.id, now);
  deps.background?.kick();
  return json(
    { data: sampleView(sample, deps.config.sampleLinkTtlSeconds) },
    { status: 202, headers: { Location: location(sample.id) } },
  );
};
