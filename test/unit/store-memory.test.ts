// What the JSON store keeps in memory, checked in a heap snapshot of a process that used it
// (test/fixtures/store-memory.ts): a sent mail keeps no body; records in segments beyond the newest few are held
// only as the fields queries need, and are still read back whole.
import { execFile } from 'node:child_process';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { expect, test } from 'vitest';
import { childEnv } from '../support/child-env.ts';

test('memory holds the newest segments whole and of older records only what queries need; each reads back whole', async () => {
  const dataDir = await mkdtemp(join(tmpdir(), 'dss-store-memory-'));
  const { stdout } = await promisify(execFile)(process.execPath, ['test/fixtures/store-memory.ts', dataDir], {
    env: childEnv(),
    maxBuffer: 1 << 20,
  });
  const found = JSON.parse(stdout);
  expect(found.status).toEqual(['queued', 'sent']);
  expect(found.newestRequest).toBe(true); // the search finds a text the store still holds
  expect(found.sent).toEqual({ text: false, html: false });
  expect(found.queued).toEqual({ text: false, html: false });
  expect(found.firstRequest).toBe(false);
  expect(found.queuedReadBack).toBe(true);
  expect(found.firstReadBack).toBe(true);
}, 60_000);
