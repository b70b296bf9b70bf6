// With REDIS_URL every instance counts against one limit (contract §11): two servers sharing one Redis refuse
// past the quota together, and a Redis that goes away leaves each server counting alone, still answering.
import { afterAll, beforeAll, expect, test } from 'vitest';
import { redisInstalled, startRedis, type RedisServer } from '../support/redis.ts';
import { startServer, type RunningServer } from '../support/server.ts';

const QUOTA = 10;
let redis: RedisServer;
let servers: RunningServer[] = [];

beforeAll(async () => {
  if (!redisInstalled()) return;
  redis = await startRedis();
  const env = { REDIS_URL: redis.url, RATE_LIMIT_PUBLIC_PER_MINUTE: String(QUOTA) };
  servers = [await startServer(env), await startServer(env)];
});
afterAll(async () => {
  await Promise.all(servers.map((server) => server.stop()));
  await redis?.stop();
});

const statuses = async (count: number) => {
  const answers: number[] = [];
  for (let i = 0; i < count; i++) {
    const response = await fetch(`${servers[i % 2]!.url}/api/v1/catalog`);
    answers.push(response.status);
    if (i === 0) expect(response.headers.get('ratelimit-policy')).toBe(`"per-ip";q=${QUOTA};w=60`);
  }
  return answers;
};

test.skipIf(!redisInstalled())(
  'two instances on one Redis allow one quota between them, not two',
  async () => {
    const answers = await statuses(2 * QUOTA);
    expect(answers.filter((status) => status === 200)).toHaveLength(QUOTA);
    expect(answers.slice(QUOTA).every((status) => status === 429)).toBe(true);
  },
);

test.skipIf(!redisInstalled())(
  'when Redis goes away, each instance counts alone and keeps answering',
  async () => {
    await redis.stop();
    const answers = await statuses(4);
    expect(answers).toEqual([200, 200, 200, 200]);
    // The log is written in batches: give it a moment.
    await expect
      .poll(() => servers.map((server) => /Redis at \S+ does not answer/.test(server.stdout())))
      .toEqual([true, true]);
  },
);

test('a REDIS_URL where nothing answers is said at start, with its address and not its password', async () => {
  const server = await startServer({ REDIS_URL: 'redis://:a-redis-password@127.0.0.1:1' });
  try {
    await expect
      .poll(() => server.stdout(), { timeout: 8_000 })
      .toMatch(/rate limits: Redis at 127\.0\.0\.1:1 does not answer \(not connected after 2 s\)/);
    expect((await fetch(`${server.url}/api/v1/catalog`)).status).toBe(200); // counted alone
    expect(server.stdout() + server.stderr()).not.toContain('a-redis-password');
    expect(server.stdout().match(/Redis at/g)).toHaveLength(1); // once, not again for the request
  } finally {
    await server.stop();
  }
});
