// The per-address connection cap counts an IPv6 client by its /64 (issue 41, item 12): 266 connections from 266
// addresses of one /64 keep 256; another /64 is served. Real sockets, in a network namespace of its own, so the
// machine's own interfaces are untouched (needs root and unshare; skipped where they are missing).
import { spawnSync } from 'node:child_process';
import { expect, test } from 'vitest';
import { MAX_CONNECTIONS_PER_ADDRESS } from '../../api/server/connections.ts';
import { childEnv } from '../support/child-env.ts';

const canUnshare =
  process.getuid?.() === 0 && spawnSync('unshare', ['-n', 'true'], { stdio: 'ignore' }).status === 0;

test.skipIf(!canUnshare)(
  'connections from many addresses of one /64 share one cap',
  () => {
    const run = spawnSync('unshare', ['-n', process.execPath, 'test/fixtures/ipv6-connection-cap.ts'], {
      env: childEnv(),
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(run.status, run.stderr).toBe(0);
    const figures = JSON.parse(run.stdout);
    expect(figures.flood).toBeGreaterThan(MAX_CONNECTIONS_PER_ADDRESS);
    expect(figures.keptInOne).toBe(MAX_CONNECTIONS_PER_ADDRESS);
    expect(figures.keptOther).toBe(1);
  },
  60_000,
);
