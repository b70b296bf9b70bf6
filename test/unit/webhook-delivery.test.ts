// Webhook delivery on each store engine, to a real receiver on loopback that verifies every signature with the
// `standardwebhooks` package: signed as Standard Webhooks says, retried until it is taken, nothing lost or sent
// twice across a restart. The guard against addresses that are not public: webhook-address-guard.test.ts.
import { randomBytes } from 'node:crypto';
import { open } from 'node:fs/promises';
import { afterEach, describe, expect, test } from 'vitest';
import { createWebhookDelivery } from '../../api/domain/webhooks/delivery.ts';
import { deleteEndpoint, registerEndpoint } from '../../api/domain/webhooks/endpoints.ts';
import { emitEvent } from '../../api/domain/webhooks/events.ts';
import type { PostResult } from '../../api/domain/webhooks/post.ts';
import { createSecretBox } from '../../api/domain/webhooks/secrets.ts';
import type { WebhookEventType } from '../../api/store/records.ts';
import type { Store } from '../../api/store/store.ts';
import { ENGINES } from '../support/engines.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver.ts';

const secrets = createSecretBox(randomBytes(32));
const quiet = { info() {} };
const cleanup: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const close of cleanup.splice(0)) await close();
});

async function receiverFor(options: { failFirst?: number } = {}): Promise<WebhookReceiver> {
  const receiver = await startWebhookReceiver(options);
  cleanup.push(() => receiver.close());
  return receiver;
}

const delivery = (store: Store, retrySeconds = [0.01]) =>
  createWebhookDelivery({ store, secrets, allowPrivate: true, retrySeconds, log: quiet });

async function labWithEndpoint(store: Store, receiver: WebhookReceiver, events: WebhookEventType[] = []) {
  const now = new Date();
  return store.transact(async (tx) => {
    await tx.insert('orgs', {
      id: 'org_a',
      name: 'Lab A',
      created_at: now.toISOString(),
      nda: { state: 'none', accepted_at: null, verified_at: null, revoked_at: null },
    });
    const made = await registerEndpoint(
      tx,
      { orgId: 'org_a', accountId: null, url: receiver.url, events },
      secrets,
      now,
    );
    receiver.secret = made.secret;
    return made.endpoint;
  });
}

const emit = (store: Store, type: WebhookEventType, key: string) =>
  store.transact((tx) => emitEvent(tx, { orgId: 'org_a', type, key, data: { id: key } }, new Date()));

/** Runs delivery passes until nothing is due (retries are 10 ms apart here). */
async function drain(store: Store, passes = 40) {
  const hooks = delivery(store);
  for (let i = 0; i < passes; i++) {
    await hooks.deliver();
    if ((await store.dueDeliveries(new Date(Date.now() + 1000), 1)).length === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 15));
  }
}

