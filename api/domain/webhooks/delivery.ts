// Delivers webhook events with the mail queue's discipline: claimed in one store write under a lease (two senders
// never hold the same delivery), sent, and the outcomes recorded in one write. A crash between a send and its
// record sends it again once the lease ends, with the same `webhook-id`: at least once, as contract §10 says.
// A failed attempt is retried on the schedule until 24 hours after the event; then the delivery is `failed`.
import { Webhook } from 'standardwebhooks';
import type { WebhookDeliveryRecord, WebhookEndpointRecord } from '../../store/records.ts';
import type { Store, Tx } from '../../store/store.ts';
import { postSigned, TIMEOUT_MS, type PostResult } from './post.ts';
import type { SecretBox } from './secrets.ts';

const LEASE_MS = TIMEOUT_MS * 3;
const GIVE_UP_MS = 24 * 60 * 60_000;
const CHUNK = 64;
const SEND_CONCURRENCY = 8;
const CHUNKS_PER_PASS = 16;

/** `deliver()` resolves true when it stopped with deliveries still due: the caller runs another pass at once. */
export type WebhookDelivery = { deliver(): Promise<boolean> };

export function createWebhookDelivery(deps: {
  store: Store;
  secrets: SecretBox;
  allowPrivate: boolean;
  /** The waits between attempts (WEBHOOK_RETRY_SECONDS); the last repeats until 24 hours have passed. */
  retrySeconds: readonly number[];
  log: { info(message: string, fields?: Record<string, unknown>): void };
  now?: () => Date;
}): WebhookDelivery {
  const now = deps.now ?? (() => new Date());
  const retryDelayMs = (attempts: number) =>
    1000 * deps.retrySeconds[Math.min(attempts, deps.retrySeconds.length) - 1]!;

  type Claimed = { delivery: WebhookDeliveryRecord; endpoint: WebhookEndpointRecord | undefined };
  type Outcome = { id: string; patch: Partial<WebhookDeliveryRecord> };

  async function deliver(): Promise<boolean> {
    const { store } = deps;
    if ((await store.dueDeliveries(now(), 1)).length === 0) return false;
    let outcomes: Outcome[] = [];
    for (let chunks = 0; ; chunks++) {
      const recorded = outcomes;
      const claimed = await store.transact(async (tx) => {
        for (const { id, patch } of recorded) await tx.update('deliveries', id, patch);
        return chunks < CHUNKS_PER_PASS ? claimDue(tx) : [];
      });
      if (claimed.length === 0) return chunks >= CHUNKS_PER_PASS;
      outcomes = await sendAll(claimed);
    }
  }

  async function claimDue(tx: Tx): Promise<Claimed[]> {
    const at = now();
    const leaseUntil = new Date(at.getTime() + LEASE_MS).toISOString();
    const claimed: Claimed[] = [];
    // One after another: a PostgreSQL transaction is one connection, which runs one query at a time.
    for (const due of await tx.dueDeliveries(at, CHUNK)) {
      const delivery = await tx.update('deliveries', due.id, { status: 'sending', lease_until: leaseUntil });
      claimed.push({ delivery, endpoint: await tx.webhookById(due.endpoint_id) });
    }
    return claimed;
  }

  async function sendAll(claimed: Claimed[]): Promise<Outcome[]> {
    const outcomes: Outcome[] = [];
    let next = 0;
    const sender = async () => {
      while (next < claimed.length) {
        const { delivery, endpoint } = claimed[next++]!;
        outcomes.push({ id: delivery.id, patch: await attempt(delivery, endpoint) });
      }
    };
    await Promise.all(Array.from({ length: SEND_CONCURRENCY }, sender));
    return outcomes;
  }

  /** One attempt; says what to record of it, and never throws. */
  async function attempt(
    delivery: WebhookDeliveryRecord,
    endpoint: WebhookEndpointRecord | undefined,
  ): Promise<Partial<WebhookDeliveryRecord>> {
    const attempts = delivery.attempts + 1;
    if (!endpoint || endpoint.deleted_at || delivery.body === null)
      return { status: 'failed', attempts, lease_until: null, last_error: 'the endpoint was deleted' };
    const result = await post(delivery, endpoint, delivery.body);
    const at = now();
    if ('status' in result && result.status >= 200 && result.status < 300) {
      return {
        status: 'delivered',
        attempts,
        lease_until: null,
        last_status_code: result.status,
        last_error: null,
        delivered_at: at.toISOString(),
        body: null, // delivered: the log keeps what happened, not the body
      };
    }
    const error = 'error' in result ? result.error : `answered ${result.status}`;
    deps.log.info('webhook not delivered', { deliveryId: delivery.id, attempts, error });
    const nextAt = at.getTime() + retryDelayMs(attempts);
    const givenUp = nextAt > Date.parse(delivery.created_at) + GIVE_UP_MS;
    return {
      status: givenUp ? 'failed' : 'queued',
      attempts,
      lease_until: null,
      last_status_code: 'status' in result ? result.status : null,
      last_error: error.slice(0, 500),
      next_attempt_at: new Date(nextAt).toISOString(),
    };
  }

  function post(
    delivery: WebhookDeliveryRecord,
    endpoint: WebhookEndpointRecord,
    body: string,
  ): Promise<PostResult> {
    const sentAt = now();
    let signature: string;
    try {
      signature = new Webhook(deps.secrets.open(endpoint.secret_sealed)).sign(delivery.id, sentAt, body);
    } catch {
      return Promise.resolve({ error: 'the signing secret cannot be read: was LINK_SECRET changed?' });
    }
    const signing = {
      'webhook-id': delivery.id,
      'webhook-timestamp': String(Math.floor(sentAt.getTime() / 1000)),
      'webhook-signature': signature,
    };
    return postSigned(endpoint.url, body, signing, { allowPrivate: deps.allowPrivate });
  }

  return { deliver };
}
