import { describe, expect, test } from 'vitest';
import { createRateLimiter } from '../../api/http/rate-limit.ts';

describe('a fixed one-minute window per client', () => {
  test('allows the quota, then refuses with the seconds left, and resets when the window ends', () => {
    const limiter = createRateLimiter({ policy: 'per-ip', limit: 3 });
    const t0 = 1_000_000;
    const decisions = [0, 1, 2, 3].map((i) => limiter.take('203.0.113.1', t0 + i * 1000));
    expect(decisions.map((d) => d.allowed)).toEqual([true, true, true, false]);
    expect(decisions.map((d) => d.headers.ratelimit)).toEqual([
      '"per-ip";r=2;t=60',
      '"per-ip";r=1;t=59',
      '"per-ip";r=0;t=58',
      '"per-ip";r=0;t=57',
    ]);
    expect(decisions[0]!.headers['ratelimit-policy']).toBe('"per-ip";q=3;w=60');
    expect(decisions[3]!.retryAfter).toBe(57);
    expect(limiter.take('203.0.113.1', t0 + 59_999).retryAfter).toBe(1); // never 0
    expect(limiter.take('203.0.113.1', t0 + 60_000).allowed).toBe(true);
  });

  test('clients do not share a window', () => {
    const limiter = createRateLimiter({ policy: 'per-key', limit: 1 });
    expect(limiter.take('a', 0).allowed).toBe(true);
    expect(limiter.take('a', 1).allowed).toBe(false);
    expect(limiter.take('b', 2).allowed).toBe(true);
  });

  test('bad options fail at construction, not per request', () => {
    expect(() => createRateLimiter({ policy: 'per ip', limit: 1 })).toThrow(/token/);
    expect(() => createRateLimiter({ policy: 'p', limit: 0 })).toThrow(/positive/);
    expect(() => createRateLimiter({ policy: 'p', limit: 1.5 })).toThrow(/positive/);
  });
});

describe('memory stays bounded', () => {
  test('a million distinct clients within one window keep at most maxClients windows', () => {
    const limiter = createRateLimiter({ policy: 'per-ip', limit: 60, maxClients: 50_000 });
    for (let i = 0; i < 1_000_000; i++) {
      limiter.take(`10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}#${i >> 24}`, 5_000 + (i >> 10));
      if (limiter.size > 50_000) throw new Error(`grew to ${limiter.size}`);
    }
    expect(limiter.size).toBeGreaterThan(25_000);
  });

  test('ended windows are dropped as time moves on', () => {
    const limiter = createRateLimiter({ policy: 'per-ip', limit: 60 });
    for (let i = 0; i < 10_000; i++) limiter.take(`client-${i}`, 0);
    expect(limiter.size).toBe(10_000);
    limiter.take('late-client', 61_000);
    limiter.take('later-client', 122_000);
    expect(limiter.size).toBe(2);
  });
});