describe.each(ENGINES)('webhooks on the $name engine', ({ skip, place }) => {
  test.skipIf(skip)('an event reaches the endpoint signed so that standardwebhooks verifies it', async () => {
    const store = await (await place())();
    cleanup.push(() => store.close());
    const receiver = await receiverFor();
    const endpoint = await labWithEndpoint(store, receiver);
    expect(endpoint.secret_sealed).not.toContain(receiver.secret!.slice(6));
    expect(await emit(store, 'request.created', 'request:req_1:created')).toBe(1);
    await delivery(store).deliver();
    expect(receiver.received).toHaveLength(1);
    const [got] = receiver.received;
    expect(got).toMatchObject({
      verified: true,
      status: 204,
      event: { type: 'request.created', data: { id: 'request:req_1:created' } },
    });
    expect(Date.parse(got!.event!.timestamp)).not.toBeNaN();
    const [logged] = (await store.deliveries({ endpointId: endpoint.id })).items;
    expect(logged).toMatchObject({
      id: got!.id,
      status: 'delivered',
      attempts: 1,
      last_status_code: 204,
      body: null,
    });
  });

  test.skipIf(skip)(
    'a receiver failing five times gets the sixth attempt; one delivery, six attempts, one id',
    async () => {
      const store = await (await place())();
      cleanup.push(() => store.close());
      const receiver = await receiverFor({ failFirst: 5 });
      const endpoint = await labWithEndpoint(store, receiver);
      await emit(store, 'key.created', 'key:key_1:created');
      await drain(store);
      expect(receiver.received.map((r) => r.status)).toEqual([500, 500, 500, 500, 500, 204]);
      expect(new Set(receiver.received.map((r) => r.id)).size).toBe(1);
      const log = (await store.deliveries({ endpointId: endpoint.id })).items;
      expect(log).toHaveLength(1);
      expect(log[0]).toMatchObject({ status: 'delivered', attempts: 6, last_status_code: 204 });
    },
  );

  test.skipIf(skip)(
    'a claimed delivery is not claimed again while its chunk may still be posting: 8 timeouts in a row',
    async () => {
      const store = await (await place())();
      cleanup.push(() => store.close());
      const receiver = await receiverFor();
      const endpoint = await labWithEndpoint(store, receiver);
      await emit(store, 'key.created', 'key:key_1:created');
      let answer!: (result: PostResult) => void;
      const stuck = createWebhookDelivery({
        store,
        secrets,
        allowPrivate: true,
        retrySeconds: [60],
        log: quiet,
        post: () => new Promise((resolve) => (answer = resolve)),
      });
      const pass = stuck.deliver();
      await expect
        .poll(async () => (await store.deliveries({ endpointId: endpoint.id })).items[0]?.status)
        .toBe('sending');
      const sentBy = (secondsLater: number) =>
        createWebhookDelivery({
          store,
          secrets,
          allowPrivate: true,
          retrySeconds: [60],
          log: quiet,
          now: () => new Date(Date.now() + secondsLater * 1000),
        }).deliver();
      // A chunk of 64 to endpoints that never answer: eight rounds of 10-second timeouts, 80 s.
      await sentBy(85);
      expect(receiver.received).toHaveLength(0);
      await sentBy(95); // a sender that stopped (killed mid-chunk) leaves no delivery held for good
      expect(receiver.received).toHaveLength(1);
      answer({ error: 'no answer in 10 s' });
      await pass;
    },
  );

  test.skipIf(skip)(
    'a restart in the middle of retries loses nothing and sends nothing twice after success',
    async () => {
      const open = await place();
      let store = await open();
      const receiver = await receiverFor({ failFirst: 2 });
      const endpoint = await labWithEndpoint(store, receiver);
      for (let i = 0; i < 3; i++) await emit(store, 'request.created', `request:req_${i}:created`);
      await delivery(store).deliver(); // every first attempt; two of them fail
      await store.close();

      store = await open(); // a new process: its own delivery, the same store
      cleanup.push(() => store.close());
      await drain(store);
      await receiver.delivered(3);
      const before = receiver.received.length;
      await drain(store);
      await delivery(store).deliver();
      expect(receiver.received).toHaveLength(before);
      const log = (await store.deliveries({ endpointId: endpoint.id })).items;
      expect(log.map((d) => d.status)).toEqual(['delivered', 'delivered', 'delivered']);
      const ids = receiver.received.filter((r) => r.status === 204).map((r) => r.id);
      expect(new Set(ids).size).toBe(3);
    },
  );

  test.skipIf(skip)(
    'an endpoint gets only the events it subscribed to; the same event never queues twice',
    async () => {
      const store = await (await place())();
      cleanup.push(() => store.close());
      const receiver = await receiverFor();
      await labWithEndpoint(store, receiver, ['request.status_changed']);
      expect(await emit(store, 'key.created', 'key:key_1:created')).toBe(0);
      expect(await emit(store, 'request.status_changed', 'request:req_1:status:in_review')).toBe(1);
      await emit(store, 'request.status_changed', 'request:req_1:status:in_review');
      await drain(store);
      expect(receiver.received.map((r) => r.event?.type)).toEqual(['request.status_changed']);
    },
  );

  test.skipIf(skip)("a deleted endpoint's queued deliveries are not sent", async () => {
    const store = await (await place())();
    cleanup.push(() => store.close());
    const receiver = await receiverFor();
    const endpoint = await labWithEndpoint(store, receiver);
    await emit(store, 'nda.verified', 'org:org_a:nda:verified');
    await store.transact((tx) => deleteEndpoint(tx, 'org_a', endpoint.id, new Date()));
    await delivery(store).deliver();
    expect(receiver.received).toEqual([]);
    const [logged] = (await store.deliveries({ endpointId: endpoint.id })).items;
    expect(logged).toMatchObject({ status: 'failed', last_error: 'the endpoint was deleted' });
  });
});
