// Several API processes on one PostgreSQL and one Redis (contract §11): a write acknowledged by one is read at
// once from the others, nothing acknowledged is lost or stored twice, one limit holds across them, each mail is
// sent and each webhook delivered once, and a killed instance loses nothing it acknowledged. The CLI works on the
// database meanwhile.
import { randomUUID } from 'node:crypto';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, inject, test } from 'vitest';
import { registerEndpoint } from '../../api/domain/webhooks/endpoints.ts';
import { emitEvent } from '../../api/domain/webhooks/events.ts';
import { createSecretBox } from '../../api/domain/webhooks/secrets.ts';
import { openStore } from '../../api/store/open-store.ts';
import type { Store } from '../../api/store/store.ts';
import { makeLabByCli } from '../support/lab.ts';
import { freshDatabase } from '../support/postgres.ts';
import { redisInstalled, startRedis, type RedisServer } from '../support/redis.ts';
import { startServer, type RunningServer } from '../support/server.ts';
import { startSmtp } from '../support/smtp.ts';
import { startWebhookReceiver } from '../support/webhook-receiver.ts';

const ready = Boolean(inject('postgresUrl')) && redisInstalled();
const KEY_QUOTA = 30;
let redis: RedisServer;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let env: Record<string, string>;
let servers: RunningServer[] = [];
let store: Store;
let lab: Awaited<ReturnType<typeof makeLabByCli>>;

beforeAll(async () => {
  if (!ready) return;
  [redis, smtp] = await Promise.all([startRedis(), startSmtp()]);
  const dataDir = await mkdtemp(join(tmpdir(), 'dss-instances-'));
  env = {
    DATA_DIR: dataDir,
    DATABASE_URL: await freshDatabase(inject('postgresUrl')),
    LINK_SECRET: 'one-secret-for-every-instance-0123456789abcdef',
    REDIS_URL: redis.url,
    SMTP_URL: smtp.url,
    RATE_LIMIT_KEY_PER_MINUTE: '100000',
    RATE_LIMIT_PUBLIC_PER_MINUTE: '100000',
    DATA_REQUESTS_PER_HOUR: '100000',
    WEBHOOK_ALLOW_PRIVATE: 'true',
  };
  servers = await Promise.all([startServer(env), startServer(env), startServer(env)]);
  lab = await makeLabByCli(env); // through the CLI, on the same database, while the servers run
  store = await openStore({ dataDir, databaseUrl: env.DATABASE_URL });
});
afterAll(async () => {
  await Promise.all(servers.map((server) => server.stop()));
  await Promise.all([store?.close(), redis?.stop(), smtp?.close()]);
});

