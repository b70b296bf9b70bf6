// Starts the built server (api/server/server.ts, as `npm start` runs it after the build) on a random port,
// with a temporary DATA_DIR, and stops it again.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { childEnv } from './child-env.ts';
import { serviceEnv } from './service-env.ts';

export type RunningServer = {
  url: string;
  dataDir: string;
  child: ChildProcess;
  /** Everything the process wrote to stdout so far, one JSON record per line. */
  stdout(): string;
  stderr(): string;
  stop(signal?: NodeJS.Signals): Promise<number | null>;
};

export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  const dataDir = env.DATA_DIR ?? (await mkdtemp(join(tmpdir(), 'dss-data-')));
  const child = spawn(process.execPath, ['api/server/server.ts'], {
    env: childEnv(await serviceEnv(dataDir, env)),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stdout!.on('data', (chunk) => (out += chunk));
  child.stderr!.on('data', (chunk) => (err += chunk));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  // Until the server says it listens, or exits. No clock of its own: a start is about 1.5 s of CPU, which on a loaded
  // 2-core machine took more than the 20 s allowed here before; the hook's or the test's timeout bounds a hang.
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout!.on('data', () => {
      const match = /"msg":"listening".*?"listen":"([^"]+)"/.exec(out); // the socket's own address (url: the site's)
      if (match) resolve(match[1]!);
    });
    void exited.then((code) =>
      reject(new Error(`server exited with ${code} before listening:\n${out}\n${err}`)),
    );
  });
  return {
    url,
    dataDir,
    child,
    stdout: () => out,
    stderr: () => err,
    async stop(signal = 'SIGTERM') {
      if (child.exitCode === null) child.kill(signal);
      const code = await exited;
      if (!env.DATA_DIR) await rm(dataDir, { recursive: true, force: true });
      return code;
    },
  };
}
