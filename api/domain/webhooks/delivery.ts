// Delivers webhook events with the mail queue's discipline (queue/drain.ts): claimed under a lease, so two senders
// never hold the same delivery; a crash between a send and its record sends it again, with the same `webhook-id`:
// at least once, as contract §10 says.
// A failed attempt is retried on the schedule until 24 hours after the event; then the delivery is `failed`.
//
// One lab's endpoint that does not answer must not hold up everyone else's: after a post to an endpoint gets no
// answer (a timeout, a refused connection), that endpoint's other deliveries are held back until its retry,
// without a post each, so a dead endpoint costs the senders one timeout per retry, not one per delivery. An
// endpoint that answers, even with an error, is not held back: a receiver refusing one event may take the next.
//
// Claims take turns between endpoints (store/queue-order.ts), and a chunk is sent whole before the next is claimed.
// An endpoint whose last answer was slow gets one round of the senders in a chunk, not the whole chunk: its own
// deliveries go no slower (eight at a time either way), and another lab's next event waits for one of its answers,
// not eight.
import { Webhook } from 'standardwebhooks';
import type { WebhookDeliveryRecord, WebhookEndpointRecord } from '../../store/records.ts';
import type { Store, Tx } from '../../store/store.ts';
import { drainQueue } from '../queue/drain.ts';
import { createUnanswered } from '../queue/unanswered.ts';
import { postSigned, TIMEOUT_MS, type PostResult } from './post.ts';
import type { SecretBox } from './secrets.ts';

const GIVE_UP_MS = 24 * 60 * 60_000;
const CHUNK = 64;
const SEND_CONCURRENCY = 8;
const CHUNKS_PER_PASS = 16;
/** An answer this slow caps the endpoint at one round of the senders a claim, until an answer is quicker. */
const SLOW_MS = 500;
/**
 * A lease outlasts the slowest chunk, every post timing out (64 endpoints, none answering), so that no other
 * sender claims a delivery while this one may still post it.
 */
const LEASE_MS = (CHUNK / SEND_CONCURRENCY + 1) * TIMEOUT_MS;

/**
 * `deliver()` resolves true when it stopped with deliveries still due: the caller runs another pass at once.
 * Once `stop` is aborted it claims nothing more.
 */
export type WebhookDelivery = { deliver(stop?: AbortSignal): Promise<boolean> };

