// The JSON engine keeps every record in memory, so a sent mail must not keep its body: checked in a heap snapshot
// of a process that has just delivered one (test/fixtures/mail-memory.ts).
import { execFile } from 'node:child_process';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { expect, test } from 'vitest';
import { childEnv } from '../support/child-env.ts';

test('a sent mail keeps subject, recipient and status in memory, not its text or HTML body', async () => {
  const dataDir = await mkdtemp(join(tmpdir(), 'dss-mail-memory-'));
  const { stdout } = await promisify(execFile)(process.execPath, ['test/fixtures/mail-memory.ts', dataDir], {
    env: childEnv(),
  });
  const found = JSON.parse(stdout);
  expect(found.status).toEqual(['queued', 'sent']);
  expect(found.queued).toEqual({ text: true, html: true }); // the search finds a body that is still needed
  expect(found.sent).toEqual({ text: false, html: false });
}, 60_000);
