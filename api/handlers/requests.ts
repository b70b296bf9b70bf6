// POST /api/v1/requests (with Idempotency-Key), GET /api/v1/requests, GET /api/v1/requests/{id} and
// POST /api/v1/requests/{id}/withdraw: a lab's data requests. A lab sees only its own organisation's requests; any
// other id is 404.
import { z } from 'zod';
import { submitDataRequest, withdrawRequest } from '../actions/requests.ts';
import { isOutcome } from '../domain/requests/lifecycle.ts';
import { requireOwnRequest } from '../domain/requests/own-request.ts';
import { dataRequestSchema, withdrawalSchema } from '../domain/requests/request-schema.ts';
import {
  labDetailView,
  labRequestDetailSchema,
  labRequestSchema,
  labView,
  matchSchema,
} from '../domain/requests/views.ts';
import { REQUEST_STATUSES } from '../domain/vocabulary.ts';
import { vocabularyTerm } from '../domain/vocabulary-term.ts';
import { invalid } from '../errors.ts';
import { fieldErrors } from '../field-errors.ts';
import { readJsonBody, readOptionalJsonBody } from '../http/body.ts';
import type { Endpoint } from '../http/endpoint.ts';
import {
  idempotencyKeyOf,
  idempotencyKeyParameter,
  REPLAYED_HEADER,
  replayedHeader,
} from '../http/idempotency-key.ts';
import { PAGING_NOTE } from '../http/openapi/notes.ts';
import { pageBody, PAGE_PARAMETERS, pageSchema, pageShape } from '../http/paging.ts';
import { json } from '../http/responses.ts';
import type { Handler } from '../http/types.ts';
import { parseBody, parseQuery } from '../http/validation.ts';
import { actingFor } from './acting.ts';
import {
  createdRequestExample,
  dataRequestExample,
  labRequestExample,
  labRequestListExample,
  withdrawnExample,
} from './examples.ts';

export const requestListQuerySchema = z.strictObject({
  status: vocabularyTerm(REQUEST_STATUSES, 'a request status', (key) =>
    isOutcome(key)
      ? `"${key}" is an outcome, not a status: ask for status=closed and read each request's outcome`
      : undefined,
  )
    .optional()
    .describe('Only requests in this status'),
  ...pageShape,
});
const REQUEST_LIST_PARAMETERS = ['status', ...PAGE_PARAMETERS];

export const createRequest: Handler = async (request, context) => {
  const { deps } = context;
  const idempotencyKey = idempotencyKeyOf(request);
  const body = await readJsonBody(request, deps.config.maxBodyBytes);
  const parsed = dataRequestSchema.safeParse(body.value);
  if (!parsed.success) {
    const fields = fieldErrors(parsed.error.issues, 'field; see /openapi.json for the request schema');
    throw invalid(
      `The data request is invalid: ${Object.keys(fields).join(', ')}. See error.fields.`,
      fields,
    );
  }
  const idempotency = idempotencyKey ? { key: idempotencyKey, bodyText: body.text } : undefined;
  const created = await submitDataRequest(actingFor(context), parsed.data, idempotency);
  return json(created.body, {
    status: created.status,
    headers: {
      Location: `/api/v1/requests/${created.requestId}`,
      ...replayedHeader(created.replayed),
    },
  });
};

export const listRequests: Handler = async (_request, { url, caller, deps }) => {
  const query = parseQuery(url.searchParams, requestListQuerySchema, REQUEST_LIST_PARAMETERS);
  const page = await deps.store.requests({ orgId: caller!.org.id, ...query });
  return json(pageBody(page.items.map(labView), page.next));
};

export const getRequest: Handler = async (_request, { params, caller, deps }) => {
  const found = await requireOwnRequest(deps.store, params.id!, caller!.org.id);
  return json({ data: labDetailView(found) });
};

export const withdraw: Handler = async (request, context) => {
  const body = await readOptionalJsonBody(request, context.deps.config.maxBodyBytes);
  const { reason } = body ? parseBody(withdrawalSchema, body.value, 'withdrawal') : { reason: undefined };
  const withdrawn = await withdrawRequest(actingFor(context), context.params.id!, reason ?? null);
  return json({ data: labDetailView(withdrawn) });
};

// The endpoints above, declared once: the route table and /openapi.json are read from these (endpoints.ts).
export const createdRequestSchema = z
  .object({
    data: z.object({
      id: z.string(),
      status: z.literal('received'),
      matches: z.array(matchSchema).max(5).describe('Public listings that fit, best first'),
    }),
  })
  .meta({ id: 'CreatedRequest' });

