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
      .poll(() => servers.map((server) => /Redis does not answer/.test(server.stdout())))
      .toEqual([true, true]);
  },
);
