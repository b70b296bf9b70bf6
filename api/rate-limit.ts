// Fixed-window rate limiting per client (an IP or a key id), with the headers of
// draft-ietf-httpapi-ratelimit-headers: `RateLimit-Policy: "per-ip";q=60;w=60` and `RateLimit: "per-ip";r=59;t=60`.
// Memory is bounded: expired windows are swept, and past `maxClients` the oldest windows are dropped first
// (a flood of distinct IPs can then only reset someone's window early, never grow the heap).

export type RateLimitDecision = {
  allowed: boolean;
  /** The two header values, ready to send. */
  headers: { 'RateLimit-Policy': string; RateLimit: string };
  /** Whole seconds until the window resets (at least 1). */
  retryAfter: number;
};

export type RateLimiter = {
  take(client: string, now?: number): RateLimitDecision;
  readonly size: number;
};

type Window = { count: number; resetAt: number };

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

  const policyHeader = `"${policy}";q=${limit};w=${windowMs / 1000}`;
  // Insertion order is window-start order, because a window is re-inserted whenever it restarts.
  const windows = new Map<string, Window>();
  let nextSweep = 0;

  function sweep(now: number): void {
    for (const [client, window] of windows) {
      if (window.resetAt > now) break; // later entries started later, so they expire later too
      windows.delete(client);
    }
    nextSweep = now + windowMs / 4;
  }

  return {
    take(client, now = Date.now()) {
      if (now >= nextSweep) sweep(now);
      let window = windows.get(client);
      if (!window || window.resetAt <= now) {
        if (window) windows.delete(client);
        window = { count: 0, resetAt: now + windowMs };
        windows.set(client, window);
        if (windows.size > maxClients) windows.delete(windows.keys().next().value!);
      }
      const allowed = window.count < limit;
      if (allowed) window.count += 1;
      const resetIn = Math.max(1, Math.ceil((window.resetAt - now) / 1000));
      return {
        allowed,
        retryAfter: resetIn,
        headers: {
          'RateLimit-Policy': policyHeader,
          RateLimit: `"${policy}";r=${limit - window.count};t=${resetIn}`,
        },
      };
    },
    get size() {
      return windows.size;
    },
  };
}
