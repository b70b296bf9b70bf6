// The order test files start in: longest first, so that no long file starts last and sets the run's end (issue 39).
// Vitest's own order uses the last run's durations; a fresh clone has none, and vitest then starts the largest files
// first, which put the browser files (short to read, minutes to run) at the end. Here a file without a recorded
// duration is estimated by its folder: the browser files, then the HTTP files, then the build and the unit files.
import { stat } from 'node:fs/promises';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

// Seconds a file of each folder takes, roughly (the slowest-files report): only the order they give matters.
const BY_FOLDER: [folder: RegExp, seconds: number][] = [
  [/\/test\/browser\//, 60],
  [/\/test\/http\//, 10],
  [/\/test\/build\//, 2],
];

export class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const cache = this.ctx.cache;
    const recorded = files.map((spec) => cache.getTestSpecificationResult(spec));
    const sizes = new Map(
      await Promise.all(files.map(async (spec) => [spec, (await stat(spec.moduleId)).size] as const)),
    );
    const estimate = (spec: TestSpecification, index: number) => {
      const ms = recorded[index]?.duration;
      if (ms !== undefined) return ms;
      // A fresh file: its folder's figure, the larger files of a folder first.
      const folder = BY_FOLDER.find(([pattern]) => pattern.test(spec.moduleId))?.[1] ?? 1;
      // An HTTP file's PostgreSQL run a little later than its JSON run: the two side by side (a flood, kill -9
      // trials) starved each other's clients on a loaded machine.
      const engine = spec.project.name === 'postgres' ? 0.75 : 1;
      return (folder * 1000 + sizes.get(spec)! / 100) * engine;
    };
    const keyed = files.map((spec, index) => ({
      spec,
      group: spec.project.config.sequence.groupOrder,
      failed: recorded[index]?.failed === true,
      ms: estimate(spec, index),
    }));
    keyed.sort((a, b) => a.group - b.group || Number(b.failed) - Number(a.failed) || b.ms - a.ms);
    return keyed.map(({ spec }) => spec);
  }
}
