import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from 'vitest/config';
import { LongestFirst } from './test/support/longest-first.ts';
import { SlowestFiles } from './test/support/slowest-files.ts';

// Every process and worker thread the tests start (servers, the CLI, mail and webhook senders) compiles the same
// modules: Node's compile cache on disk lets them share that work (a sender thread starts on 40% less CPU).
process.env.NODE_COMPILE_CACHE ??= join(tmpdir(), 'dss-test-node-compile-cache');

// Every test once against the embedded JSON store; the HTTP tests once more against PostgreSQL (contract §11).
const shared = {
  globalSetup: ['test/setup/postgres.ts'],
  // HTTP and browser tests start the built server as a child process; give them room on a 2-core machine.
  testTimeout: 30_000,
  hookTimeout: 120_000,
  // One process runs file after file, its modules loaded once: a fresh process per file cost a third of the CPU of
  // the HTTP files (12 files: 38 s of CPU isolated, 27 s not). Test services keep no state in their modules beyond
  // caches; each file starts and stops its own (issue 39).
  isolate: false,
};

// Lighthouse's performance score times the page's main-thread work, so its audits run in a group of their own, with
// no other test file beside them nor any file's leftovers: two files at a time, one Chromium a core (the scores came
// out as alone, 99-100; the three files took 69 s, not 105 s).
const LIGHTHOUSE = 'test/browser/*lighthouse.test.ts';

export default defineConfig({
  test: {
    reporters: ['default', new SlowestFiles()],
    // Longest files first, on a fresh clone too: a long file that starts late sets the run's end.
    sequence: { sequencer: LongestFirst },
    // Most files wait on mail, sockets and timers more than they compute (an HTTP file uses a fifth of a core), so
    // four at once on two cores: eight HTTP files took 85 s with four workers, 150 s with two (issue 39).
    maxWorkers: 4,
    projects: [
      { test: { ...shared, name: 'json', include: ['test/**/*.test.ts'], exclude: [LIGHTHOUSE] } },
      {
        test: {
          ...shared,
          name: 'postgres',
          include: ['test/http/**/*.test.ts'],
          // The JSON store's files on disk have no PostgreSQL counterpart; the several-instances test, the shared
          // limits, PostgreSQL's outage and `npm start`'s signals choose their stores themselves, once.
          exclude: [
            'test/http/store-durability.test.ts',
            'test/http/store-availability.test.ts',
            'test/http/several-instances.test.ts',
            'test/http/shared-limits.test.ts',
            'test/http/postgres-outage.test.ts',
            'test/http/postgres-restarts.test.ts',
            'test/http/npm-start.test.ts',
          ],
          env: { DSS_TEST_STORE: 'postgres' },
        },
      },
      {
        test: {
          name: 'lighthouse',
          include: [LIGHTHOUSE],
          testTimeout: shared.testTimeout,
          hookTimeout: shared.hookTimeout,
          sequence: { groupOrder: 1 },
          maxWorkers: 2,
        },
      },
    ],
  },
});
