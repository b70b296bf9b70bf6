// `npm run bench -- webhooks`: webhook fan-out. 10,000 events queued for one endpoint on a local receiver, sent
// by the server's background worker (claimed, signed, posted, recorded), against a baseline that posts the same
// signed bodies straight from this process, 8 at a time, with no store. Then data-request writes at 500/s on a
// warmed-up server while a fan-out of 25,000 events queued meanwhile runs, against the same writes on the same
// server once it is done. Never fails on speed.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { Webhook } from 'standardwebhooks';
import { registerEndpoint } from '../../api/domain/webhooks/endpoints.ts';
import { emitEvent, queueDelivery } from '../../api/domain/webhooks/events.ts';
import type { WebhookEndpointRecord } from '../../api/store/records.ts';
import { postSigned } from '../../api/domain/webhooks/post.ts';
import { createSecretBox } from '../../api/domain/webhooks/secrets.ts';
import { openStore } from '../../api/store/open-store.ts';
import { makeLab } from '../../test/support/lab.ts';
import { pacedLoad } from './paced-load.ts';
import { duringMachine } from './machine.ts';
import { log, UNLIMITED } from './load.ts';
import { machineRows, WRITE_RATE } from './writes-part.ts';
import { startOurs } from './processes.ts';
import type { Row } from './report.ts';
import { scratchDir } from './scratch.ts';

const EVENTS = 10_000;
/** The fan-out the writes run beside: long enough to outlast their 6 seconds at 2,000-3,500 deliveries/s. */
const BACKLOG = 25_000;
const LINK_SECRET = 'benchmark-link-secret-0123456789abcdefghij';
const secrets = createSecretBox(new TextEncoder().encode(LINK_SECRET));

