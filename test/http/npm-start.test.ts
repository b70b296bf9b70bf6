// `npm start` as an operator's supervisor runs it (systemd, docker stop, a script's kill): SIGTERM goes to npm's
// process, and the server must get it, finish what it is doing, say "stopped" and free the port. Before, npm's
// shell passed nothing on: npm and the shell died, and the server went on running, orphaned, holding the port.
// Run in a copy of the project, since `npm start` builds into the project's dist/, which other tests serve from.
import { spawn } from 'node:child_process';
import { cp, mkdtemp, realpath, rm, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { childEnv } from '../support/child-env.ts';

const PROJECT = [
  'api',
  'src',
  'content',
  'public',
  'scripts',
  'astro.config.ts',
  'package.json',
  'tsconfig.json',
];
let copy: string;

beforeAll(async () => {
  copy = await mkdtemp(join(tmpdir(), 'dss-npm-start-'));
  for (const entry of PROJECT) await cp(entry, join(copy, entry), { recursive: true });
  await symlink(await realpath('node_modules'), join(copy, 'node_modules'));
});
afterAll(() => rm(copy, { recursive: true, force: true }));

test('npm start, then SIGTERM to npm: the server stops cleanly and the port is free', async () => {
  const env = childEnv({ PORT: '0', DATA_DIR: join(copy, 'data'), ASTRO_CACHE_DIR: join(copy, '.cache') });
  // A process group of its own, so that whatever is left behind can be cleaned up whatever happens.
  const npm = spawn('npm', ['start'], { cwd: copy, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  npm.stdout.on('data', (chunk) => (out += chunk));
  npm.stderr.on('data', (chunk) => (out += chunk));
  try {
    await expect.poll(() => out, { timeout: 150_000, interval: 250 }).toMatch(/"msg":"listening"/);
    const url = /"msg":"listening","url":"([^"]+)"/.exec(out)![1]!;
    expect((await fetch(`${url}/api/v1/health`)).status).toBe(200);

    npm.kill('SIGTERM');
    await expect.poll(() => out, { timeout: 15_000 }).toMatch(/"msg":"stopped"/);
    await expect(fetch(`${url}/api/v1/health`)).rejects.toThrow();
  } finally {
    try {
      process.kill(-npm.pid!, 'SIGKILL');
    } catch {
      // the group is gone already
    }
  }
}, 180_000);
