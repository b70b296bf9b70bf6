// Webhook endpoints (contract §10): an organisation's admins make, test and delete them.
import type { WebhookEventType } from '../store/records.ts';
import {
  checkEndpointUrl,
  deleteEndpoint,
  registerEndpoint,
  sendTestEvent,
} from '../domain/webhooks/endpoints.ts';
import { DomainError } from '../errors.ts';
import { labAdmin, transactAndKick, type ActionContext } from './context.ts';

/** A new endpoint with its signing secret, shown once. */
export async function createWebhook(
  context: ActionContext,
  input: { url: string; events: WebhookEventType[] },
) {
  const caller = labAdmin(context, 'change webhooks');
  const secrets = context.secrets;
  if (!secrets) throw new DomainError('unavailable', 'Webhooks cannot be made on this server right now.');
  await checkEndpointUrl(new URL(input.url), context.config.webhookAllowPrivate);
  const owner = { orgId: caller.org.id, accountId: caller.account.id };
  return transactAndKick(context, (tx) => registerEndpoint(tx, { ...owner, ...input }, secrets, context.now));
}

export function removeWebhook(context: ActionContext, id: string) {
  const caller = labAdmin(context, 'change webhooks');
  return transactAndKick(context, (tx) => deleteEndpoint(tx, caller.org.id, id, context.now));
}

/** Queues a `webhook.test` delivery to the endpoint. */
export function testWebhook(context: ActionContext, id: string) {
  const caller = labAdmin(context, 'change webhooks');
  return transactAndKick(context, (tx) => sendTestEvent(tx, caller.org.id, id, context.now));
}