export function createWebhookDelivery(deps: {
  store: Store;
  secrets: SecretBox;
  allowPrivate: boolean;
  /** The waits between attempts (WEBHOOK_RETRY_SECONDS); the last repeats until 24 hours have passed. */
  retrySeconds: readonly number[];
  log: { info(message: string, fields?: Record<string, unknown>): void };
  now?: () => Date;
  /** Makes the POST: here by default; the server makes it in a worker thread (threaded-post.ts). */
  post?: typeof postSigned;
}): WebhookDelivery {
  const postOne = deps.post ?? postSigned;
  const now = deps.now ?? (() => new Date());
  const retryDelayMs = (attempts: number) =>
    1000 * deps.retrySeconds[Math.min(attempts, deps.retrySeconds.length) - 1]!;

  const unanswered = createUnanswered();
  /** Endpoints whose last answer took SLOW_MS or more. */
  const slow = new Set<string>();

  /** An endpoint and what signs for it (null: its secret cannot be opened), made once per chunk, not per delivery. */
  type Target = { endpoint: WebhookEndpointRecord; signer: Webhook | null };
  type Claimed = { delivery: WebhookDeliveryRecord; target: Target | undefined };

  function targetOf(endpoint: WebhookEndpointRecord | undefined): Target | undefined {
    if (!endpoint) return undefined;
    try {
      return { endpoint, signer: new Webhook(deps.secrets.open(endpoint.secret_sealed)) };
    } catch {
      return { endpoint, signer: null };
    }
  }

  async function deliver(stop?: AbortSignal): Promise<boolean> {
    if ((await deps.store.dueDeliveries(now(), 1)).length === 0) return false;
    return drainQueue(deps.store, 'deliveries', {
      claim: claimDue,
      idOf: ({ delivery }: Claimed) => delivery.id,
      send: async ({ delivery, target }: Claimed) => ({
        id: delivery.id,
        patch: await attempt(delivery, target),
      }),
      leaseMs: LEASE_MS,
      now,
      maxChunks: CHUNKS_PER_PASS,
      concurrency: SEND_CONCURRENCY,
      stop,
    });
  }

  async function claimDue(tx: Tx, leaseUntil: string): Promise<Claimed[]> {
    const caps = new Map([...slow].map((endpointId) => [endpointId, SEND_CONCURRENCY]));
    const leased = await tx.lease('deliveries', now(), CHUNK, leaseUntil, caps);
    // A fan-out leases many deliveries to a few endpoints: each endpoint is read, and its secret opened, once.
    const targets = new Map<string, Target | undefined>();
    // One after another: a PostgreSQL transaction is one connection, which runs one query at a time.
    for (const { endpoint_id } of leased)
      if (!targets.has(endpoint_id)) targets.set(endpoint_id, targetOf(await tx.webhookById(endpoint_id)));
    return leased.map((delivery) => ({ delivery, target: targets.get(delivery.endpoint_id) }));
  }

  /** One attempt; says what to record of it, and never throws. */
  async function attempt(
    delivery: WebhookDeliveryRecord,
    target: Target | undefined,
  ): Promise<Partial<WebhookDeliveryRecord>> {
    const attempts = delivery.attempts + 1;
    if (!target || target.endpoint.deleted_at || delivery.body === null)
      return { status: 'failed', attempts, lease_until: null, last_error: 'the endpoint was deleted' };
    if (target.endpoint.disabled_at)
      return { status: 'failed', attempts, lease_until: null, last_error: 'the endpoint was disabled' };
    const held = heldBack(delivery);
    if (held) return held;
    const started = performance.now();
    const result = await post(delivery, target, delivery.body);
    if ('status' in result) answeredIn(delivery.endpoint_id, performance.now() - started);
    const at = now();
    if ('status' in result && result.status >= 200 && result.status < 300) {
      unanswered.answered(delivery.endpoint_id);
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
    if ('error' in result) unanswered.noAnswerFrom(delivery.endpoint_id, nextAt, error);
    return {
      status: givenUp(delivery, nextAt) ? 'failed' : 'queued',
      attempts,
      lease_until: null,
      last_status_code: 'status' in result ? result.status : null,
      last_error: error.slice(0, 500),
      next_attempt_at: new Date(nextAt).toISOString(),
    };
  }

  function answeredIn(endpointId: string, ms: number): void {
    if (ms >= SLOW_MS) slow.add(endpointId);
    else slow.delete(endpointId);
  }

  /**
   * What to record of a delivery held back because its endpoint gave no answer moments ago, or undefined to post
   * it. Its attempts are not counted: it was not sent. A test event is always sent: a lab sends one to see whether
   * the endpoint works now.
   */
  function heldBack(delivery: WebhookDeliveryRecord): Partial<WebhookDeliveryRecord> | undefined {
    if (delivery.type === 'webhook.test') return undefined;
    const known = unanswered.waiting(delivery.endpoint_id, now().getTime());
    if (!known) return undefined;
    return {
      status: givenUp(delivery, known.until) ? 'failed' : 'queued',
      lease_until: null,
      next_attempt_at: new Date(known.until).toISOString(),
      last_error: `not sent: another delivery to this endpoint just failed: ${known.error}`,
    };
  }

  function post(
    delivery: WebhookDeliveryRecord,
    { endpoint, signer }: Target,
    body: string,
  ): Promise<PostResult> {
    if (!signer)
      return Promise.resolve({ error: 'the signing secret cannot be read: was LINK_SECRET changed?' });
    const sentAt = now();
    const signing = {
      'webhook-id': delivery.id,
      'webhook-timestamp': String(Math.floor(sentAt.getTime() / 1000)),
      'webhook-signature': signer.sign(delivery.id, sentAt, body),
    };
    return postOne(endpoint.url, body, signing, { allowPrivate: deps.allowPrivate });
  }

  return { deliver };
}

/** Past 24 hours after its event, a delivery is not tried again. */
const givenUp = (delivery: WebhookDeliveryRecord, nextAt: number) =>
  nextAt > Date.parse(delivery.created_at) + GIVE_UP_MS;
