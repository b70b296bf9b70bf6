import { defineConfig } from 'vitest/config';

// Every test once against the embedded JSON store; the HTTP tests once more against PostgreSQL (contract §11).
const shared = {
  globalSetup: ['test/setup/postgres.ts'],
  // HTTP and browser tests start the built server as a child process; give them room on a 2-core machine.
  testTimeout: 30_000,
  hookTimeout: 120_000,
};

export default defineConfig({
  test: {
    projects: [
      { test: { ...shared, name: 'json', include: ['test/**/*.test.ts'] } },
      {
        test: {
          ...shared,
          name: 'postgres',
          include: ['test/http/**/*.test.ts'],
          // The files of the JSON store on disk: what they check has no PostgreSQL counterpart.
          exclude: ['test/http/store-durability.test.ts'],
          env: { DSS_TEST_STORE: 'postgres' },
        },
      },
    ],
  },
});
