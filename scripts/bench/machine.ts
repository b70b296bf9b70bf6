// What the machine itself did over a stretch of a run: CPU time the hypervisor gave to other guests (steal, from
// /proc/stat) and how long the disk holding a folder made each write wait (/proc/diskstats). On this shared VM a
// write's p99 swings from 25 to 600 ms between runs of the same code while the event loop stays free; these say
// whether the machine was slow then.
import { readFile, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';

type Counters = { steal: number; total: number; writes: number; writeMs: number };

export type MachineWaits = {
  /** Share of all cores' time taken by the hypervisor, %. */
  stealPercent: number;
  /** Average ms a disk write waited, queue included (undefined where the device is not in /proc/diskstats). */
  diskWriteMs?: number;
};

async function counters(): Promise<Counters> {
  // The first line: cpu user nice system idle iowait irq softirq steal …, in clock ticks, all cores together.
  const cpu = (await readFile('/proc/stat', 'utf8'))
    .split('\n', 1)[0]!
    .trim()
    .split(/\s+/)
    .slice(1)
    .map(Number);
  const { dev } = await stat(tmpdir());
  const device = (await readFile('/proc/diskstats', 'utf8'))
    .split('\n')
    .map((line) => line.trim().split(/\s+/).map(Number))
    .find((f) => f[0] === Math.floor(dev / 256) && f[1] === dev % 256);
  return {
    steal: cpu[7] ?? 0,
    total: cpu.slice(0, 8).reduce((sum, ticks) => sum + ticks, 0),
    // After the device's name: 5 writes completed, 8 ms spent writing (the kernel's iostats fields).
    writes: device?.[7] ?? NaN,
    writeMs: device?.[10] ?? NaN,
  };
}

/** Runs `work` and says what the machine did meanwhile (Linux only: elsewhere, nothing). */
export async function duringMachine<T>(work: () => Promise<T>): Promise<[T, MachineWaits | undefined]> {
  const before = await counters().catch(() => undefined);
  const result = await work();
  const after = before && (await counters().catch(() => undefined));
  if (!before || !after) return [result, undefined];
  const writes = after.writes - before.writes;
  return [
    result,
    {
      stealPercent: (100 * (after.steal - before.steal)) / Math.max(1, after.total - before.total),
      diskWriteMs: Number.isNaN(writes) ? undefined : writes ? (after.writeMs - before.writeMs) / writes : 0,
    },
  ];
}
