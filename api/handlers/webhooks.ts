// A lab's webhook endpoints (contract §10), from the dashboard's session: made, deleted and tested by an admin,
// listed (all, or one: where the 201's Location points) with their deliveries by any member; a key is 403 (keys
// do not manage the organisation). The signing secret is in the 201 answer only. Another organisation's endpoint
// is 404.
import {
  checkEndpointUrl,
  deleteEndpoint,
  endpointOf,
  registerEndpoint,
  sendTestEvent,
} from '../domain/webhooks/endpoints.ts';
import { deliveryView, endpointView } from '../domain/webhooks/views.ts';
import { deliveriesQuerySchema, webhookSchema } from '../domain/webhooks/webhook-schema.ts';
import { ApiError } from '../errors.ts';
import { requireAdmin, requireSession } from '../http/authentication.ts';
import { readJsonBody } from '../http/body.ts';
import { PAGE_PARAMETERS, pageBody } from '../http/paging.ts';
import { empty, json } from '../http/responses.ts';
import type { Handler } from '../http/types.ts';
import { parseBody, parseQuery } from '../http/validation.ts';

export const createWebhook: Handler = async (request, context) => {
  const caller = requireAdmin(context);
  const { deps, now } = context;
  const secrets = deps.secrets;
  if (!secrets) throw new ApiError(503, 'unavailable', 'Webhooks cannot be made on this server right now.');
  const body = await readJsonBody(request, deps.config.maxBodyBytes);
  const input = parseBody(webhookSchema, body.value, 'webhook');
  await checkEndpointUrl(new URL(input.url), deps.config.webhookAllowPrivate);
  const owner = { orgId: caller.org.id, accountId: caller.account.id };
  const { endpoint, secret } = await deps.store.transact((tx) =>
    registerEndpoint(tx, { ...owner, ...input }, secrets, now),
  );
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
  const caller = requireAdmin(context);
  await context.deps.store.transact((tx) =>
    deleteEndpoint(tx, caller.org.id, context.params.id!, context.now),
  );
  return empty({ status: 204 });
};

export const testWebhook: Handler = async (_request, context) => {
  const caller = requireAdmin(context);
  const delivery = await context.deps.store.transact((tx) =>
    sendTestEvent(tx, caller.org.id, context.params.id!, context.now),
  );
  context.deps.background?.kick();
  return json({ data: deliveryView(delivery) }, { status: 202 });
};

export const listDeliveries: Handler = async (_request, context) => {
  const caller = requireSession(context);
  const query = parseQuery(context.url.searchParams, deliveriesQuerySchema, PAGE_PARAMETERS);
  const endpoint = await endpointOf(context.deps.store, caller.org.id, context.params.id!);
  const page = await context.deps.store.deliveries({ endpointId: endpoint.id, ...query });
  return json(pageBody(page.items.map(deliveryView), page.next));
};
