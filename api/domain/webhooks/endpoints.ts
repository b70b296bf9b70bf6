// An organisation's webhook endpoints: registered with a fresh signing secret (shown once), listed, deleted, and
// sent a test event. The URL is checked before the store is touched: https, and a host that resolves only to
// public addresses, unless WEBHOOK_ALLOW_PRIVATE is set (a receiver on the operator's own network, or a test).
import { DomainError } from '../../errors.ts';
import type { WebhookEndpointRecord, WebhookEventType } from '../../store/records.ts';
import type { Tx } from '../../store/store.ts';
import { newId } from '../ids.ts';
import { checkHost } from './address-guard.ts';
import { queueDelivery } from './events.ts';
import { newWebhookSecret, type SecretBox } from './secrets.ts';

/** Enough for a lab's systems; more is a mistake or an abuse, and each one multiplies every event. */
export const MAX_ENDPOINTS_PER_ORG = 10;

const invalidUrl = (message: string) => new DomainError('invalid', message, { fields: { url: [message] } });

/** Throws 422 naming `url` when the URL may not receive webhooks. */
export async function checkEndpointUrl(url: URL, allowPrivate: boolean): Promise<void> {
  if (url.username || url.password)
    throw invalidUrl('must not carry a user name or password: verify our signature instead');
  if (allowPrivate) return;
  const check = await checkHost(url.hostname);
  if (url.protocol !== 'https:') {
    // Suggest https only where it would be accepted: https://127.0.0.1/… is refused as well.
    throw invalidUrl(
      check.ok
        ? `must be https: try https://${url.host}${url.pathname}`
        : `must be https, and ${check.reason}. Give a public https URL.`,
    );
  }
  if (!check.ok) throw invalidUrl(`cannot receive webhooks: ${check.reason}. Give a public https URL.`);
}

export async function registerEndpoint(
  tx: Tx,
  input: { orgId: string; accountId: string | null; url: string; events: WebhookEventType[] },
  secrets: SecretBox,
  now: Date,
): Promise<{ endpoint: WebhookEndpointRecord; secret: string }> {
  const existing = await tx.webhooksOf(input.orgId);
  if (existing.length >= MAX_ENDPOINTS_PER_ORG) {
    throw new DomainError(
      'conflict',
      `Your organisation has ${existing.length} webhook endpoints, the most it may have: delete one first.`,
    );
  }
  const secret = newWebhookSecret();
  const endpoint: WebhookEndpointRecord = {
    id: newId('wh'),
    org_id: input.orgId,
    url: input.url,
    events: [...new Set(input.events)],
    secret_sealed: secrets.seal(secret),
    created_at: now.toISOString(),
    created_by: input.accountId,
    deleted_at: null,
  };
  await tx.insert('webhooks', endpoint);
  return { endpoint, secret };
}

/** The organisation's endpoint, or 404: another organisation's id is answered as if it did not exist. */
export async function endpointOf(tx: Pick<Tx, 'webhookById'>, orgId: string, id: string) {
  const endpoint = await tx.webhookById(id);
  if (!endpoint || endpoint.org_id !== orgId || endpoint.deleted_at)
    throw new DomainError('not_found', `No webhook endpoint ${id}: GET /api/v1/webhooks lists yours.`);
  return endpoint;
}

/** Deleted endpoints receive nothing more; their queued deliveries fail as "deleted" when their turn comes. */
export async function deleteEndpoint(tx: Tx, orgId: string, id: string, now: Date): Promise<void> {
  await endpointOf(tx, orgId, id);
  await tx.update('webhooks', id, { deleted_at: now.toISOString() });
}

/** Receives events: neither deleted nor disabled. */
export const isLive = (endpoint: WebhookEndpointRecord) => !endpoint.deleted_at && !endpoint.disabled_at;

export const CREATOR_REMOVED =
  'the account that made it was removed from your organisation: delete it, and add it again from a current admin account if it is still wanted';

/**
 * Disables the endpoints `accountId` made (its removal, issue 41 item 9): a leaver's receiver gets nothing more,
 * and the organisation sees why. Their queued deliveries fail when their turn comes.
 */
export async function disableEndpointsOf(tx: Tx, orgId: string, accountId: string, now: Date): Promise<void> {
  const theirs = (await tx.webhooksOf(orgId)).filter((e) => e.created_by === accountId && isLive(e));
  const patch = { disabled_at: now.toISOString(), disabled_reason: CREATOR_REMOVED };
  await tx.updateEach(
    'webhooks',
    theirs.map((endpoint) => ({ id: endpoint.id, patch })),
  );
}

/** Queues a `webhook.test` event for one endpoint: a lab checks its receiver and its signature check. */
export async function sendTestEvent(tx: Tx, orgId: string, id: string, now: Date) {
  const endpoint = await endpointOf(tx, orgId, id);
  if (endpoint.disabled_at) {
    throw new DomainError(
      'conflict',
      `This endpoint is disabled: ${endpoint.disabled_reason ?? 'it receives nothing'}.`,
    );
  }
  return queueDelivery(
    tx,
    endpoint,
    {
      orgId,
      type: 'webhook.test',
      key: `test:${newId('evt')}`,
      data: { endpoint_id: endpoint.id, message: 'A test event from the Data Sourcing Service.' },
    },
    now,
  );
}
