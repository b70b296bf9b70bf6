// A real Redis server for the tests, on a free loopback port, keeping nothing on disk; stopped at the end.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createConnection } from 'node:net';
import { freePort } from './ports.ts';

export const REDIS_SERVER = '/usr/bin/redis-server';
export const redisInstalled = () => existsSync(REDIS_SERVER);

export type RedisServer = { url: string; stop(): Promise<void> };

export async function startRedis(): Promise<RedisServer> {
  if (!redisInstalled())
    throw new Error('redis-server is not installed: apt-get install redis-server (.ci/run does).');
  const port = await freePort();
  const child = spawn(
    REDIS_SERVER,
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    {
      stdio: 'ignore',
    },
  );
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  for (let tries = 0; ; tries++) {
    const up = await new Promise<boolean>((resolve) => {
      const socket = createConnection(port, '127.0.0.1', () => resolve(socket.end() && true));
      socket.on('error', () => resolve(false));
    });
    if (up) break;
    if (tries > 100) throw new Error('redis-server did not start');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    url: `redis://127.0.0.1:${port}`,
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}
