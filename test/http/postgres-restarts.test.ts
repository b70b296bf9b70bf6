// The short form of `npm run torture`'s PostgreSQL part (scripts/torture/postgres-restarts.ts): the database is
// stopped and started again under eight writers, once as a crash (`-m immediate`), once politely (`-m fast`), once
// more as a crash. Before the fix the server died of an unhandled 'error' event on the client of a transaction.
import { expect, test } from 'vitest';
import { postgresRestarts } from '../../scripts/torture/postgres-restarts.ts';
import { requireBuild } from '../support/dist.ts';
import { postgresBin } from '../support/postgres.ts';

test.skipIf(!postgresBin())(
  '3 PostgreSQL restarts under 8 writers: no crash, no acknowledged write lost, 503 with Retry-After meanwhile',
  async () => {
    requireBuild();
    const figures = await postgresRestarts(3);
    expect(figures.crashLog).toBeUndefined();
    expect(figures).toMatchObject({ crashes: 0, lost: 0, unexpected: {}, stackTraces: 0 });
    expect(figures.acknowledged).toBeGreaterThan(0);
    for (const outage of figures.outages) {
      expect(Object.keys(outage.statuses)).toEqual(['503']);
      expect(outage.withoutRetryAfter).toBe(0);
      // Back without a restart of the server: the pool opens new connections on the next request.
      expect(outage.secondsToFirst201).toBeLessThan(5);
    }
  },
  120_000,
);
