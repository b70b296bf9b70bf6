// POST /api/v1/samples/{id}: checks in the contract's order: key (401, by the pipeline), listing (404), NDA (403),
// then a sample to send (409 sample_unavailable, nothing stored). GET /api/v1/sample-requests[/{id}]: the
// organisation's sample requests, newest first, with their status; POST …/{id}/link: a fresh link (contract §9).
import { z } from 'zod';
import * as sampleActions from '../actions/samples.ts';
import { sampleView } from '../domain/samples/views.ts';
import { notFound } from '../errors.ts';
import { pageBody, PAGE_PARAMETERS, pageShape } from '../http/paging.ts';
import { readOptionalJsonBody } from '../http/body.ts';
import { json } from '../http/responses.ts';
import type { Handler } from '../http/types.ts';
import { noQuery, parseBody, parseQuery } from '../http/validation.ts';
import { actingFor } from './acting.ts';

export const sampleListQuerySchema = z.strictObject(pageShape);
/** The spec's "No body": one may be sent, but with nothing in it; a field would be a wish we cannot keep. */
const noFields = z.strictObject({}, { error: 'send no body, or {}' });

const location = (id: string) => `/api/v1/sample-requests/${id}`;

export const askForSample: Handler = async (request, context) => {
  const { url, deps } = context;
  // After the contract's three checks (§5), which keep their order (READS_QUERY): the action runs this between.
  const checkInput = async () => {
    noQuery(url.searchParams);
    const body = await readOptionalJsonBody(request, deps.config.maxBodyBytes);
    if (body)
      parseBody(
        noFields,
        body.value,
        'sample request',
        "field: none is read, and the link goes to your account's address",
      );
  };
  const { record } = await sampleActions.askForSample(actingFor(context), context.params.id!, checkInput);
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

export const freshSampleLink: Handler = async (_request, context) => {
  const { deps } = context;
  const sample = await sampleActions.sendFreshSampleLink(actingFor(context), context.params.id!);
  return json(
    { data: sampleView(sample, deps.config.sampleLinkTtlSeconds) },
    { status: 202, headers: { Location: location(sample.id) } },
  );
};
