// The operator CLI as a child process, as an operator runs it: `npm run --silent ops -- … --json`.
import { execFile } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { childEnv } from './child-env.ts';
import { storeEnv } from './store-env.ts';

// Node's compile cache halves the CLI's start-up (about 0.6 s to 0.3 s), most of what CLI-heavy tests wait for.
const COMPILE_CACHE = join(tmpdir(), 'dss-test-node-compile-cache');

export type OpsResult = { code: number; json: any; stdout: string; stderr: string };

/** `where`: the DATA_DIR, or the whole environment the operator has (DATA_DIR, SMTP_URL, …). */
export async function ops(where: string | Record<string, string>, ...args: string[]): Promise<OpsResult> {
  const given = typeof where === 'string' ? { DATA_DIR: where } : where;
  const env = { ...(given.DATA_DIR ? await storeEnv(given.DATA_DIR) : {}), ...given };
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['scripts/ops.ts', ...args, '--json'],
      { env: childEnv({ NODE_COMPILE_CACHE: COMPILE_CACHE, ...env }) },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0;
        let json: unknown;
        try {
          json = JSON.parse(stdout);
        } catch {
          json = undefined;
        }
        resolve({ code, json, stdout, stderr });
      },
    );
  });
}

/** An operator command that must succeed: its JSON; throws with the command and the CLI's stderr if it fails. */
export async function opsOk(where: string | Record<string, string>, ...args: string[]): Promise<any> {
  const result = await ops(where, ...args);
  if (result.code !== 0) {
    throw new Error(`ops ${args.join(' ')} exited with ${result.code}: ${result.stderr}`);
  }
  return result.json;
}
