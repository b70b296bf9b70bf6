// The cross-process write lock: proper-lockfile (a directory made with mkdir, refreshed while held, taken over once
// stale), given a file system whose mkdir also names the holder inside the directory (lock-owner.ts). With it:
// - a lock left by a process that is gone (kill -9, a reboot) is taken over at once, not after the stale time;
// - a writer waits behind one hold of the lock at most LOCK_WAIT_MS, then is refused with StoreUnavailableError
//   (503 and Retry-After), instead of hanging behind a lock that will not come (a holder stuck, or a store
//   turned read-only under a holder that could then not remove it). Behind holds that come and go (other
//   writers making progress) it waits up to MAX_WAIT_MS.
// Uncontended, nearly always, the lock is taken synchronously; only a wait is asynchronous.
import * as fs from 'node:fs';
import { dirname, join } from 'node:path';
import lockfile from 'proper-lockfile';
import { StoreUnavailableError } from '../store-errors.ts';
import { LOCK_FILE } from './layout.ts';
import { holderIsGone, markHolder, readHold } from './lock-owner.ts';

export type Release = () => unknown;

/** The longest one hold of the lock may keep a writer waiting (a commit holds it for about 100 ms). */
export const LOCK_WAIT_MS = 2_000;
/** The longest a writer waits in all, behind other writers that take turns. */
const MAX_WAIT_MS = 30_000;
const STALE_MS = 5_000;
const TOMBSTONE_MAX_AGE_MS = 60_000;

// The lock paths this process holds now, shared by every copy of this module in the process (the server's and the
// Astro bundle's): a lock naming our pid that is not among them was left by a write of ours that failed.
const HELD_KEY = Symbol.for('dss.store.json.held-locks');
const registry = globalThis as { [HELD_KEY]?: Set<string> };
const held = (registry[HELD_KEY] ??= new Set<string>());

let removals = 0;

// node:fs as proper-lockfile uses it, except that making the lock names its holder, and removing it removes both.
const lockFs = {
  ...fs,
  mkdirSync(path: fs.PathLike) {
    fs.mkdirSync(path);
    try {
      markHolder(dirname(String(path)), String(path));
    } catch (error) {
      fs.rmSync(path, { recursive: true, force: true });
      throw error;
    }
  },
  rmdirSync(path: fs.PathLike) {
    // Moved aside first, in one step: if the folder refuses (read-only), the lock stays whole, naming its holder.
    const aside = `${String(path)}.${process.pid}.${Date.now()}.${++removals}.gone`;
    fs.renameSync(path, aside); // ENOENT still reported, as proper-lockfile expects
    fs.rmSync(aside, { recursive: true, force: true });
  },
};

const options = (dir: string) => ({
  lockfilePath: join(dir, LOCK_FILE),
  realpath: false,
  stale: STALE_MS,
  fs: lockFs,
  // A lock we lost (e.g. the machine stalled past `stale`) is reported by the failing write, not a crash.
  onCompromised: () => {},
});

const errnoOf = (error: unknown) =>
  (error as NodeJS.ErrnoException).code ?? (error instanceof Error ? error.message : String(error));

function tryLock(dir: string): Release | undefined {
  const path = join(dir, LOCK_FILE);
  try {
    const release = lockfile.lockSync(dir, options(dir));
    held.add(path);
    return () => {
      held.delete(path);
      return release();
    };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ELOCKED') return undefined;
    throw new StoreUnavailableError(`the write lock cannot be taken (${errnoOf(error)})`, 5, {
      cause: error,
    });
  }
}

/**
 * Removes a lock whose holder is gone. Renaming it to a name made of its hold's id succeeds for one contender
 * only, and the tombstone is kept a while, so a slow contender cannot remove the next holder's lock in its place.
 */
function takeOverFromGone(dir: string): boolean {
  const path = join(dir, LOCK_FILE);
  const hold = readHold(path);
  if (!hold || !holderIsGone(path, hold, held)) return false;
  try {
    fs.renameSync(path, `${path}.${hold.id}.gone`);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTEMPTY' || code === 'EEXIST') return true; // another took it first
    throw new StoreUnavailableError(`a dead writer's lock cannot be removed (${errnoOf(error)})`, 5, {
      cause: error,
    });
  }
  removeOldTombstones(dir);
  return true;
}

function removeOldTombstones(dir: string): void {
  const now = Date.now();
  for (const name of fs.readdirSync(dir)) {
    if (!name.startsWith(`${LOCK_FILE}.`) || !name.endsWith('.gone')) continue;
    const path = join(dir, name);
    try {
      if (now - fs.statSync(path).mtimeMs > TOMBSTONE_MAX_AGE_MS)
        fs.rmSync(path, { recursive: true, force: true });
    } catch {
      // removed by another process meanwhile
    }
  }
}

/** Takes the store's write lock; throws StoreUnavailableError when one hold lasts past LOCK_WAIT_MS. */
export async function lockStore(dir: string): Promise<Release> {
  const started = performance.now();
  let waitingBehind: string | undefined; // the hold we wait behind, and since when
  let since = started;
  let delay = 1;
  for (;;) {
    const release = tryLock(dir);
    if (release) return release;
    if (takeOverFromGone(dir)) continue;
    // A store that cannot take writes will not after the wait either: refuse at once.
    try {
      fs.accessSync(dir, fs.constants.W_OK);
    } catch (error) {
      throw new StoreUnavailableError(`its folder cannot be written (${errnoOf(error)})`, 5, {
        cause: error,
      });
    }
    const now = performance.now();
    const hold = readHold(join(dir, LOCK_FILE))?.id ?? 'unnamed';
    if (hold !== waitingBehind) [waitingBehind, since] = [hold, now];
    if (now - since >= LOCK_WAIT_MS) {
      throw new StoreUnavailableError(
        `another writer has held the write lock for over ${LOCK_WAIT_MS} ms`,
        1,
      );
    }
    if (now - started >= MAX_WAIT_MS) {
      throw new StoreUnavailableError(`other writers kept the write lock for over ${MAX_WAIT_MS} ms`, 1);
    }
    await new Promise((resolve) => setTimeout(resolve, delay));
    delay = Math.min(25, delay * 1.5);
  }
}

/**
 * What a writer would meet now, without taking the lock (GET /api/v1/health): 'stuck' when a live holder has
 * kept one hold past LOCK_WAIT_MS, so writers are being refused.
 */
export function lockState(dir: string): 'free' | 'held' | 'stuck' {
  const path = join(dir, LOCK_FILE);
  let modified: number;
  try {
    modified = fs.statSync(path).mtimeMs;
  } catch {
    return 'free';
  }
  const hold = readHold(path);
  if (!hold) return Date.now() - modified > STALE_MS ? 'free' : 'held'; // unnamed: proper-lockfile's stale rule
  if (holderIsGone(path, hold, held)) return 'free'; // the next writer takes it over at once
  return Date.now() - hold.at > LOCK_WAIT_MS ? 'stuck' : 'held';
}
