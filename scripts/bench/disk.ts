// The disk's own figures over a stretch of a run, from /proc/diskstats for the device that holds a folder: how long
// its writes, discards and cache flushes (an fsync is one) waited on average. A write's p99 that misses while the
// event loop was free is time spent waiting on the disk; these say whether the disk was slow then. (This VM's
// volume is mounted with `discard`: deleting a large folder queues discards that slow the writes after it.)
import { readFile, stat } from 'node:fs/promises';

type Counters = {
  writes: number;
  writeMs: number;
  discards: number;
  discardMs: number;
  flushes: number;
  flushMs: number;
};

export type DiskWaits = {
  writes: number;
  /** Average ms a write waited, queue included. */
  writeMs: number;
  discards: number;
  discardMs: number;
  flushes: number;
  flushMs: number;
};

/** The device's counters now, or undefined where /proc/diskstats does not name it (another OS, a network volume). */
export async function diskCounters(folder: string): Promise<Counters | undefined> {
  const { dev } = await stat(folder);
  const [major, minor] = [Math.floor(dev / 256), dev % 256];
  const text = await readFile('/proc/diskstats', 'utf8').catch(() => '');
  for (const line of text.split('\n')) {
    const f = line.trim().split(/\s+/).map(Number);
    if (f[0] !== major || f[1] !== minor) continue;
    // Fields after the name (kernel docs, iostats): 5 writes, 8 ms writing, 12 discards, 15 ms discarding,
    // 16 flushes, 17 ms flushing (the last four since Linux 4.18 and 5.5).
    return {
      writes: f[7]!,
      writeMs: f[10]!,
      discards: f[14] ?? 0,
      discardMs: f[17] ?? 0,
      flushes: f[18] ?? 0,
      flushMs: f[19] ?? 0,
    };
  }
  return undefined;
}

export function diskWaits(before: Counters | undefined, after: Counters | undefined): DiskWaits | undefined {
  if (!before || !after) return undefined;
  const count = (key: keyof Counters) => after[key] - before[key];
  const average = (ms: keyof Counters, n: number) => (n ? count(ms) / n : 0);
  return {
    writes: count('writes'),
    writeMs: average('writeMs', count('writes')),
    discards: count('discards'),
    discardMs: average('discardMs', count('discards')),
    flushes: count('flushes'),
    flushMs: average('flushMs', count('flushes')),
  };
}
