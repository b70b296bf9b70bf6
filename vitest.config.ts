import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    globalSetup: ['test/setup/postgres.ts'],
    // HTTP and browser tests start the built server as a child process; give them room on a 2-core machine.
    testTimeout: 30_000,
    hookTimeout: 120_000,
  },
});
