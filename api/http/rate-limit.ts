// Fixed-window rate limiting per client (an IP or a key id), with the headers of
// draft-ietf-httpapi-ratelimit-headers: `RateLimit-Policy: "per-ip";q=60;w=60` and `RateLimit: "per-ip";r=59;t=60`.
// Memory is bounded with two generations of windows (as quick-lru does): every window length, or sooner when
// half of `maxClients` is reached, the older generation is dropped whole. A flood of distinct IPs can then only
// reset someone's window early, never grow the heap, and no request pays more than O(1).

export type RateLimitDecision = {
  allowed: boolean;
  /** The same figures as the headers, for GET /api/v1/me. */
  policy?: string;
  limit?: number;
  remaining?: number;
  /** Seconds until the window resets. */
  reset?: number;
  /** The two headers, ready to send (named in lower case, as they go on the wire). */
  headers: { 'ratelimit-policy': string; ratelimit: string };
  /** Whole seconds until the window resets (at least 1). */
  retryAfter: number;
};

export type RateLimiter = {
  take(client: string, now?: number): RateLimitDecision;
  readonly size: number;
};

type Window = { count: number; resetAt: number };

/** The decision and its headers, for a client that has used `used` of `limit` with `resetMs` left in its window. */
export function decide(
  { policy, limit, windowSeconds = 60 }: { policy: string; limit: number; windowSeconds?: number },
  used: number,
  resetMs: number,
  allowed = used <= limit,
): RateLimitDecision {
  const resetIn = Math.max(1, Math.ceil(resetMs / 1000));
  return {
    allowed,
    policy,
    limit,
    remaining: Math.max(0, limit - used),
    reset: resetIn,
    retryAfter: resetIn,
    headers: {
      'ratelimit-policy': `"${policy}";q=${limit};w=${windowSeconds}`,
      ratelimit: `"${policy}";r=${Math.max(0, limit - used)};t=${resetIn}`,
    },
  };
}

/**
 * The headers of a quota that is spent (a daily cap, a cap per address), for its 429: the client reads that quota,
 * not the per-minute window it has not used up.
 */
export function spentQuotaHeaders(
  quota: { policy: string; limit: number; windowSeconds: number },
  retryAfterSeconds: number,
): RateLimitDecision['headers'] {
  return decide(quota, quota.limit, retryAfterSeconds * 1000, false).headers;
}

export function createRateLimiter(options: {
  policy: string;
  limit: number;
  windowSeconds?: number;
  maxClients?: number;
}): RateLimiter {
  const { policy, limit } = options;
  const windowMs = (options.windowSeconds ?? 60) * 1000;
  const maxClients = options.maxClients ?? 100_000;
  if (!/^[a-z][a-z0-9-]*$/.test(policy)) throw new Error(`rate limit policy name "${policy}" is not a token`);
  if (!(Number.isInteger(limit) && limit > 0))
    throw new Error(`rate limit must be a positive integer, got ${limit}`);
  if (!(windowMs > 0)) throw new Error('rate limit window must be positive');

  let current = new Map<string, Window>();
  let previous = new Map<string, Window>();
  let rotatedAt = -Infinity;

  function rotate(now: number): void {
    previous = current;
    current = new Map();
    rotatedAt = now;
  }

  /** The client's live window, moved into the current generation, or undefined. */
  function find(client: string, now: number): Window | undefined {
    let window = current.get(client);
    if (!window) {
      window = previous.get(client);
      if (!window) return undefined;
      previous.delete(client);
      current.set(client, window);
    }
    return window.resetAt > now ? window : undefined;
  }

  return {
    take(client, now = Date.now()) {
      // Every window in `previous` started before the last rotation, so a window length later all have ended.
      if (now - rotatedAt >= windowMs) rotate(now);
      let window = find(client, now);
      if (!window) {
        if (current.size >= maxClients / 2) rotate(now);
        window = { count: 0, resetAt: now + windowMs };
        current.set(client, window);
      }
      const allowed = window.count < limit;
      if (allowed) window.count += 1;
      return decide(
        { policy, limit, windowSeconds: windowMs / 1000 },
        window.count,
        window.resetAt - now,
        allowed,
      );
    },
    get size() {
      return current.size + previous.size;
    },
  };
}
