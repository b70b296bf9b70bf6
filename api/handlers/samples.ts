// POST /api/v1/samples/{id}: checks in the contract's order: key (401, by the pipeline), listing (404), NDA (403),
// then a sample to send (409 sample_unavailable, nothing stored). GET /api/v1/sample-requests[/{id}]: the
// organisation's sample requests, newest first, with their status; POST …/{id}/link: a fresh link (contract §9).
import { z } from 'zod';
import * as sampleActions from '../actions/samples.ts';
import { sampleRequestSchema, sampleView } from '../domain/samples/views.ts';
import { notFound } from '../errors.ts';
import type { Endpoint } from '../http/endpoint.ts';
import {
  idempotencyKeyOf,
  idempotencyKeyParameter,
  REPLAYED_HEADER,
  replayedHeader,
} from '../http/idempotency-key.ts';
import { PAGING_NOTE } from '../http/openapi/notes.ts';
import { pageBody, PAGE_PARAMETERS, pageSchema, pageShape } from '../http/paging.ts';
import { readOptionalJsonBody } from '../http/body.ts';
import { json } from '../http/responses.ts';
import type { Handler } from '../http/types.ts';
import { noQuery, parseBody, parseQuery } from '../http/validation.ts';
import { actingFor } from './acting.ts';
import { listingIdParameter } from './catalog.ts';
import {
  freshLinkExample,
  sampleAcceptedExample,
  sampleRequestExample,
  sampleRequestListExample,
} from './examples.ts';

export const sampleListQuerySchema = z.strictObject(pageShape);
/** The spec's "No body": one may be sent, but with nothing in it; a field would be a wish we cannot keep. */
const noFields = z.strictObject({}, { error: 'send no body, or {}' });

const location = (id: string) => `/api/v1/sample-requests/${id}`;

