// Preloaded into the benchmarked server (`node --import …/loop-monitor.ts`): on SIGUSR2 it writes the event-loop
// delay since the last reset (p50, p99, max in ms) and its RSS to BENCH_LOOP_FILE, then resets.
//
// The histogram records the time between the ticks of a RESOLUTION_MS timer, not how late each tick was: an
// idle process reads p50 5.2 ms at a 5 ms resolution. The delay is that time less the resolution.
import { writeFileSync } from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';

const RESOLUTION_MS = 5;
const histogram = monitorEventLoopDelay({ resolution: RESOLUTION_MS });
histogram.enable();
process.on('SIGUSR2', () => {
  const delayMs = (ns: number) => Math.max(0, ns / 1e6 - RESOLUTION_MS);
  writeFileSync(
    process.env.BENCH_LOOP_FILE!,
    JSON.stringify({
      p50: delayMs(histogram.percentile(50)),
      p99: delayMs(histogram.percentile(99)),
      max: delayMs(histogram.max),
      rssMb: process.memoryUsage().rss / 2 ** 20,
    }),
  );
  histogram.reset();
});
