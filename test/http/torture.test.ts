// The short form of `npm run torture` (scripts/torture.ts): a few kill -9 trials under concurrent writers, a few
// hundred hostile requests, and a short flood of idle and slow-header sockets. The long form runs outside CI.
import { expect, test } from 'vitest';
import { floods } from '../../scripts/torture/floods.ts';
import { hostileRequests } from '../../scripts/torture/hostile.ts';
import { killTrials } from '../../scripts/torture/kill-trials.ts';
import { requireBuild } from '../support/dist.ts';

test('(a) 5 kill -9 trials under 8 writers: every acknowledged request stored once, no key made two', async () => {
  requireBuild();
  const figures = await killTrials(5);
  expect(figures.acknowledged).toBeGreaterThan(0);
  expect(figures).toMatchObject({ lost: 0, duplicated: 0, keyConflicts: 0 });
}, 120_000);

test('(b) 300 hostile requests: no 5xx, every answer under /api/v1/ the envelope', async () => {
  requireBuild();
  const figures = await hostileRequests(300, 20_261_125);
  expect(figures.sent).toBe(300);
  expect(figures.examples).toEqual([]);
  expect(figures).toMatchObject({ fiveXx: 0, withoutEnvelope: 0 });
}, 120_000);

test('(c) a short flood of idle and slow-header sockets: the polite client is served throughout', async () => {
  requireBuild();
  const figures = await floods({ idle: 300, slow: 50, seconds: 3 });
  expect(figures.politeRequests).toBeGreaterThan(10);
  expect(figures.politeFailures).toBe(0);
}, 60_000);
