// The cross-process write lock (proper-lockfile: a directory made with mkdir, refreshed while held, taken over
// once stale). Uncontended, nearly always, it is taken synchronously; only when another process holds it do we
// wait, asynchronously.
import { join } from 'node:path';
import lockfile from 'proper-lockfile';
import { LOCK_FILE } from './layout.ts';

export type Release = () => unknown;

export async function lockStore(dir: string): Promise<Release> {
  const options = {
    lockfilePath: join(dir, LOCK_FILE),
    realpath: false,
    stale: 5000,
    // A lock we lost (e.g. the machine stalled past `stale`) is reported by the failing write, not a crash.
    onCompromised: () => {},
  };
  try {
    return lockfile.lockSync(dir, options);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ELOCKED') throw error;
    return lockfile.lock(dir, {
      ...options,
      retries: { retries: 2000, minTimeout: 1, maxTimeout: 25, factor: 1.2 },
    });
  }
}