const post = (server: RunningServer, body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${server.url}/api/v1/requests`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${lab.key}`, 'Content-Type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
const body = (i: number) => ({
  data_types: ['call_audio'],
  description: `Request ${i} through several instances at once.`,
});

test.skipIf(!ready)(
  '300 requests through three instances at once: each acknowledged one stored once, read from all',
  async () => {
    const answers = await Promise.all(
      Array.from({ length: 300 }, async (_, i) => {
        const response = await post(servers[i % 3]!, body(i), { 'Idempotency-Key': `several-${i}` });
        return { status: response.status, id: ((await response.json()) as { data: { id: string } }).data.id };
      }),
    );
    expect(answers.every((answer) => answer.status === 201)).toBe(true);
    const stored = (await store.requests({ orgId: lab.orgId })).items.map((request) => request.id).sort();
    expect(stored).toEqual(answers.map((answer) => answer.id).sort());
    // Each instance reads what the others wrote, at once.
    for (const server of servers) {
      const response = await fetch(`${server.url}/api/v1/requests/${answers[0]!.id}`, {
        headers: { Authorization: `Bearer ${lab.key}` },
      });
      expect(response.status).toBe(200);
    }
    // A retry through another instance is the first answer, not a new request.
    const retry = await post(servers[1]!, body(0), { 'Idempotency-Key': 'several-0' });
    expect(((await retry.json()) as { data: { id: string } }).data.id).toBe(answers[0]!.id);
    expect((await store.requests({ orgId: lab.orgId })).items).toHaveLength(300);
  },
  120_000,
);

test.skipIf(!ready)(
  'each of the mails those requests queued is sent once, with three senders',
  async () => {
    // 300 acknowledgements and the lead's mails: the first few of the hour, the rest folded into a digest that waits
    // for the hour's end (issue 41 item 13), so what is due now is counted, not assumed.
    const due = async () =>
      (await store.mailList({})).filter((mail) => Date.parse(mail.next_attempt_at) <= Date.now()).length;
    const expected = await due();
    expect(expected).toBeGreaterThanOrEqual(300);
    const received = await smtp.waitFor(expected, 60_000);
    const ids = received.map((message) => message.mail.messageId);
    expect(new Set(ids).size).toBe(received.length);
    await new Promise((resolve) => setTimeout(resolve, 1500)); // a duplicate would arrive by now
    expect(smtp.received).toHaveLength(await due());
  },
  90_000,
);

test.skipIf(!ready)(
  'the per-key limit holds across the three: one quota, not three',
  async () => {
    const limited = { ...env, RATE_LIMIT_KEY_PER_MINUTE: String(KEY_QUOTA) };
    const trio = await Promise.all([startServer(limited), startServer(limited), startServer(limited)]);
    try {
      const other = await makeLabByCli(env, 'Limited lab');
      const statuses: number[] = [];
      for (let i = 0; i < 3 * KEY_QUOTA; i++) {
        const response = await fetch(`${trio[i % 3]!.url}/api/v1/catalog`, {
          headers: { Authorization: `Bearer ${other.key}` },
        });
        statuses.push(response.status);
      }
      expect(statuses.filter((status) => status === 200)).toHaveLength(KEY_QUOTA);
    } finally {
      await Promise.all(trio.map((server) => server.stop()));
    }
  },
  60_000,
);

test.skipIf(!ready)(
  '300 webhook events queued: each delivered once, signed, while three instances run their workers',
  async () => {
    const receiver = await startWebhookReceiver();
    try {
      const secrets = createSecretBox(new TextEncoder().encode(env.LINK_SECRET!));
      const now = new Date();
      const endpoint = { orgId: lab.orgId, accountId: null, url: receiver.url, events: [] };
      await store.transact(async (tx) => {
        receiver.secret = (await registerEndpoint(tx, endpoint, secrets, now)).secret;
        for (let i = 0; i < 300; i++) {
          const event = {
            orgId: lab.orgId,
            type: 'webhook.test' as const,
            key: `instances:${i}`,
            data: { i },
          };
          await emitEvent(tx, event, now);
        }
      });
      await receiver.delivered(300, 30_000);
      await new Promise((resolve) => setTimeout(resolve, 1500)); // a second sender would have sent by now
      expect(receiver.received.every((r) => r.verified && r.status === 204)).toBe(true);
      expect(new Set(receiver.received.map((r) => r.id)).size).toBe(receiver.received.length);
      expect(receiver.received).toHaveLength(300);
    } finally {
      await receiver.close();
    }
  },
  60_000,
);

test.skipIf(!ready)(
  'kill -9 of one instance under write load: every acknowledged write is stored',
  async () => {
    const victim = await startServer(env);
    const acknowledged: string[] = [];
    let stop = false;
    const writers = Array.from({ length: 8 }, async (_, w) => {
      for (let i = 0; !stop; i++) {
        const response = await post(victim, body(i), {
          'Idempotency-Key': `kill-${w}-${i}-${randomUUID()}`,
        }).catch(() => undefined);
        if (response?.status === 201)
          acknowledged.push(((await response.json()) as { data: { id: string } }).data.id);
      }
    });
    await expect.poll(() => acknowledged.length, { timeout: 20_000 }).toBeGreaterThan(50);
    victim.child.kill('SIGKILL');
    stop = true;
    await Promise.all(writers);
    await victim.stop();
    const stored = new Set((await store.requests({ orgId: lab.orgId })).items.map((request) => request.id));
    expect(acknowledged.filter((id) => !stored.has(id))).toEqual([]);
  },
  60_000,
);
