// A reporter that prints, at the end of a run, the ten test files that took longest (their tests and hooks, plus
// importing them), with their vitest project: where to look first when `npm test` grows slow (issue 39).
import { relative } from 'node:path';
import type { Reporter, TestModule } from 'vitest/node';

const SHOWN = 10;

export class SlowestFiles implements Reporter {
  onTestRunEnd(modules: ReadonlyArray<TestModule>): void {
    const timed = modules.map((module) => {
      const { duration, collectDuration, setupDuration } = module.diagnostic();
      return {
        file: relative(process.cwd(), module.moduleId),
        project: module.project.name,
        ms: duration + collectDuration + setupDuration,
        tests: [...module.children.allTests()].length,
      };
    });
    timed.sort((a, b) => b.ms - a.ms);
    const lines = timed
      .slice(0, SHOWN)
      .map(
        ({ file, project, ms, tests }) =>
          `${(ms / 1000).toFixed(1).padStart(7)} s  ${project.padEnd(10)} ${file} (${tests} tests)`,
      );
    process.stdout.write(`\nThe ${Math.min(SHOWN, timed.length)} slowest test files:\n${lines.join('\n')}\n`);
  }
}