export const askForSample: Handler = async (request, context) => {
  const { url, deps } = context;
  // After the contract's three checks (§5), which keep their order (READS_QUERY): the action runs this between.
  const checkInput = async () => {
    noQuery(url.searchParams);
    const idempotencyKey = idempotencyKeyOf(request);
    const body = await readOptionalJsonBody(request, deps.config.maxBodyBytes);
    if (body)
      parseBody(
        noFields,
        body.value,
        'sample request',
        "field: none is read, and the link goes to your account's address",
      );
    return idempotencyKey;
  };
  const asked = await sampleActions.askForSample(actingFor(context), context.params.id!, checkInput);
  // A replay answers what the key first answered, as POST /api/v1/requests does: the request as it was asked.
  return json(
    { status: 'pending_verification', id: asked.record.id },
    {
      status: 202,
      headers: { Location: location(asked.record.id), ...replayedHeader(asked.replayed) },
    },
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

// The endpoints above, declared once: the route table and /openapi.json are read from these (endpoints.ts).
export const sampleAcceptedSchema = z
  .object({
    status: z.literal('pending_verification'),
    id: z.string().describe('smp_…: follow it at GET /api/v1/sample-requests/{id} (the Location header)'),
  })
  .meta({ id: 'SampleAccepted' });

export const sampleRequestListSchema = pageSchema(sampleRequestSchema).meta({ id: 'SampleRequestList' });

export const sampleRequestResponseSchema = z
  .object({ data: sampleRequestSchema })
  .meta({ id: 'SampleRequestResponse' });

const sampleRequestId = {
  name: 'id',
  in: 'path',
  required: true,
  description: 'A sample request id (smp_…), as POST /api/v1/samples/{id} gave it',
  schema: { type: 'string' },
  example: 'smp_Q4nT8wYc2LhR6jVb0sKe',
};

const LOCATION = { Location: 'The sample request: /api/v1/sample-requests/{id}' };

export const sampleEndpoints: Endpoint[] = [
  {
    method: 'POST',
    path: '/api/v1/samples/:id',
    handle: askForSample,
    access: 'key',
    // Refused by the handler itself, after the contract's three checks (§5), which keep their order.
    readsQuery: true,
    parameters: [
      listingIdParameter,
      idempotencyKeyParameter(
        'Any unique string (a UUID): a retry with the same key for the same listing returns the first answer (the same sample request) and stores nothing new; the same key for another listing or another request is 422',
      ),
    ],
    operationId: 'requestSample',
    summary: 'Ask for a sample of a listing',
    description:
      "No body (an empty one or {} is accepted; a field is 422: none is read). Checks in order: key (401), listing (404), NDA accepted (403 nda_required), a sample to send (409 sample_unavailable, nothing stored). Answers the sample request's id, and its address in Location. Once the account and the NDA acceptance are verified, an expiring download link is emailed to the account's contact. Asking again while a request is pending returns it again, without a second request; once its link is sent, asking again is a new request: send an Idempotency-Key to retry safely.",
    tag: 'Samples',
    responses: [
      {
        status: 202,
        description: 'Accepted: pending verification',
        schema: sampleAcceptedSchema,
        headers: { ...LOCATION, ...REPLAYED_HEADER },
        example: sampleAcceptedExample,
      },
    ],
    // forbidden too: clients should be ready for it wherever nda_required can come.
    errors: [
      'unauthorized',
      'nda_required',
      'forbidden',
      'not_found',
      'sample_unavailable',
      'bad_request',
      'payload_too_large',
      'unsupported_media_type',
      'invalid',
      'rate_limited',
      'unavailable',
    ],
  },
  {
    method: 'GET',
    path: '/api/v1/sample-requests',
    handle: listSampleRequests,
    access: 'key',
    query: sampleListQuerySchema,
    operationId: 'listSampleRequests',
    summary: "Your organisation's sample requests",
    description: `Each with its status (pending_verification, link_sent or rejected), when the link was sent and when it expires. ${PAGING_NOTE}`,
    tag: 'Samples',
    responses: [
      {
        status: 200,
        description: 'Newest first',
        schema: sampleRequestListSchema,
        example: sampleRequestListExample,
      },
    ],
    errors: ['unauthorized', 'invalid', 'rate_limited'],
  },
  {
    method: 'GET',
    path: '/api/v1/sample-requests/:id',
    handle: getSampleRequest,
    access: 'key',
    parameters: [sampleRequestId],
    operationId: 'getSampleRequest',
    summary: 'One of your sample requests',
    description:
      "Its status, when its link was sent and when it expires, or why it was rejected. Another organisation's id is 404.",
    tag: 'Samples',
    responses: [
      {
        status: 200,
        description: 'The sample request',
        schema: sampleRequestResponseSchema,
        example: sampleRequestExample,
      },
    ],
    errors: ['unauthorized', 'not_found', 'invalid', 'rate_limited'],
  },
  {
    method: 'POST',
    path: '/api/v1/sample-requests/:id/link',
    handle: freshSampleLink,
    access: 'key',
    parameters: [sampleRequestId],
    operationId: 'freshSampleLink',
    summary: 'Mail a fresh download link',
    description:
      "No body. For a sample request whose link was sent (status link_sent): a new link with the same lifetime is mailed to the account's contact (an expired one is no longer a dead end). Every link issued is audited. 409 conflict while pending or when rejected; 403 nda_required when the NDA is no longer in force, or a new acceptance is not verified yet; 409 sample_unavailable when the sample file is gone.",
    tag: 'Samples',
    responses: [
      {
        status: 202,
        description: "A fresh link is on its way: link_sent_at and link_expires_at are the new one's",
        schema: sampleRequestResponseSchema,
        headers: LOCATION,
        example: freshLinkExample,
      },
    ],
    errors: [
      'unauthorized',
      'nda_required',
      'not_found',
      'conflict',
      'sample_unavailable',
      'invalid',
      'rate_limited',
      'unavailable',
    ],
  },
];
