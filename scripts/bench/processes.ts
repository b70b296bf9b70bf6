// Child processes for the benchmarks: our server as `npm start` runs it (plus a loop monitor), the bare
// node:http baseline, and timed builds with their peak memory.
import { spawn, type ChildProcess } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const here = (file: string) => new URL(file, import.meta.url).pathname;

export type Served = { url: string; child: ChildProcess; pid: number; stop(): Promise<void> };

function waitForListening(child: ChildProcess, name: string): Promise<string> {
  return new Promise((resolve, reject) => {
    let out = '';
    const onData = (chunk: Buffer) => {
      out += chunk;
      const match = /"url":"([^"]+)"/.exec(out);
      if (match) {
        child.stdout!.off('data', onData);
        child.stdout!.resume(); // keep draining the request log
        resolve(match[1]!);
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', (chunk) => (out += chunk));
    child.once('exit', (code) => reject(new Error(`${name} exited with ${code}:\n${out}`)));
  });
}

const stopper = (child: ChildProcess) => () =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });

export type Monitored = Served & { loop(): Promise<LoopStats> };

/** Our server as `npm start` runs it (with its node flag: see package.json), with the event-loop monitor preloaded. */
export function startOurs(env: Record<string, string>): Promise<Monitored> {
  return startMonitored('api/server/server.ts', 'server', env, ['--max-semi-space-size=16']);
}

/** The writes' baseline (bare-durable-server.ts), appending to a file in `dataDir`, with the same monitor. */
export function startBareDurable(dataDir: string): Promise<Monitored> {
  return startMonitored(here('./bare-durable-server.ts'), 'bare durable server', { BENCH_DATA_DIR: dataDir });
}

async function startMonitored(
  script: string,
  name: string,
  env: Record<string, string>,
  nodeFlags: string[] = [],
): Promise<Monitored> {
  const loopFile = join(tmpdir(), `dss-bench-loop-${process.pid}-${Date.now()}.json`);
  const child = spawn(process.execPath, [...nodeFlags, '--import', here('./loop-monitor.ts'), script], {
    env: { ...process.env, HOST: '127.0.0.1', PORT: '0', BENCH_LOOP_FILE: loopFile, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const url = await waitForListening(child, name);
  return {
    url,
    child,
    pid: child.pid!,
    stop: stopper(child),
    async loop() {
      child.kill('SIGUSR2');
      await new Promise((resolve) => setTimeout(resolve, 200));
      return JSON.parse(await readFile(loopFile, 'utf8')) as LoopStats;
    },
  };
}

export type LoopStats = { p50: number; p99: number; max: number; rssMb: number };

/**
 * The baseline: a bare node:http server answering fixed bytes per path: the status, headers and body given.
 * With `perRequestWork`, it also counts, numbers and logs each request as the contract asks (see bare-server.ts).
 */
export async function startBare(
  bodies: Record<string, { status: number; headers: Record<string, string>; body: string }>,
  options: { perRequestWork?: boolean } = {},
): Promise<Served> {
  const child = spawn(process.execPath, [here('./bare-server.ts')], {
    env: {
      ...process.env,
      BENCH_BODIES: JSON.stringify(bodies),
      BENCH_PER_REQUEST_WORK: options.perRequestWork ? '1' : '0',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const url = await waitForListening(child, 'bare server');
  return { url, child, pid: child.pid!, stop: stopper(child) };
}

export type BuildResult = { seconds: number; maxRssMb: number };

/** `astro build` in a child with its peak RSS reported; `args` after `build`. */
export function timedBuild(args: string[], env: Record<string, string>): Promise<BuildResult> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(
      process.execPath,
      ['--import', here('./max-rss.ts'), 'node_modules/astro/bin/astro.mjs', 'build', ...args],
      {
        env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1', ...env },
        stdio: ['ignore', 'ignore', 'pipe'],
      },
    );
    let err = '';
    child.stderr!.on('data', (chunk) => (err += chunk));
    child.once('exit', (code) => {
      const seconds = (performance.now() - started) / 1000;
      const rss = /BENCH_MAX_RSS_KB=(\d+)/.exec(err);
      if (code !== 0 || !rss) return reject(new Error(`build failed (${code}):\n${err.slice(-3000)}`));
      resolve({ seconds, maxRssMb: Number(rss[1]) / 1024 });
    });
  });
}

/** The CPU time (user + system) a process has used so far, in ms: /proc/<pid>/stat counts clock ticks of 10 ms. */
export async function cpuMs(pid: number): Promise<number> {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
  // Fields after the command name (which may hold spaces): utime and stime are the 12th and 13th.
  const fields = stat.slice(stat.lastIndexOf(') ') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

export async function rssMb(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)![1]) / 1024;
}
