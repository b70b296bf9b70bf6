// What a lab sees of its webhook endpoints and their deliveries: never the sealed secret, never a body.
import type { WebhookDeliveryRecord, WebhookEndpointRecord } from '../../store/records.ts';
import { EVENT_TYPES } from './events.ts';

export const endpointView = (endpoint: WebhookEndpointRecord) => ({
  id: endpoint.id,
  url: endpoint.url,
  events: endpoint.events.length ? endpoint.events : [...EVENT_TYPES],
  created_at: endpoint.created_at,
  status: endpoint.disabled_at ? ('disabled' as const) : ('active' as const),
  disabled_at: endpoint.disabled_at ?? null,
  disabled_reason: endpoint.disabled_reason ?? null,
});

export const deliveryView = (delivery: WebhookDeliveryRecord) => ({
  id: delivery.id,
  event: delivery.type,
  status: delivery.status,
  status_code: delivery.last_status_code,
  attempts: delivery.attempts,
  // Retried, or held back behind another delivery to the same endpoint that got no answer (delivery.ts).
  next_retry_at:
    delivery.status === 'queued' && (delivery.attempts > 0 || delivery.last_error !== null)
      ? delivery.next_attempt_at
      : null,
  last_error: delivery.last_error,
  created_at: delivery.created_at,
  delivered_at: delivery.delivered_at,
});
