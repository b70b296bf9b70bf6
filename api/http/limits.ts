// The API's rate limits (contract §5): per key for a request that carries one, per client IP otherwise, with
// the RateLimit headers on every answer and a 429 with Retry-After past the quota. Counted in this process, or,
// with REDIS_URL, in Redis so that every instance counts against one limit (shared-limits.ts).
import type { Config } from '../config.ts';
import { addressBucket } from './address-bucket.ts';
import { createRateLimiter, type RateLimitDecision } from './rate-limit.ts';
import { json } from './responses.ts';
import { createSharedLimits } from './shared-limits.ts';
import type { Limits, Reply } from './types.ts';

type LimitsConfig = Pick<Config, 'rateLimitPublicPerMinute' | 'rateLimitKeyPerMinute' | 'redisUrl'>;

export function createLimits(config: LimitsConfig, log: { info(message: string): void }): Limits {
  const local = createLocalLimits(config);
  return config.redisUrl ? createSharedLimits(config.redisUrl, config, local, log) : local;
}

/** Each process counts alone: the embedded default, and the fallback while Redis is away. */
export function createLocalLimits(config: Omit<LimitsConfig, 'redisUrl'>): Limits {
  const perIp = createRateLimiter({ policy: 'per-ip', limit: config.rateLimitPublicPerMinute });
  const perKey = createRateLimiter({ policy: 'per-key', limit: config.rateLimitKeyPerMinute });
  return {
    take: async (clientIp, keyId, at) =>
      keyId ? perKey.take(keyId, at) : perIp.take(addressBucket(clientIp), at),
    close: async () => {},
  };
}

/** The 429: a reply, not a thrown error, since a flood makes this the hot path and an Error records a stack. */
export function rateLimited(decision: RateLimitDecision, keyed: boolean): Reply {
  const who = keyed ? 'this API key' : 'this address';
  return json(
    {
      error: {
        code: 'rate_limited',
        message: `Too many requests from ${who}: wait ${decision.retryAfter} s (Retry-After) before trying again.`,
      },
    },
    { status: 429, headers: { 'Retry-After': String(decision.retryAfter) } },
  );
}
