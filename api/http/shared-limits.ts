// Rate limits shared by every instance through Redis (REDIS_URL): one fixed window per client, counted by one
// atomic script, so N instances allow one limit, not N. If Redis does not answer, each process counts alone
// until it does (said once in the log), and the server keeps answering.
import { addressBucket } from './address-bucket.ts';
import { Redis } from 'ioredis';
import { decide, type RateLimitDecision } from './rate-limit.ts';
import type { Limits } from './types.ts';

const WINDOW_MS = 60_000;
/** How long a Redis may take to connect at start before the log says it does not answer. */
const START_WAIT_MS = 2_000;
// INCR, and the window's expiry set by the request that opened it; then how long the window has left.
const COUNT = `
local used = redis.call('INCR', KEYS[1])
if used == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return { used, redis.call('PTTL', KEYS[1]) }`;

type Quotas = { rateLimitPublicPerMinute: number; rateLimitKeyPerMinute: number };

export function createSharedLimits(
  redisUrl: string,
  quotas: Quotas,
  local: Limits,
  log: { info(message: string): void },
): Limits {
  // Fail fast rather than queue: a request never waits on a Redis that is not there.
  const redis = new Redis(redisUrl, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    commandTimeout: 250,
  });
  let away = false;
  const where = redisAddress(redisUrl);
  const goneAway = (why: string) => {
    if (!away) log.info(`rate limits: Redis at ${where} does not answer (${why}); each process counts alone`);
    away = true;
  };
  redis.on('error', () => {}); // reported through the failing take below, or the check at start, once
  redis.on('ready', () => {
    if (away) log.info('rate limits: Redis is back; counting shared again');
    away = false;
  });
  // Said at start, not only when the first request meets it: an operator watching the start-up sees it there.
  const startCheck = setTimeout(
    () => redis.status === 'ready' || goneAway(`not connected after ${START_WAIT_MS / 1000} s`),
    START_WAIT_MS,
  ).unref();

  async function count(key: string, policy: string, limit: number): Promise<RateLimitDecision> {
    const [used, ttl] = (await redis.eval(COUNT, 1, `dss:ratelimit:${key}`, WINDOW_MS)) as [number, number];
    return decide({ policy, limit }, used, ttl > 0 ? ttl : WINDOW_MS);
  }

  return {
    async take(clientIp, keyId, at) {
      try {
        return keyId
          ? await count(`key:${keyId}`, 'per-key', quotas.rateLimitKeyPerMinute)
          : await count(`ip:${addressBucket(clientIp)}`, 'per-ip', quotas.rateLimitPublicPerMinute);
      } catch (error) {
        // ioredis's own words for a connection not up ("Stream isn't writeable…") say less than its state.
        goneAway(redis.status === 'ready' ? (error as Error).message : `not connected: ${redis.status}`);
        return local.take(clientIp, keyId, at);
      }
    },
    async close() {
      clearTimeout(startCheck);
      redis.disconnect();
    },
  };
}

/** Host and port of a Redis URL, never its password. */
function redisAddress(redisUrl: string): string {
  const url = new URL(redisUrl);
  return `${url.hostname}:${url.port || 6379}`;
}
