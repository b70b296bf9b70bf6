// Webhook delivery on each store engine, to a real receiver on loopback that verifies every signature with the
// `standardwebhooks` package: signed as Standard Webhooks says, retried until it is taken, nothing lost or sent
// twice across a restart, and never sent to an address that is not public unless the operator allows it.
import { randomBytes } from 'node:crypto';
import { mkdtemp, open } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterEach, describe, expect, test } from 'vitest';
import { checkHost, guardedLookupThrough, isPublicAddress } from '../../api/domain/webhooks/address-guard.ts';
import { createWebhookDelivery } from '../../api/domain/webhooks/delivery.ts';
import { checkEndpointUrl, deleteEndpoint, registerEndpoint } from '../../api/domain/webhooks/endpoints.ts';
import { emitEvent } from '../../api/domain/webhooks/events.ts';
import { postSigned, type PostResult } from '../../api/domain/webhooks/post.ts';
import { createSecretBox } from '../../api/domain/webhooks/secrets.ts';
import type { WebhookEventType } from '../../api/store/records.ts';
import type { Store } from '../../api/store/store.ts';
import { ENGINES } from '../support/engines.ts';
import { startNameServer } from '../support/name-server.ts';
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

describe('the SSRF guard', () => {
  test.each([
    ['http://hooks.example.com/in', 'must be https'],
    ['https://127.0.0.1/in', 'resolves to 127.0.0.1'],
    ['https://localhost/in', 'not a public address'],
    ['https://10.1.2.3/in', 'resolves to 10.1.2.3'],
    ['https://192.168.0.7/in', 'resolves to 192.168.0.7'],
    ['https://169.254.169.254/latest/meta-data', 'resolves to 169.254.169.254'],
    ['https://[::1]/in', 'resolves to ::1'],
    ['https://[fd00::1]/in', 'resolves to fd00::1'],
    ['https://[::ffff:127.0.0.1]/in', 'not a public address'],
    ['https://100.64.0.1/in', 'resolves to 100.64.0.1'],
    ['https://user:pw@hooks.example.com/in', 'user name or password'],
  ])('refuses %s', async (url, why) => {
    const refusal = await checkEndpointUrl(new URL(url), false).catch((error: unknown) => error);
    expect(refusal).toMatchObject({
      status: 422,
      code: 'invalid',
      fields: { url: [expect.stringContaining(why)] },
    });
  });

  test('public addresses pass; WEBHOOK_ALLOW_PRIVATE lets a loopback http receiver in', async () => {
    for (const address of ['93.184.215.14', '1.1.1.1', '2606:4700:4700::1111'])
      expect(isPublicAddress(address)).toBe(true);
    await expect(checkEndpointUrl(new URL('http://127.0.0.1:9/in'), true)).resolves.toBeUndefined();
  });

  test('at connection time too: a post to loopback is refused before a byte is sent', async () => {
    const receiver = await receiverFor();
    const result = await postSigned(
      receiver.url.replace('http://127.0.0.1', 'https://localhost'), // refused at the lookup, before TLS
      '{}',
      {},
      { allowPrivate: false },
    );
    expect(result).toMatchObject({ error: expect.stringContaining('not a public address') });
    expect(receiver.received).toEqual([]);
  });

  test('an endpoint registered while private addresses were allowed is not posted to once they are not', async () => {
    const receiver = await receiverFor(); // http://127.0.0.1:port: an address, which no lookup is asked about
    const port = new URL(receiver.url).port;
    for (const [url, why] of [
      [receiver.url, 'http is not https'],
      [`https://127.0.0.1:${port}/in`, '127.0.0.1 is not a public address'],
      [`https://[::1]:${port}/in`, '::1 is not a public address'],
      [`https://0x7f000001:${port}/in`, '127.0.0.1 is not a public address'],
    ]) {
      const result = await postSigned(url!, '{}', {}, { allowPrivate: false });
      expect(result).toEqual({ error: `not sent: ${why}, and WEBHOOK_ALLOW_PRIVATE is not set` });
    }
    expect(receiver.received).toEqual([]);
    // With them allowed, the same post reaches the receiver (which refuses it: it carries no signature).
    expect(await postSigned(receiver.url, '{}', {}, { allowPrivate: true })).toEqual({ status: 401 });
  });

  test('names are asked of the name servers, and every address they give is checked', async () => {
    const names = await startNameServer({
      'hooks.lab.example': { A: ['93.184.215.14'], AAAA: ['2606:2800:21f:cb07::1'] },
      'rebind.lab.example': { A: ['93.184.215.14'], AAAA: ['::1'] },
      'inner.lab.example': { A: ['10.1.2.3'] },
    });
    cleanup.push(() => names.close());
    const resolver = names.resolver();
    expect(await checkHost('hooks.lab.example', resolver)).toEqual({ ok: true });
    expect(await checkHost('rebind.lab.example', resolver)).toEqual({
      ok: false,
      reason: 'its host resolves to a loopback address, which is not a public address',
    });
    // Only the kind of address a name resolves to: a lab cannot map the names of our own network.
    expect(await checkHost('inner.lab.example', resolver)).toEqual({
      ok: false,
      reason: 'its host resolves to a private address, which is not a public address',
    });
    expect(await checkHost('missing.lab.example', resolver)).toEqual({
      ok: false,
      reason: 'missing.lab.example does not resolve',
    });
    expect(await checkHost('Hooks.Localhost.', resolver)).toMatchObject({ ok: false }); // RFC 6761: loopback
    const lookup = promisify(guardedLookupThrough(resolver));
    expect(await lookup('hooks.lab.example', { family: 4 })).toBe('93.184.215.14');
    const refused = await lookup('inner.lab.example', {}).catch((error: Error) => error.message);
    expect(refused).toBe('inner.lab.example resolves to a private address, which is not a public address');
    expect(names.asked).toContain('AAAA hooks.lab.example');
  });

  test("a lab's name server that never answers holds no thread the store's writes need", async () => {
    const names = await startNameServer({ 'silent.lab.example': 'silent' });
    cleanup.push(() => names.close());
    const lookup = promisify(guardedLookupThrough(names.resolver(300)));
    // More lookups than libuv has threads (4): through getaddrinfo they would hold every one of them.
    let settled = 0;
    const lookups = Array.from({ length: 8 }, () =>
      lookup('silent.lab.example', {})
        .then(
          () => 'resolved',
          (error: Error) => error.message,
        )
        .finally(() => settled++),
    );
    const dir = await mkdtemp(join(tmpdir(), 'dss-fsync-'));
    const file = await open(join(dir, 'commit.json'), 'w');
    for (let i = 0; i < 16; i++) {
      await file.write(`{"commit":${i}}`);
      await file.sync(); // a store commit's fsync runs in libuv's thread pool
    }
    await file.close();
    expect(settled).toBe(0); // every fsync done while every lookup still waited
    expect(await Promise.all(lookups)).toEqual(
      Array(8).fill('no answer from the name servers for silent.lab.example'),
    );
  });

  test('a sealed secret opens only with the key that sealed it', () => {
    const sealed = secrets.seal('whsec_c2VjcmV0LXZhbHVlLWZvci10ZXN0cw==');
    expect(sealed).not.toContain('c2VjcmV0');
    expect(secrets.open(sealed)).toBe('whsec_c2VjcmV0LXZhbHVlLWZvci10ZXN0cw==');
    expect(() => createSecretBox(randomBytes(32)).open(sealed)).toThrow();
  });
});
