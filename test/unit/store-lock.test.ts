// The JSON store's write lock when its folder turns read-only under a holder: the holder cannot remove it, and
// writers are refused at once (StoreUnavailableError), not after a wait; once the folder is writable again, the
// lock that holder left is taken over at once.
import { mkdtemp, mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, test } from 'vitest';
import { lockStore } from '../../api/store/json/lock.ts';
import { StoreUnavailableError } from '../../api/store/store-errors.ts';
import { canMakeReadOnly, makeReadOnly, makeWritable } from '../support/read-only.ts';

let readOnly: string | undefined;
afterEach(() => {
  if (readOnly) makeWritable(readOnly);
  readOnly = undefined;
});

test.skipIf(!canMakeReadOnly)(
  'a lock its holder could not remove (read-only folder): refused at once, taken over after',
  async () => {
    const dir = join(await mkdtemp(join(tmpdir(), 'dss-lock-')), 'db');
    await mkdir(dir);
    const release = await lockStore(dir);
    makeReadOnly(dir);
    readOnly = dir;
    expect(() => release()).toThrow(); // the commit's release fails: the lock stays behind, naming this process
    const started = performance.now();
    await expect(lockStore(dir)).rejects.toBeInstanceOf(StoreUnavailableError);
    expect(performance.now() - started).toBeLessThan(200);
    makeWritable(dir);
    readOnly = undefined;
    const again = performance.now();
    const next = await lockStore(dir);
    expect(performance.now() - again).toBeLessThan(200); // not after proper-lockfile's 5 s stale time
    next();
  },
);
