// POST /api/v1/requests (with Idempotency-Key), GET /api/v1/requests, GET /api/v1/requests/{id} and
// POST /api/v1/requests/{id}/withdraw: a lab's data requests. A lab sees only its own organisation's requests; any
// other id is 404.
import { z } from 'zod';
import { submitDataRequest, withdrawRequest } from '../actions/requests.ts';
import { isOutcome } from '../domain/requests/lifecycle.ts';
import { dataRequestSchema, withdrawalSchema } from '../domain/requests/request-schema.ts';
import { labDetailView, labView } from '../domain/requests/views.ts';
import { REQUEST_STATUSES } from '../domain/vocabulary.ts';
import { vocabularyTerm } from '../domain/vocabulary-term.ts';
import { invalid, notFound } from '../errors.ts';
import { fieldErrors } from '../field-errors.ts';
import { readJsonBody, readOptionalJsonBody } from '../http/body.ts';
import { pageBody, PAGE_PARAMETERS, pageShape } from '../http/paging.ts';
import { json } from '../http/responses.ts';
import type { Handler } from '../http/types.ts';
import { parseBody, parseQuery } from '../http/validation.ts';
import { actingFor } from './acting.ts';

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

export const IDEMPOTENCY_KEY = /^[\x21-\x7e]{1,255}$/;

export const createRequest: Handler = async (request, context) => {
  const { deps } = context;
  const idempotencyKey = request.headers.get('idempotency-key');
  if (idempotencyKey !== null && !IDEMPOTENCY_KEY.test(idempotencyKey)) {
    throw invalid('Idempotency-Key must be 1 to 255 visible ASCII characters, e.g. a UUID.', {
      'Idempotency-Key': ['1 to 255 visible ASCII characters'],
    });
  }
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
      ...(created.replayed ? { 'Idempotent-Replayed': 'true' } : {}),
    },
  });
};

export const listRequests: Handler = async (_request, { url, caller, deps }) => {
  const query = parseQuery(url.searchParams, requestListQuerySchema, REQUEST_LIST_PARAMETERS);
  const page = await deps.store.requests({ orgId: caller!.org.id, ...query });
  return json(pageBody(page.items.map(labView), page.next));
};

export const getRequest: Handler = async (_request, { params, caller, deps }) => {
  const found = await deps.store.requestById(params.id!);
  // Another organisation's request is "not found", not "forbidden": its existence is not ours to confirm.
  if (!found || found.org_id !== caller!.org.id) {
    throw notFound(
      `Your organisation has no data request ${params.id!.slice(0, 80)}. GET /api/v1/requests lists yours.`,
    );
  }
  return json({ data: labDetailView(found) });
};

export const withdraw: Handler = async (request, context) => {
  const body = await readOptionalJsonBody(request, context.deps.config.maxBodyBytes);
  const { reason } = body ? parseBody(withdrawalSchema, body.value, 'withdrawal') : { reason: undefined };
  const withdrawn = await withdrawRequest(actingFor(context), context.params.id!, reason ?? null);
  return json({ data: labDetailView(withdrawn) });
};
