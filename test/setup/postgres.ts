// Global setup: one PostgreSQL server for the whole run, whose URL tests receive with inject('postgresUrl').
// Where PostgreSQL is not installed (a developer's machine), the URL is empty and the PostgreSQL runs skip with a
// message; CI installs it, and there nothing skips.
import type { TestProject } from 'vitest/node';
import { postgresBin, startPostgres } from '../support/postgres.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    postgresUrl: string;
  }
}

export default async function setup(project: TestProject) {
  if (!postgresBin()) {
    if (process.env.CI)
      throw new Error('CI must test PostgreSQL: apt-get install postgresql (.ci/run does).');
    project.provide('postgresUrl', '');
    return;
  }
  const postgres = await startPostgres();
  project.provide('postgresUrl', postgres.url);
  return () => postgres.stop();
}
