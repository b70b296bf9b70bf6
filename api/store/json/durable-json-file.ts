// A lowdb adapter that survives kill -9 and power loss: write the new text to a spare file, fsync it, rename it
// over the old one, fsync the directory. (lowdb's own JSONFile renames but never fsyncs.)
//
// Why a spare and not a new temp file each time: a temp file renamed over its target frees the target's inode,
// and on ext4 without a journal (this project's machines) every file created afterwards scans past each inode
// freed in the last minute or more (ext4's recently_deleted check in find_inode_bit). At 90 commits a second
// that scan was 17% of the server's CPU (perf). So the old inode is kept, under a second name, as the next
// spare: a write reuses it, and nothing is freed or allocated (see swapIn).
//
// Why the calls are mostly synchronous: on a busy server each `await` costs a turn of the event loop, and a
// commit made of ~20 awaited steps (open, write, sync, close, rename, per file, then the directory and head)
// took 10–20 ms at 1,000 writes/s, most of it queued behind other work. Opening, writing to the page cache,
// closing and renaming take microseconds, so they run synchronously; only the fsyncs, which wait on the disk,
// are awaited: the files' together, then the directory's. Two turns per commit instead of twenty.
import {
  closeSync,
  fsync,
  fsyncSync,
  ftruncateSync,
  linkSync,
  openSync,
  readFileSync,
  renameSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import { dirname } from 'node:path';
import { promisify } from 'node:util';
import type { SyncAdapter } from 'lowdb';
import { StoreCorruptError } from '../store-errors.ts';

const fsyncFd = promisify(fsync);

/**
 * Synchronous, as lowdb's `LowSync` expects: the store reads a segment the moment a query needs its records, and a
 * read of a file in the page cache costs less than a turn of the event loop would.
 */
export class DurableJSONFile<T> implements SyncAdapter<T> {
  readonly path: string;
  /** Bytes of the last read or written text: lets the store bound a file's write cost. */
  bytes = 0;

  constructor(path: string) {
    this.path = path;
  }

  read(): T | null {
    let text: string;
    try {
      text = readFileSync(this.path, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
    this.bytes = text.length;
    try {
      return JSON.parse(text) as T;
    } catch (error) {
      throw new StoreCorruptError(
        `${this.path} is not valid JSON (${(error as Error).message}). The store was left as it is: ` +
          'restore this file from a backup or repair it, then start again.',
      );
    }
  }

  /** One file on its own, waiting on the disk; the store's commits write their files together (writeDurably). */
  write(data: T): void {
    const staged = stage(this, data);
    try {
      fsyncSync(staged.fd);
    } finally {
      closeSync(staged.fd);
    }
    swapIn(staged.spare, this.path);
    this.bytes = staged.bytes;
    const dir = openSync(dirname(this.path), 'r');
    try {
      fsyncSync(dir);
    } finally {
      closeSync(dir);
    }
  }
}

type Staged<T> = { file: DurableJSONFile<T>; spare: string; fd: number; bytes: number };

/** The new text written to the file's spare (not yet synced): the first step of every write. */
function stage<T>(file: DurableJSONFile<T>, data: T): Staged<T> {
  const text = JSON.stringify(data);
  const spare = spareOf(file.path);
  const fd = openSpare(spare);
  try {
    overwrite(fd, text);
  } catch (error) {
    closeQuietly(fd);
    throw error;
  }
  return { file, spare, fd, bytes: text.length };
}

/**
 * Replaces each file with its new data, all or none acknowledged: resolves once every file and the directory
 * entry naming it are on disk. A crash at any point leaves each file whole, old or new.
 */
export async function writeDurably<T>(writes: { file: DurableJSONFile<T>; data: T }[]): Promise<void> {
  const staged: Staged<T>[] = [];
  try {
    for (const { file, data } of writes) staged.push(stage(file, data));
    await Promise.all(staged.map(({ fd }) => fsyncFd(fd)));
  } catch (error) {
    for (const { fd } of staged) closeQuietly(fd);
    throw error;
  }
  for (const { fd } of staged) closeSync(fd);
  for (const { file, spare, bytes } of staged) {
    swapIn(spare, file.path);
    file.bytes = bytes;
  }
  // The renames are durable only once their directories are (the store's files share one).
  const dirs = [...new Set(staged.map(({ file }) => dirname(file.path)))];
  await Promise.all(dirs.map(syncDirectory));
}

/** Replaces a file that needs no fsync (a change signal), through its spare like the durable ones. */
export function replaceFile(path: string, text: string): void {
  const spare = spareOf(path);
  const fd = openSpare(spare);
  try {
    overwrite(fd, text);
  } finally {
    closeSync(fd);
  }
  swapIn(spare, path);
}

/**
 * Opens a spare to be overwritten, not truncated: truncating frees its blocks, and on this ext4 that took
 * 80-170 µs per open, on the event loop, twice a commit (measured); writing over them and cutting the tail does not.
 */
function openSpare(spare: string): number {
  try {
    return openSync(spare, 'r+');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    return openSync(spare, 'w', 0o600);
  }
}

function overwrite(fd: number, text: string): void {
  const bytes = Buffer.from(text);
  writeFileSync(fd, bytes); // from the start of the file; unlike one writeSync, loops until every byte is written
  ftruncateSync(fd, bytes.length);
}

/**
 * This process's spare beside `path`: its own, so that two processes can never write into one spare (the
 * cross-process lock already prevents that, unless a stalled holder has lost it as stale).
 */
const spareOf = (path: string) => `${path}.${process.pid}.spare`;

/** A file name the store may remove when no commit is under way: spares, and what a killed write left. */
export const isLeftover = (name: string) => /\.(tmp|spare|old)$/.test(name);

/**
 * Renames `spare` over `path`, first linking the old file under a second name so that its inode is not freed,
 * then gives it the spare's name for the next write. `path` names a whole file, old or new, throughout.
 */
function swapIn(spare: string, path: string): void {
  const old = `${spare}.old`;
  let kept = true;
  try {
    linkSync(path, old);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') {
      kept = false; // the file's first write: no old inode to keep
    } else if (code === 'EEXIST') {
      unlinkSync(old); // left by a write killed between its renames
      linkSync(path, old);
    } else {
      throw error;
    }
  }
  renameSync(spare, path);
  if (kept) renameSync(old, spare);
}

async function syncDirectory(dir: string): Promise<void> {
  const fd = openSync(dir, 'r');
  try {
    await fsyncFd(fd);
  } finally {
    closeSync(fd);
  }
}

function closeQuietly(fd: number): void {
  try {
    closeSync(fd);
  } catch {
    // already closed or never fully opened: nothing to release
  }
}
