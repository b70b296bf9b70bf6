// The operator CLI (scripts/ops.ts), with --json. `ops` runs its main() in the test process (the same argument
// parsing, store, output and exit code, without a Node start-up per command); `opsProcess` runs it as a child
// process, as an operator runs it (`npm run --silent ops -- … --json`), for the tests whose subject is the CLI.
import { execFile } from 'node:child_process';
import { main } from '../../scripts/ops.ts';
import { childEnv } from './child-env.ts';
import { storeEnv } from './store-env.ts';

export type OpsResult = { code: number; json: any; stdout: string; stderr: string };

type Where = string | Record<string, string>;

async function envOf(where: Where): Promise<Record<string, string>> {
  const given = typeof where === 'string' ? { DATA_DIR: where } : where;
  return { ...(given.DATA_DIR ? await storeEnv(given.DATA_DIR) : {}), ...given };
}

function parsed(code: number, stdout: string, stderr: string): OpsResult {
  let json: unknown;
  try {
    json = JSON.parse(stdout);
  } catch {
    json = undefined;
  }
  return { code, json, stdout, stderr };
}

/** `where`: the DATA_DIR, or the whole environment the operator has (DATA_DIR, SMTP_URL, …). */
export async function ops(where: Where, ...args: string[]): Promise<OpsResult> {
  const env = childEnv(await envOf(where));
  let stdout = '';
  let stderr = '';
  const io = {
    env,
    stdout: { write: (text: string) => (stdout += text) },
    stderr: { write: (text: string) => (stderr += text) },
  };
  let code: number;
  try {
    code = await main([...args, '--json'], io);
  } catch (error) {
    // As the CLI's last resort does: one line, exit 1.
    stderr += `${(error as Error).message}\n`;
    code = 1;
  }
  return parsed(code, stdout, stderr);
}

/** The CLI as a child process. */
export async function opsProcess(where: Where, ...args: string[]): Promise<OpsResult> {
  const env = await envOf(where);
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['scripts/ops.ts', ...args, '--json'],
      { env: childEnv(env) },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0;
        resolve(parsed(code, stdout, stderr));
      },
    );
  });
}

async function succeeded(result: OpsResult, args: string[]): Promise<any> {
  if (result.code !== 0)
    throw new Error(`ops ${args.join(' ')} exited with ${result.code}: ${result.stderr}`);
  return result.json;
}

/** An operator command that must succeed: its JSON; throws with the command and the CLI's stderr if it fails. */
export async function opsOk(where: Where, ...args: string[]): Promise<any> {
  return succeeded(await ops(where, ...args), args);
}

/** The same, as a child process. */
export async function opsOkProcess(where: Where, ...args: string[]): Promise<any> {
  return succeeded(await opsProcess(where, ...args), args);
}
