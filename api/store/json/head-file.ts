// head.json: which version of each file the store is at, the change signal between processes (documents.ts). It is
// a few kB, in the page cache: read synchronously, as an await would cost more than the read.
import { closeSync, openSync, readFileSync, readSync } from 'node:fs';
import { join } from 'node:path';
import { HEAD_FILE, type Head } from './layout.ts';

export function readHead(dir: string): Head {
  try {
    const head = JSON.parse(readFileSync(join(dir, HEAD_FILE), 'utf8')) as Head;
    return typeof head.version === 'number' && head.files ? head : { version: 0, files: {} };
  } catch {
    return { version: 0, files: {} }; // a missing or torn head only means "reload everything next time"
  }
}

const headStart = Buffer.alloc(32);

/**
 * Only the version, for the check made before every read: the head's first bytes, not the whole file (which names
 * every segment: 11 KB at 100,000 stored requests, read and dropped several times per write).
 */
export function readHeadVersion(dir: string): number {
  let fd: number;
  try {
    fd = openSync(join(dir, HEAD_FILE), 'r');
  } catch {
    return 0;
  }
  try {
    const bytes = readSync(fd, headStart, 0, headStart.length, 0);
    const start = /^\{"version":(\d+),/.exec(headStart.toString('latin1', 0, bytes));
    return start ? Number(start[1]) : readHead(dir).version;
  } catch {
    return 0;
  } finally {
    closeSync(fd);
  }
}
