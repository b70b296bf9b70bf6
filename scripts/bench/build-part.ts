// Build: our `npm run build` against bare Astro on the same listings (issue 19).
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { generateListings } from './generate-listings.ts';
import { timedBuild, type BuildResult } from './processes.ts';
import type { Row } from './report.ts';
import { scratchDir } from './scratch.ts';
import { log, BUILD_ROUNDS } from './load.ts';

export async function buildPart(): Promise<Row[]> {
  const rows: Row[] = [];
  const work = await scratchDir('build', { inProject: true });
  const results: Record<string, { ours: BuildResult; bare: BuildResult }> = {};
  for (const n of [1000, 10_000]) {
    const content = join(work, `content-${n}`);
    log(`build: generating ${n} listings`);
    await generateListings(n, content);
    // Two builds of each, alternating, and the faster of each pair: the disk of this shared machine is the
    // noisiest part of a build (one build's system time ranged 7–17 s across runs), and noise only adds time.
    const runs: { ours: BuildResult[]; bare: BuildResult[] } = { ours: [], bare: [] };
    // Each build into folders of its own, as in a fresh clone: see scratch.ts for why nothing is emptied.
    for (let round = 1; round <= BUILD_ROUNDS; round++) {
      log(`build: ours, ${n} listings (${round}/${BUILD_ROUNDS})`);
      runs.ours.push(
        await timedBuild(['--outDir', join(work, `out-ours-${n}-${round}`)], {
          CONTENT_DIR: content,
          ASTRO_CACHE_DIR: join(work, `cache-ours-${n}-${round}`),
        }),
      );
      log(`build: bare Astro, ${n} listings (${round}/${BUILD_ROUNDS})`);
      // Both builds start cold: the bare project's content cache lives in its own node_modules/.astro.
      await rm('scripts/bench/bare-astro/node_modules', { recursive: true, force: true });
      runs.bare.push(
        await timedBuild(
          ['--root', 'scripts/bench/bare-astro', '--outDir', join(work, `out-bare-${n}-${round}`)],
          {
            CONTENT_DIR: content,
          },
        ),
      );
    }
    const fastest = (results: BuildResult[]) =>
      results.reduce((best, result) => (result.seconds < best.seconds ? result : best));
    // Time from the faster run, memory from the hungrier one.
    const peak = (results: BuildResult[]) => Math.max(...results.map((result) => result.maxRssMb));
    const ours = { seconds: fastest(runs.ours).seconds, maxRssMb: peak(runs.ours) };
    const bare = { seconds: fastest(runs.bare).seconds, maxRssMb: peak(runs.bare) };
    log(
      `build: ${n}: ours ${runs.ours.map((r) => r.seconds.toFixed(1)).join(', ')} s; bare ${runs.bare.map((r) => r.seconds.toFixed(1)).join(', ')} s`,
    );
    results[n] = { ours, bare };
    rows.push({
      figure: `build, ${n.toLocaleString('en-US')} listings`,
      ours: ours.seconds,
      baseline: bare.seconds,
      unit: 's',
      ...(n === 10_000 ? { target: '≤ 1.5× bare', met: ours.seconds <= 1.5 * bare.seconds } : {}),
    });
    rows.push({
      figure: `build peak memory, ${n.toLocaleString('en-US')}`,
      ours: ours.maxRssMb,
      baseline: bare.maxRssMb,
      unit: 'MB',
      ...(n === 10_000 ? { target: '≤ 4,096 MB', met: ours.maxRssMb <= 4096 } : {}),
    });
  }
  const scaling = results[10_000]!.ours.seconds / results[1000]!.ours.seconds;
  rows.push({
    figure: 'build t(10,000) / t(1,000)',
    ours: scaling,
    baseline: results[10_000]!.bare.seconds / results[1000]!.bare.seconds,
    unit: '×',
    target: '≤ 12',
    met: scaling <= 12,
  });
  return rows;
}
