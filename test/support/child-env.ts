// The environment for a child process that should run as a user runs it: without the variables vitest and Vite
// put into process.env (with them, an Astro build sees an empty content collection; NODE_ENV=test changes
// libraries' behaviour), and without those support/app.ts set for the service it runs in this process.
const TEST_RUNNER_VARIABLES = /^(VITEST.*|TEST|NODE_ENV|BASE_URL|MODE|DEV|PROD|SSR)$/;

/** What support/app.ts changed in process.env, with the value each had before (undefined: unset). */
export const setForApp = new Map<string, string | undefined>();

export function childEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [name, value] of Object.entries(process.env)) {
    if (!TEST_RUNNER_VARIABLES.test(name)) env[name] = value;
  }
  for (const [name, before] of setForApp) {
    if (before === undefined) delete env[name];
    else env[name] = before;
  }
  return { ...env, ASTRO_TELEMETRY_DISABLED: '1', ...extra };
}
