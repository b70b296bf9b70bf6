// A lab's webhook endpoints (contract §10), from the dashboard's session: made, deleted and tested by an admin,
// listed (all, or one: where the 201's Location points) with their deliveries by any member; a key is 403 (keys
// do not manage the organisation). The signing secret is in the 201 answer only. Another organisation's endpoint
// is 404.
import { z } from 'zod';
import { endpointOf } from '../domain/webhooks/endpoints.ts';
import * as webhookActions from '../actions/webhooks.ts';
import { EVENT_DATA, EVENT_WHEN, eventSchema } from '../domain/webhooks/event-schemas.ts';
import { EVENT_TYPES } from '../domain/webhooks/events.ts';
import { deliveryView, endpointView } from '../domain/webhooks/views.ts';
import { webhookSchema } from '../domain/webhooks/webhook-schema.ts';
import type { ErrorCode } from '../errors.ts';
import { requireSession } from '../http/authentication.ts';
import { readJsonBody } from '../http/body.ts';
import { PAGE_PARAMETERS, pageBody, pageShape } from '../http/paging.ts';
import type { Endpoint, EventDeclaration } from '../http/endpoint.ts';
import { pathId } from '../http/openapi/parameters.ts';
import { empty, json } from '../http/responses.ts';
import type { Handler } from '../http/types.ts';
import { parseBody, parseQuery } from '../http/validation.ts';
import { actingFor } from './acting.ts';

/** GET /api/v1/webhooks/{id}/deliveries: a page at a time, as every list. */
export const deliveriesQuerySchema = z.strictObject(pageShape);

export const createWebhook: Handler = async (request, context) => {
  const body = await readJsonBody(request, context.deps.config.maxBodyBytes);
  const input = parseBody(webhookSchema, body.value, 'webhook');
  const { endpoint, secret } = await webhookActions.createWebhook(actingFor(context), input);
  return json(
    { data: { ...endpointView(endpoint), secret } },
    { status: 201, headers: { Location: `/api/v1/webhooks/${endpoint.id}` } },
  );
};

export const listWebhooks: Handler = async (_request, context) => {
  const caller = requireSession(context);
  const data = (await context.deps.store.webhooksOf(caller.org.id)).map(endpointView);
  return json({ data, count: data.length });
};

export const getWebhook: Handler = async (_request, context) => {
  const caller = requireSession(context);
  const endpoint = await endpointOf(context.deps.store, caller.org.id, context.params.id!);
  return json({ data: endpointView(endpoint) });
};

export const removeWebhook: Handler = async (_request, context) => {
  await webhookActions.removeWebhook(actingFor(context), context.params.id!);
  return empty({ status: 204 });
};

export const testWebhook: Handler = async (_request, context) => {
  const delivery = await webhookActions.testWebhook(actingFor(context), context.params.id!);
  return json({ data: deliveryView(delivery) }, { status: 202 });
};

export const listDeliveries: Handler = async (_request, context) => {
  const caller = requireSession(context);
  const query = parseQuery(context.url.searchParams, deliveriesQuerySchema, PAGE_PARAMETERS);
  const endpoint = await endpointOf(context.deps.store, caller.org.id, context.params.id!);
  const page = await context.deps.store.deliveries({ endpointId: endpoint.id, ...query });
  return json(pageBody(page.items.map(deliveryView), page.next));
};

// The endpoints above and the events they send, declared once: the route table and /openapi.json are read from
// these (endpoints.ts).
const endpointSchema = z
  .object({
    id: z.string(),
    url: z.string(),
    events: z.array(z.enum(EVENT_TYPES)).describe('The events it receives'),
    created_at: z.iso.datetime(),
    status: z
      .enum(['active', 'disabled'])
      .describe('disabled: the account that made it was removed; it receives nothing more (delete it)'),
    disabled_at: z.iso.datetime().nullable(),
    disabled_reason: z.string().nullable().describe('Why it is disabled, in words; null while active'),
  })
  .meta({ id: 'WebhookEndpoint' });

const createdSchema = z
  .object({
    data: endpointSchema.extend({
      secret: z.string().describe('whsec_…: verify signatures with it. Shown here once, never again'),
    }),
  })
  .meta({ id: 'WebhookEndpointCreated' });

const deliverySchema = z
  .object({
    id: z.string().describe('The webhook-id header: the same on every attempt'),
    event: z.string(),
    status: z.enum(['queued', 'sending', 'delivered', 'failed']),
    status_code: z.int().nullable().describe("The receiver's last answer"),
    attempts: z.int().min(0),
    next_retry_at: z.iso
      .datetime()
      .nullable()
      .describe(
        'When it is tried again: after a failed attempt, or when held back behind one that got no answer',
      ),
    last_error: z.string().nullable(),
    created_at: z.iso.datetime(),
    delivered_at: z.iso.datetime().nullable(),
  })
  .meta({ id: 'WebhookDelivery' });

