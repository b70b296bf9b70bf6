// Preloaded into the benchmarked server (`node --import …/loop-monitor.ts`): on SIGUSR2 it writes the event-loop
// delay since the last reset (p50, p99, max in ms) and its RSS to BENCH_LOOP_FILE, then resets.
import { writeFileSync } from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';

const histogram = monitorEventLoopDelay({ resolution: 5 });
histogram.enable();
process.on('SIGUSR2', () => {
  const ms = (ns: number) => ns / 1e6;
  writeFileSync(
    process.env.BENCH_LOOP_FILE!,
    JSON.stringify({
      p50: ms(histogram.percentile(50)),
      p99: ms(histogram.percentile(99)),
      max: ms(histogram.max),
      rssMb: process.memoryUsage().rss / 2 ** 20,
    }),
  );
  histogram.reset();
});