/** A receiver in its own process (receiver-child.ts) that answers 204 and counts. */
async function startReceiver() {
  const child = spawn(process.execPath, [new URL('./receiver-child.ts', import.meta.url).pathname], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const [line] = (await once(child.stdout!, 'data')) as [Buffer];
  const base = line.toString().trim();
  return {
    url: `${base}/hooks`,
    received: async () => Number(await (await fetch(`${base}/count`)).text()),
    close: async () => {
      child.kill();
      await once(child, 'exit');
    },
  };
}

/** A lab with one endpoint (key.created only, so the benchmark's data requests add no deliveries). */
async function labWithEndpoint(receiverUrl: string) {
  const dataDir = await scratchDir('webhooks');
  const lab = await makeLab({ DATA_DIR: dataDir, LINK_SECRET }, 'Benchmark Lab');
  const store = await openStore({ dataDir });
  await store.transact((tx) =>
    registerEndpoint(
      tx,
      { orgId: lab.orgId, accountId: null, url: receiverUrl, events: ['key.created'] },
      secrets,
      new Date(),
    ),
  );
  await store.close();
  return { dataDir, lab };
}

/** `count` events for the lab's endpoint, queued by this process: a second writer, as the CLI or another instance. */
async function queueEvents(dataDir: string, orgId: string, count: number, tag: string) {
  const store = await openStore({ dataDir });
  const now = new Date();
  for (let done = 0; done < count; done += 500) {
    await store.transact(async (tx) => {
      for (let i = done; i < Math.min(done + 500, count); i++) {
        const event = { orgId, type: 'key.created' as const, key: `${tag}:${i}`, data: { id: `key_${i}` } };
        await emitEvent(tx, event, now);
      }
    });
  }
  await store.close();
}

/**
 * How long one claim of 64 holds the event loop with `queued` deliveries waiting (the lease inside its transaction,
 * median of five), in this process, on the JSON engine.
 */
async function claimMs(queued: number): Promise<number> {
  const store = await openStore({ dataDir: await scratchDir('claims') });
  const now = new Date();
  const endpoint = {
    id: 'wh_bench',
    org_id: 'org_bench',
    url: 'https://hooks.example/',
  } as WebhookEndpointRecord;
  for (let done = 0; done < queued; done += 500) {
    await store.transact(async (tx) => {
      for (let i = done; i < Math.min(done + 500, queued); i++) {
        const event = { orgId: endpoint.org_id, type: 'key.created' as const, key: `claim:${i}`, data: {} };
        await queueDelivery(tx, endpoint, event, now);
      }
    });
  }
  const times: number[] = [];
  for (let round = 0; round < 5; round++) {
    await store.transact(async (tx) => {
      const started = performance.now();
      await tx.lease('deliveries', new Date(), 64, new Date(Date.now() + 60_000).toISOString());
      times.push(performance.now() - started);
    });
  }
  await store.close();
  return times.sort((a, b) => a - b)[2]!;
}

async function until(done: () => Promise<boolean>, timeoutMs = 300_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await done())) {
    if (Date.now() > deadline) throw new Error('the fan-out did not finish in 5 minutes');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** The same signed posts from this process, 8 at a time: what the receiver and the client side cost alone. */
async function barePosts(url: string): Promise<number> {
  const hook = new Webhook(`whsec_${Buffer.alloc(24, 7).toString('base64')}`);
  const started = performance.now();
  let next = 0;
  const sender = async () => {
    while (next < EVENTS) {
      const i = next++;
      const body = JSON.stringify({
        type: 'key.created',
        timestamp: new Date().toISOString(),
        data: { id: `key_${i}` },
      });
      const id = `msg_bench${i}`;
      const signing = {
        'webhook-id': id,
        'webhook-timestamp': String(Math.floor(Date.now() / 1000)),
        'webhook-signature': hook.sign(id, new Date(), body),
      };
      await postSigned(url, body, signing, { allowPrivate: true });
    }
  };
  await Promise.all(Array.from({ length: 8 }, sender));
  return EVENTS / ((performance.now() - started) / 1000);
}

export async function webhooksPart(): Promise<Row[]> {
  const receiver = await startReceiver();
  const env = { ...UNLIMITED, LINK_SECRET, WEBHOOK_ALLOW_PRIVATE: 'true' };
  try {
    log(`webhooks: ${EVENTS} events, ours`);
    const first = await labWithEndpoint(receiver.url);
    await queueEvents(first.dataDir, first.lab.orgId, EVENTS, 'bench');
    const server = await startOurs({ ...env, DATA_DIR: first.dataDir });
    const started = performance.now();
    await until(async () => (await receiver.received()) >= EVENTS);
    const ours = EVENTS / ((performance.now() - started) / 1000);
    await server.stop();

    log('webhooks: the same posts from a bare client');
    const before = await receiver.received();
    const bare = await barePosts(receiver.url);
    if ((await receiver.received()) - before !== EVENTS) throw new Error('the bare client lost posts');

    log(`webhooks: data requests at ${WRITE_RATE}/s during a fan-out, then after it`);
    const second = await labWithEndpoint(receiver.url);
    const busy = await startOurs({ ...env, DATA_DIR: second.dataDir });
    const write = {
      url: `${busy.url}/api/v1/requests`,
      method: 'POST',
      headers: { Authorization: `Bearer ${second.lab.key}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({
        data_types: ['call_audio'],
        description: 'Benchmark request: English insurance calls.',
      }),
      rate: WRITE_RATE,
      duration: 6,
      connections: 50,
    };
    // Warmed up first, writes and webhooks both: a server's first seconds are slow, and its first webhook starts the
    // thread that posts them. Measured from the first delivery on: how the server learns of events that another
    // process queued is not the fan-out.
    const warmUp = (await receiver.received()) + 100;
    await queueEvents(second.dataDir, second.lab.orgId, 100, 'warm-up');
    await pacedLoad({ ...write, duration: 2 });
    await until(async () => (await receiver.received()) >= warmUp);
    const target = (await receiver.received()) + BACKLOG;
    await queueEvents(second.dataDir, second.lab.orgId, BACKLOG, 'bench');
    await until(async () => (await receiver.received()) > target - BACKLOG);
    const [during, machineDuring] = await duringMachine(() => pacedLoad(write));
    const stillSending = (await receiver.received()) < target;
    await until(async () => (await receiver.received()) >= target);
    const [after, machineAfter] = await duringMachine(() => pacedLoad(write));
    await busy.stop();
    const failed = during.errors + during.non2xx + after.errors + after.non2xx;
    if (failed) log(`webhooks: ${failed} writes failed`);
    if (!stillSending)
      log('webhooks: the fan-out ended before the writes did; the "during" figure is partly after');

    log('webhooks: one claim of 64 with 1,000 and with 100,000 deliveries queued');
    const [fewQueued, manyQueued] = [await claimMs(1_000), await claimMs(100_000)];

    return [
      {
        figure: 'One claim of 64 deliveries, 100,000 queued: event loop held (baseline: 1,000 queued)',
        ours: manyQueued,
        baseline: fewQueued,
        unit: 'ms',
      },
      {
        figure: `Webhook fan-out, ${EVENTS.toLocaleString('en-US')} events (baseline: bare signed posts, 8 at a time)`,
        ours,
        baseline: bare,
        unit: 'deliveries/s',
      },
      {
        figure: `POST /requests at ${WRITE_RATE}/s during a fan-out of ${BACKLOG.toLocaleString('en-US')}: p99 (baseline: after it)`,
        ours: during.p99,
        baseline: after.p99,
        unit: 'ms',
        target: '≤ 50 ms',
        met: during.p99 <= 50,
      },
      ...machineRows(
        `POST /requests at ${WRITE_RATE}/s during a fan-out (baseline: after it)`,
        machineDuring,
        machineAfter,
      ),
    ];
  } finally {
    await receiver.close();
  }
}