const SIGNED =
  'Signed as Standard Webhooks 1.0 specifies (webhook-id, webhook-timestamp, webhook-signature: v1,<base64 HMAC-SHA256 of "id.timestamp.body">): verify with a Standard Webhooks library and your endpoint\'s secret. Retried on a non-2xx answer or none in 10 s, first after 5 s, for 24 hours; at least once, in no promised order.';

const endpointId = pathId('The endpoint id (wh_…)', 'wh_5TgY8uKp2RwQ6zXm3sVd');
const refusals = (...codes: ErrorCode[]): ErrorCode[] => [
  'unauthorized',
  'forbidden',
  ...codes,
  'rate_limited',
];
const common = { access: 'session', tag: 'Webhooks' } as const;

export const webhookEndpoints: Endpoint[] = [
  {
    ...common,
    method: 'POST',
    path: '/api/v1/webhooks',
    handle: createWebhook,
    body: {
      schema: webhookSchema,
      example: {
        url: 'https://hooks.example.com/dss',
        events: ['request.status_changed', 'sample.link_sent'],
      },
    },
    operationId: 'createWebhook',
    summary: 'Add a webhook endpoint',
    description: `Dashboard session, admin. The URL must be https and resolve only to public addresses (unless the operator set WEBHOOK_ALLOW_PRIVATE). events: those to receive, every one when left out. At most 10 per organisation. ${SIGNED}`,
    responses: [
      {
        status: 201,
        description: 'Made; the secret is shown this once',
        schema: createdSchema,
        headers: { Location: 'The endpoint: /api/v1/webhooks/{id}' },
      },
    ],
    errors: refusals('conflict'),
  },
  {
    ...common,
    method: 'GET',
    path: '/api/v1/webhooks',
    handle: listWebhooks,
    operationId: 'listWebhooks',
    summary: "Your organisation's webhook endpoints",
    description: 'Dashboard session, any role. Oldest first; never the secret.',
    responses: [
      {
        status: 200,
        description: 'The endpoints',
        schema: z
          .object({ data: z.array(endpointSchema), count: z.int() })
          .meta({ id: 'WebhookEndpointList' }),
      },
    ],
    errors: refusals(),
  },
  {
    ...common,
    method: 'GET',
    path: '/api/v1/webhooks/:id',
    handle: getWebhook,
    parameters: [endpointId],
    operationId: 'getWebhook',
    summary: 'One webhook endpoint',
    description: 'Dashboard session, any role. Never the secret.',
    responses: [
      {
        status: 200,
        description: 'The endpoint',
        schema: z.object({ data: endpointSchema }).meta({ id: 'WebhookEndpointResponse' }),
      },
    ],
    errors: refusals('not_found'),
  },
  {
    ...common,
    method: 'DELETE',
    path: '/api/v1/webhooks/:id',
    handle: removeWebhook,
    parameters: [endpointId],
    operationId: 'deleteWebhook',
    summary: 'Delete a webhook endpoint',
    description:
      'Dashboard session, admin. It receives nothing more; deliveries still queued for it are dropped.',
    responses: [{ status: 204, description: 'Deleted' }],
    errors: refusals('not_found'),
  },
  {
    ...common,
    method: 'POST',
    path: '/api/v1/webhooks/:id/test',
    handle: testWebhook,
    parameters: [endpointId],
    operationId: 'testWebhook',
    summary: 'Send a test event',
    description:
      'Dashboard session, admin. Queues a webhook.test event for this endpoint only; its delivery is answered.',
    responses: [{ status: 202, description: 'Queued', schema: z.object({ data: deliverySchema }) }],
    errors: refusals('not_found'),
  },
  {
    ...common,
    method: 'GET',
    path: '/api/v1/webhooks/:id/deliveries',
    handle: listDeliveries,
    parameters: [endpointId],
    query: deliveriesQuerySchema,
    operationId: 'listWebhookDeliveries',
    summary: "An endpoint's deliveries",
    description:
      'Dashboard session, any role. Newest first, a page at a time: the event, the last status code, attempts and the next retry.',
    responses: [
      {
        status: 200,
        description: 'Newest first',
        schema: z
          .object({ data: z.array(deliverySchema), count: z.int(), next_cursor: z.string().nullable() })
          .meta({ id: 'WebhookDeliveryList' }),
      },
    ],
    errors: refusals('not_found', 'invalid'),
  },
];

export const webhookEvents: EventDeclaration[] = (Object.keys(EVENT_DATA) as (keyof typeof EVENT_DATA)[]).map(
  (type) => ({ type, summary: EVENT_WHEN[type], description: SIGNED, schema: eventSchema(type) }),
);
