// A lab's webhook endpoints (contract §10), from the dashboard's session: made, deleted and tested by an admin,
// listed (all, or one: where the 201's Location points) with their deliveries by any member; a key is 403 (keys
// do not manage the organisation). The signing secret is in the 201 answer only. Another organisation's endpoint
// is 404.
import { endpointOf } from '../domain/webhooks/endpoints.ts';
import * as webhookActions from '../actions/webhooks.ts';
import { deliveryView, endpointView } from '../domain/webhooks/views.ts';
import { deliveriesQuerySchema, webhookSchema } from '../domain/webhooks/webhook-schema.ts';
import { requireSession } from '../http/authentication.ts';
import { readJsonBody } from '../http/body.ts';
import { PAGE_PARAMETERS, pageBody } from '../http/paging.ts';
import { empty, json } from '../http/responses.ts';
import type { Handler } from '../http/types.ts';
import { parseBody, parseQuery } from '../http/validation.ts';
import { actingFor } from './acting.ts';

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
