// A real PostgreSQL server for the tests: a fresh cluster in a temp folder (initdb), on a free loopback port
// (pg_ctl), stopped at the end. PostgreSQL refuses to run as root, so as root it runs as the `postgres` user that
// Debian's package creates. Each test file takes a database of its own (freshDatabase).
import { execFile } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { chmod, chown, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { freePort } from './ports.ts';

const run = promisify(execFile);

/** The newest installed server's bin folder, or undefined when PostgreSQL is not installed. */
export function postgresBin(): string | undefined {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return undefined;
  const version = readdirSync(root).sort((a, b) => Number(b) - Number(a))[0];
  const bin = version && join(root, version, 'bin');
  return bin && existsSync(join(bin, 'initdb')) ? bin : undefined;
}

export type Postgres = {
  url: string;
  stop(): Promise<void>;
  /**
   * Stops the server as a restart or an outage would, keeping its data; `resume` starts it again on its port.
   * `fast` ends sessions politely; `immediate` is a crash (recovery runs at the next start).
   */
  pause(mode?: 'fast' | 'immediate'): Promise<void>;
  resume(): Promise<void>;
};

export async function startPostgres(): Promise<Postgres> {
  const bin = postgresBin();
  if (!bin) throw new Error('PostgreSQL is not installed: apt-get install postgresql (.ci/run does).');
  const root = userInfo().uid === 0;
  const dir = await mkdtemp(join(tmpdir(), 'dss-pg-'));
  const data = join(dir, 'data');
  if (root) {
    const { stdout } = await run('id', ['-u', 'postgres']);
    const { stdout: gid } = await run('id', ['-g', 'postgres']);
    await chown(dir, Number(stdout), Number(gid));
  }
  await chmod(dir, 0o700);
  const as = (command: string, args: string[]) =>
    root
      ? run('runuser', ['-u', 'postgres', '--', join(bin, command), ...args])
      : run(join(bin, command), args);
  await as('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync']);
  const port = await freePort();
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200`;
  const start = () => as('pg_ctl', ['-D', data, '-o', options, '-l', join(dir, 'log'), '-w', 'start']);
  await start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    async pause(mode = 'fast') {
      await as('pg_ctl', ['-D', data, '-m', mode, '-w', 'stop']);
    },
    async resume() {
      await start();
    },
    async stop() {
      await as('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']).catch(() => {});
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/** A fresh database on the server the global setup started (test/setup/postgres.ts). */
export async function freshDatabase(serverUrl: string): Promise<string> {
  const name = `dss_${process.pid}_${Date.now()}_${Math.random().toString(36).slice(2, 8)}`;
  const client = new pg.Client(serverUrl);
  await client.connect();
  await client.query(`CREATE DATABASE ${name}`);
  await client.end();
  return serverUrl.replace(/\/[^/]*$/, `/${name}`);
}