export const labRequestListSchema = pageSchema(labRequestSchema).meta({ id: 'LabRequestList' });

export const labRequestResponseSchema = z
  .object({ data: labRequestDetailSchema })
  .meta({ id: 'LabRequestResponse' });

const requestId = {
  name: 'id',
  in: 'path',
  required: true,
  schema: { type: 'string' },
  example: 'req_7Gk2qW9xLmN3pR5tV8yZ',
};

export const requestEndpoints: Endpoint[] = [
  {
    method: 'POST',
    path: '/api/v1/requests',
    handle: createRequest,
    access: 'key',
    parameters: [
      idempotencyKeyParameter(
        'Any unique string (a UUID): a retry with the same key and body returns the first answer and stores nothing new; the same key with another body is 422',
      ),
    ],
    body: { schema: dataRequestSchema, example: dataRequestExample },
    operationId: 'createRequest',
    summary: 'Submit a data request',
    description:
      'A sourcing lead replies within one business day. volume and timeline are bands as labs write them ("1-5 TB", "500 GB - 2 TB", "10+ TB", "<1 TB", "1,000-5,000 hours", "50k+ studies", "1-5 M records"; "3-6 months", "2 to 4 weeks", "under 3 months", "3 months"): stored as written and normalised. A comma groups thousands and a dot marks decimals: "1.000" alone is refused as ambiguous (write 1,000 or 1). languages and domains may be null (none), and domains take any case and spacing. The answer lists up to 5 public listings that fit (matches), best first. With publish_to_demand_board, an anonymised version is posted to the demand board. Send an Idempotency-Key to retry safely. An organisation sends at most DATA_REQUESTS_PER_HOUR (30) new requests a clock hour: beyond, 429 rate_limited with Retry-After, nothing stored.',
    tag: 'Requests',
    responses: [
      {
        status: 201,
        description: 'Stored; status received, with the matches',
        schema: createdRequestSchema,
        headers: {
          Location: 'The request: /api/v1/requests/{id}',
          ...REPLAYED_HEADER,
        },
        example: createdRequestExample,
      },
    ],
    errors: ['unauthorized', 'conflict', 'rate_limited', 'unavailable'],
  },
  {
    method: 'GET',
    path: '/api/v1/requests',
    handle: listRequests,
    access: 'key',
    query: requestListQuerySchema,
    operationId: 'listRequests',
    summary: "Your organisation's data requests",
    description: `Each with its status (received → in_review → proposal_sent → closed) and, when closed, its outcome. ${PAGING_NOTE}`,
    tag: 'Requests',
    responses: [
      {
        status: 200,
        description: 'Newest first',
        schema: labRequestListSchema,
        example: labRequestListExample,
      },
    ],
    errors: ['unauthorized', 'invalid', 'rate_limited'],
  },
  {
    method: 'GET',
    path: '/api/v1/requests/:id',
    handle: getRequest,
    access: 'key',
    parameters: [requestId],
    operationId: 'getRequest',
    summary: 'One of your data requests',
    description:
      "With its events (each move and each of the sourcing lead's replies, oldest first), reply_due_at and its matches in the public catalogue. Another organisation's id is 404.",
    tag: 'Requests',
    responses: [
      {
        status: 200,
        description: 'The request',
        schema: labRequestResponseSchema,
        example: labRequestExample,
      },
    ],
    errors: ['unauthorized', 'not_found', 'invalid', 'rate_limited'],
  },
  {
    method: 'POST',
    path: '/api/v1/requests/:id/withdraw',
    handle: withdraw,
    access: 'key',
    parameters: [requestId],
    body: { schema: withdrawalSchema, optional: true },
    operationId: 'withdrawRequest',
    summary: 'Withdraw one of your data requests',
    description:
      "No body, or { reason }. Closes the request with outcome withdrawn (any time until it is closed) and tells the sourcing lead, with the reason if given (it is also the closing event's message); a closed request is 409 conflict.",
    tag: 'Requests',
    responses: [
      {
        status: 200,
        description: 'Withdrawn: closed, outcome withdrawn',
        schema: labRequestResponseSchema,
        example: withdrawnExample,
      },
    ],
    errors: ['unauthorized', 'not_found', 'conflict', 'rate_limited', 'unavailable'],
  },
];
