// Who holds the store's write lock, so that another process can tell a live holder from one that is gone
// (killed, or on a machine that has rebooted since) and take the lock over at once. When it cannot tell (another
// host, another pid namespace), it says "not gone", and the lock is left to proper-lockfile's stale rule.
//
// The holder is a hard link, inside the lock directory, to a small file each process writes once: a link adds a
// name, not an inode, so taking the lock costs no file creation (on ext4 without a journal every inode freed is
// scanned past by later creations: see durable-json-file.ts). A hold is named by its directory's inode and birth
// time, which no later hold shares.
import { linkSync, readFileSync, readlinkSync, statSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';

const OWNER_LINK = 'owner';

export type Owner = {
  pid: number;
  host: string;
  /** The kernel's boot id: a lock from before a reboot has no holder left. */
  boot: string | null;
  /** The pid namespace: a pid means something only inside its own. */
  pidns: string | null;
  /** The holder's start time in clock ticks since boot: tells a reused pid from the holder. */
  start: string | null;
};

/** One hold of the lock: its owner, its name (never reused), and when it was taken (ms since the epoch). */
export type Hold = Owner & { id: string; at: number };

const readOr = (read: () => string) => {
  try {
    return read().trim();
  } catch {
    return null; // not Linux, or /proc not mounted: that check is skipped
  }
};

/** Field 22 of /proc/<pid>/stat; the name before it (field 2) may hold spaces and parentheses. */
function startTime(pid: number): string | null {
  const stat = readOr(() => readFileSync(`/proc/${pid}/stat`, 'utf8'));
  return stat === null ? null : (stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? null);
}

const BOOT = readOr(() => readFileSync('/proc/sys/kernel/random/boot_id', 'utf8'));
const PIDNS = readOr(() => readlinkSync('/proc/self/ns/pid'));
const HOST = hostname();
const ME: Owner = { pid: process.pid, host: HOST, boot: BOOT, pidns: PIDNS, start: startTime(process.pid) };

// Named like a spare, so the store's clean-up removes those of processes gone; ours is written again if it was.
const ownerFile = (dir: string) => join(dir, `lock-owner.${process.pid}.spare`);
const written = new Set<string>();

/** Names this process as the holder of the lock directory it has just made in `dir`. */
export function markHolder(dir: string, lockPath: string): void {
  const file = ownerFile(dir);
  const link = () => linkSync(file, join(lockPath, OWNER_LINK));
  if (written.has(dir)) {
    try {
      return link();
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  }
  writeFileSync(file, JSON.stringify(ME), { mode: 0o600 });
  written.add(dir);
  link();
}

/** The hold a lock directory names; undefined when it names none (yet) or cannot be read. */
export function readHold(lockPath: string): Hold | undefined {
  try {
    const owner = JSON.parse(readFileSync(join(lockPath, OWNER_LINK), 'utf8')) as Owner;
    if (typeof owner.pid !== 'number') return undefined;
    const { ino, birthtimeNs, birthtimeMs, ctimeMs } = statSync(lockPath, { bigint: true });
    // Without birth times (a rare file system) the inode alone names a hold: a reused one only delays a takeover.
    if (birthtimeNs === 0n) return { ...owner, id: `${ino}`, at: Number(ctimeMs) };
    return { ...owner, id: `${ino}.${birthtimeNs}`, at: Number(birthtimeMs) };
  } catch {
    return undefined;
  }
}

/** True only when the holder is known to be gone; `heldHere`: the lock paths this process holds now. */
export function holderIsGone(lockPath: string, hold: Hold, heldHere: ReadonlySet<string>): boolean {
  if (hold.host !== HOST) return false;
  if (hold.boot && BOOT && hold.boot !== BOOT) return true;
  if (hold.pidns !== PIDNS) return false;
  if (hold.pid === process.pid) return !heldHere.has(lockPath); // a hold of ours that a failed write left
  try {
    process.kill(hold.pid, 0); // signal 0: only asks whether the process exists
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ESRCH';
  }
  const start = startTime(hold.pid);
  return hold.start !== null && start !== null && start !== hold.start; // the pid was reused
}
