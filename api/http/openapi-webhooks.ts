// The webhook part of the OpenAPI document (contract §10): the endpoints that manage them, and the events
// themselves as OpenAPI 3.1 `webhooks`, each generated from the zod schemas that validate or describe them.
import { z } from 'zod';
import type { ErrorCode } from '../errors.ts';
import { EVENT_DATA, EVENT_WHEN, eventSchema } from '../domain/webhooks/event-schemas.ts';
import { EVENT_TYPES } from '../domain/webhooks/events.ts';
import { deliveriesQuerySchema, webhookSchema } from '../domain/webhooks/webhook-schema.ts';

/** The document builder's own helpers, passed in: this module adds operations, it does not build responses. */
export type OpenApiParts = {
  component(schema: z.ZodType, io?: 'input' | 'output'): Record<string, unknown>;
  ok(
    description: string,
    schema: z.ZodType,
    status?: number,
    extra?: Record<string, unknown>,
  ): Record<string, unknown>;
  errors(...codes: ErrorCode[]): Record<string, unknown>;
  queryParameters(schema: z.ZodObject): unknown[];
  idParameter(description: string, example: string): Record<string, unknown>;
  security: unknown[];
};

const endpointSchema = z
  .object({
    id: z.string(),
    url: z.string(),
    events: z.array(z.enum(EVENT_TYPES)).describe('The events it receives'),
    created_at: z.iso.datetime(),
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

export function webhookOperations(parts: OpenApiParts) {
  const { component, ok, errors, security } = parts;
  const endpointId = parts.idParameter('The endpoint id (wh_…)', 'wh_5TgY8uKp2RwQ6zXm3sVd');
  const session = (...codes: ErrorCode[]) => errors('unauthorized', 'forbidden', ...codes, 'rate_limited');
  const paths = {
    '/api/v1/webhooks': {
      post: {
        operationId: 'createWebhook',
        summary: 'Add a webhook endpoint',
        description: `Dashboard session, admin. The URL must be https and resolve only to public addresses (unless the operator set WEBHOOK_ALLOW_PRIVATE). events: those to receive, every one when left out. At most 10 per organisation. ${SIGNED}`,
        tags: ['Webhooks'],
        security,
        requestBody: {
          required: true,
          content: {
            'application/json': {
              schema: component(webhookSchema, 'input'),
              example: {
                url: 'https://hooks.example.com/dss',
                events: ['request.status_changed', 'sample.link_sent'],
              },
            },
          },
        },
        responses: {
          ...ok('Made; the secret is shown this once', createdSchema, 201, {
            Location: { description: 'The endpoint: /api/v1/webhooks/{id}', schema: { type: 'string' } },
          }),
          ...session('conflict'),
        },
      },
      get: {
        operationId: 'listWebhooks',
        summary: "Your organisation's webhook endpoints",
        description: 'Dashboard session, any role. Oldest first; never the secret.',
        tags: ['Webhooks'],
        security,
        responses: {
          ...ok(
            'The endpoints',
            z.object({ data: z.array(endpointSchema), count: z.int() }).meta({ id: 'WebhookEndpointList' }),
          ),
          ...session(),
        },
      },
    },
    '/api/v1/webhooks/{id}': {
      get: {
        operationId: 'getWebhook',
        summary: 'One webhook endpoint',
        description: 'Dashboard session, any role. Never the secret.',
        tags: ['Webhooks'],
        security,
        parameters: [endpointId],
        responses: {
          ...ok('The endpoint', z.object({ data: endpointSchema }).meta({ id: 'WebhookEndpointResponse' })),
          ...session('not_found'),
        },
      },
      delete: {
        operationId: 'deleteWebhook',
        summary: 'Delete a webhook endpoint',
        description:
          'Dashboard session, admin. It receives nothing more; deliveries still queued for it are dropped.',
        tags: ['Webhooks'],
        security,
        parameters: [endpointId],
        responses: { 204: { description: 'Deleted' }, ...session('not_found') },
      },
    },
    '/api/v1/webhooks/{id}/test': {
      post: {
        operationId: 'testWebhook',
        summary: 'Send a test event',
        description:
          'Dashboard session, admin. Queues a webhook.test event for this endpoint only; its delivery is answered.',
        tags: ['Webhooks'],
        security,
        parameters: [endpointId],
        responses: { ...ok('Queued', z.object({ data: deliverySchema }), 202), ...session('not_found') },
      },
    },
    '/api/v1/webhooks/{id}/deliveries': {
      get: {
        operationId: 'listWebhookDeliveries',
        summary: "An endpoint's deliveries",
        description:
          'Dashboard session, any role. Newest first, a page at a time: the event, the last status code, attempts and the next retry.',
        tags: ['Webhooks'],
        security,
        parameters: [endpointId, ...parts.queryParameters(deliveriesQuerySchema)],
        responses: {
          ...ok(
            'Newest first',
            z
              .object({ data: z.array(deliverySchema), count: z.int(), next_cursor: z.string().nullable() })
              .meta({ id: 'WebhookDeliveryList' }),
          ),
          ...session('not_found', 'invalid'),
        },
      },
    },
  };

  const webhooks = Object.fromEntries(
    Object.keys(EVENT_DATA).map((type) => [
      type,
      {
        post: {
          // request.status_changed → onRequestStatusChanged: unique, as client generators need.
          operationId: `on${type.replace(/(^|[._])(\w)/g, (_, _sep, letter: string) => letter.toUpperCase())}`,
          summary: EVENT_WHEN[type as keyof typeof EVENT_DATA],
          description: SIGNED,
          requestBody: {
            required: true,
            content: {
              'application/json': { schema: component(eventSchema(type as keyof typeof EVENT_DATA)) },
            },
          },
          responses: { 200: { description: 'Any 2xx: received; anything else is retried' } },
        },
      },
    ]),
  );
  return {
    paths,
    webhooks,
    tag: { name: 'Webhooks', description: 'Events pushed to your endpoints, signed' },
  };
}
