// The load a benchmark part puts on a server (autocannon), with the CPU it cost the server, in turns against a baseline.
import { execFile } from 'node:child_process';
import { setPriority } from 'node:os';
import autocannon from 'autocannon';
import { cpuMs } from './processes.ts';

export const log = (message: string) => process.stderr.write(`${message}\n`);
export const BUILD_ROUNDS = 2;
export const UNLIMITED = {
  RATE_LIMIT_PUBLIC_PER_MINUTE: '1000000000',
  RATE_LIMIT_KEY_PER_MINUTE: '1000000000',
  DATA_REQUESTS_PER_HOUR: '1000000000',
  KEYS_PER_ORG: '1000000000',
};

export type Load = {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
  total: number;
  /** Answers per HTTP status. */
  statuses: Record<string, number>;
};

export async function load(options: autocannon.Options): Promise<Load> {
  const result = await autocannon({ connections: 100, pipelining: 1, duration: 8, ...options });
  return {
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    total: result.requests.total,
    statuses: Object.fromEntries(
      Object.entries(result.statusCodeStats ?? {}).map(([status, { count }]) => [status, count ?? 0]),
    ),
  };
}

/**
 * A flood from its own process, at the lowest CPU priority: it stands in for another machine, and at equal
 * priority on these two cores it would take turns on the server's core, which a remote flooder cannot.
 */
export function floodFromChild(options: autocannon.Options): Promise<{ requests: number }> {
  return new Promise((resolve, reject) => {
    const child = execFile(
      process.execPath,
      [new URL('./load-child.ts', import.meta.url).pathname, JSON.stringify(options)],
      (error, stdout) => (error ? reject(error) : resolve(JSON.parse(stdout) as { requests: number })),
    );
    setPriority(child.pid!, 19);
  });
}

export type LoadWithCpu = Load & { cpuUsPerRequest: number };

/** Warm up for 2 s (connections, JIT), then 5 s of load, with the CPU time the server process spent on it. */
export async function servedWithCpu(pid: number, options: autocannon.Options): Promise<LoadWithCpu> {
  await load({ ...options, duration: 2 });
  const before = await cpuMs(pid);
  const result = await load({ ...options, duration: 5 });
  const spent = (await cpuMs(pid)) - before;
  return { ...result, cpuUsPerRequest: (spent * 1000) / result.total };
}

export const ROUNDS = 3;

/**
 * Loads each server in turn, ROUNDS times, and returns every round and the one whose ratio of the last server's
 * rate to the first's is the median. This shared machine's speed drifts by a third within a minute, so a ratio of
 * two loads measured seconds apart drifts with it; rounds in turn and the median round are steadier.
 */
export async function inTurns(
  servers: { url: string; pid: number }[],
  request: { path: string; headers?: Record<string, string> },
  label: string,
): Promise<{ median: LoadWithCpu[]; rounds: LoadWithCpu[][] }> {
  const rounds: LoadWithCpu[][] = [];
  for (let round = 1; round <= ROUNDS; round++) {
    const served: LoadWithCpu[] = [];
    for (const server of servers)
      served.push(
        await servedWithCpu(server.pid, { url: server.url + request.path, headers: request.headers }),
      );
    const figures = served.map(
      (s) => `${Math.round(s.requestsPerSecond)}/s at ${s.cpuUsPerRequest.toFixed(1)} µs`,
    );
    log(`${label} (${round}/${ROUNDS}): ${figures.join('; ')}`);
    rounds.push(served);
  }
  const ratio = (round: LoadWithCpu[]) => round.at(-1)!.requestsPerSecond / round[0]!.requestsPerSecond;
  const median = [...rounds].sort((a, b) => ratio(a) - ratio(b))[Math.floor(ROUNDS / 2)]!;
  return { median, rounds };
}

/** Transport errors plus answers with another status than the one expected. */
export const unexpectedAnswers = (served: LoadWithCpu[], status: number) =>
  served.reduce((sum, s) => sum + s.errors + s.total - (s.statuses[String(status)] ?? 0), 0);
