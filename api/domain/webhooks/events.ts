// Webhook events (contract §10): an event is recorded in the same store write as the change it tells of, as one
// delivery per subscribed endpoint, so no change is told without having happened, nor happens untold. A delivery's
// id comes from the event and the endpoint: the same event never queues two deliveries to one endpoint.
import { createHash } from 'node:crypto';
import type { WebhookDeliveryRecord, WebhookEndpointRecord, WebhookEventType } from '../../store/records.ts';
import type { Tx } from '../../store/store.ts';

/** The events a lab can subscribe to; `webhook.test` goes only to the endpoint it tests. */
export const EVENT_TYPES = [
  'request.created',
  'request.status_changed',
  'request.replied',
  'sample.link_sent',
  'sample.rejected',
  'nda.verified',
  'nda.revoked',
  'key.created',
  'key.revoked',
  'listing.recalled',
] as const satisfies readonly WebhookEventType[];

/** The `webhook-id`: the same on every attempt, so a receiver can drop a repeat. */
export const deliveryId = (event: string, endpointId: string) =>
  `msg_${createHash('sha256').update(`${event}\0${endpointId}`).digest('hex').slice(0, 24)}`;

const subscribes = (endpoint: WebhookEndpointRecord, type: WebhookEventType) =>
  endpoint.events.length === 0 || endpoint.events.includes(type);

export type WebhookEvent = {
  orgId: string;
  type: WebhookEventType;
  /** What happened, unique per event: e.g. `request:<id>:status:closed`. */
  key: string;
  data: Record<string, unknown>;
};

/** Queues `event` for each of the organisation's endpoints that subscribes to it; returns how many. */
export async function emitEvent(tx: Tx, event: WebhookEvent, now: Date): Promise<number> {
  const endpoints = (await tx.webhooksOf(event.orgId)).filter(
    (endpoint) => !endpoint.disabled_at && subscribes(endpoint, event.type),
  );
  for (const endpoint of endpoints) await queueDelivery(tx, endpoint, event, now);
  return endpoints.length;
}

export async function queueDelivery(
  tx: Tx,
  endpoint: WebhookEndpointRecord,
  event: WebhookEvent,
  now: Date,
): Promise<WebhookDeliveryRecord> {
  const id = deliveryId(event.key, endpoint.id);
  const delivery: WebhookDeliveryRecord = {
    id,
    endpoint_id: endpoint.id,
    org_id: endpoint.org_id,
    type: event.type,
    body: JSON.stringify({ type: event.type, timestamp: now.toISOString(), data: event.data }),
    status: 'queued',
    attempts: 0,
    next_attempt_at: now.toISOString(),
    lease_until: null,
    last_status_code: null,
    last_error: null,
    created_at: now.toISOString(),
    delivered_at: null,
  };
  if (await tx.insertNew('deliveries', delivery)) return delivery;
  return (await tx.deliveryById(id))!; // queued by this event already
}
