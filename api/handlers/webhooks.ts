// A lab's webhook endpoints (contract §10): made, deleted and tested by an admin signed in to the dashboard,
// listed with their deliveries by any member. The secret is in the 201 answer only.
import { deliveryView, endpointView } from '../domain/webhooks/views.ts';
import {
  checkEndpointUrl,
  deleteEndpoint,
  endpointOf,
  registerEndpoint,
  sendTestEvent,
} from '../domain/webhooks/endpoints.ts';
import { webhookSchema } from '../domain/webhooks/webhook-schema.ts';
import { ApiError, invalid } from '../errors.ts';
import { fieldErrors } from '../field-errors.ts';
import { readJsonBody } from '../http/body.ts';
import { empty, json } from '../http/responses.ts';
import type { Handler } from '../http/types.ts';
import { parseQuery } from '../http/validation.ts';
import { z } from 'zod';

const deliveriesQuery = z.strictObject({
  limit: z.coerce.number().int().min(1).max(100).default(50),
  cursor: z.string().max(200).optional(),
});

export const createWebhook: Handler = async (request, { caller, now, deps }) => {
  const secrets = deps.secrets;
  if (!secrets)
    throw new ApiError(503, 'unavailable', 'Webhooks are not available on this server right now.');
  const body = await readJsonBody(request, deps.config.maxBodyBytes);
  const parsed = webhookSchema.safeParse(body.value);
  if (!parsed.success) {
    const fields = fieldErrors(parsed.error.issues, 'field; see /openapi.json for the webhook schema');
    throw invalid(`The webhook is invalid: ${Object.keys(fields).join(', ')}. See error.fields.`, fields);
  }
  await checkEndpointUrl(new URL(parsed.data.url), deps.config.webhookAllowPrivate);
  const input = { orgId: caller!.org.id, accountId: caller!.account.id, ...parsed.data };
  const { endpoint, secret } = await deps.store.transact((tx) => registerEndpoint(tx, input, secrets, now));
  return json(
    { data: { ...endpointView(endpoint), secret } },
    { status: 201, headers: { Location: `/api/v1/webhooks/${endpoint.id}` } },
  );
};

export const listWebhooks: Handler = async (_request, { caller, deps }) => {
  const data = (await deps.store.webhooksOf(caller!.org.id)).map(endpointView);
  return json({ data, count: data.length });
};

export const removeWebhook: Handler = async (_request, { params, caller, now, deps }) => {
  await deps.store.transact((tx) => deleteEndpoint(tx, caller!.org.id, params.id!, now));
  return empty({ status: 204 });
};

export const testWebhook: Handler = async (_request, { params, caller, now, deps }) => {
  const delivery = await deps.store.transact((tx) => sendTestEvent(tx, caller!.org.id, params.id!, now));
  deps.background?.kick();
  return json({ data: deliveryView(delivery) }, { status: 202 });
};

export const listDeliveries: Handler = async (_request, { url, params, caller, deps }) => {
  const query = parseQuery(url.searchParams, deliveriesQuery, ['limit', 'cursor']);
  const endpoint = await endpointOf(deps.store, caller!.org.id, params.id!);
  const page = await deps.store.deliveries({ endpointId: endpoint.id, ...query });
  return json({ data: page.items.map(deliveryView), count: page.items.length, next_cursor: page.next });
};
