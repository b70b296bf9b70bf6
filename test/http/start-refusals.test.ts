// An operator's mistake at start-up (a DATA_DIR that cannot be a folder, a HOST that is not this machine's, a
// DATABASE_URL where no PostgreSQL answers) stops the server, and the operator CLI, with one line naming the
// variable and what to do: never a stack trace.
import { execFile } from 'node:child_process';
import { createServer } from 'node:net';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { childEnv } from '../support/child-env.ts';
import { requireBuild } from '../support/dist.ts';
import { startServer } from '../support/server.ts';

type Exit = { code: number; stdout: string; stderr: string };

/** The server or the CLI run to its end with exactly this environment (no test store injected). */
const run = (script: string[], env: Record<string, string>) =>
  new Promise<Exit>((resolve) => {
    execFile(
      process.execPath,
      script,
      { env: childEnv({ HOST: '127.0.0.1', PORT: '0', ...env }), timeout: 30_000 },
      (error, stdout, stderr) =>
        resolve({ code: error ? (typeof error.code === 'number' ? error.code : -1) : 0, stdout, stderr }),
    );
  });
const serve = (env: Record<string, string>) => run(['api/server/server.ts'], env);
const ops = (env: Record<string, string>) => run(['scripts/ops.ts', 'org', 'list', '--json'], env);

/** One line on stderr, exit 1, and nothing that looks like a stack frame. */
function refusedInOneLine(exit: Exit, ...says: string[]) {
  expect(exit.code, exit.stderr).toBe(1);
  const lines = exit.stderr.trim().split('\n');
  expect(lines.at(-1), exit.stderr).not.toMatch(/^\s+at /);
  expect(exit.stderr).not.toMatch(/\n\s+at /);
  for (const text of says) expect(lines.at(-1)).toContain(text);
}

let dir: string;
let closedPort: number;
beforeAll(async () => {
  requireBuild();
  dir = await mkdtemp(join(tmpdir(), 'dss-start-refusals-'));
  await writeFile(join(dir, 'a-file'), 'not a folder\n');
  // A port nothing listens on: PostgreSQL "at" it refuses the connection.
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  closedPort = (probe.address() as { port: number }).port;
  await new Promise((resolve) => probe.close(resolve));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

test('a DATA_DIR that cannot be a folder is named, with what to do (server and CLI)', async () => {
  const env = { DATA_DIR: join(dir, 'a-file', 'data') };
  refusedInOneLine(await serve(env), 'DATA_DIR', join(dir, 'a-file', 'data'), 'set DATA_DIR to a folder');
  refusedInOneLine(await ops(env), 'DATA_DIR', 'set DATA_DIR to a folder');
});

test('a DATABASE_URL where nothing answers is named, without its password (server and CLI)', async () => {
  const env = {
    DATA_DIR: join(dir, 'data'),
    DATABASE_URL: `postgres://dss:hunter2-secret@127.0.0.1:${closedPort}/dss`,
    LINK_SECRET: 'a-link-secret-of-more-than-thirty-two-characters',
  };
  for (const exit of [await serve(env), await ops(env)]) {
    refusedInOneLine(exit, `PostgreSQL 127.0.0.1:${closedPort}/dss`, 'check DATABASE_URL');
    expect(exit.stderr + exit.stdout).not.toContain('hunter2-secret');
  }
});

test.each([
  ['192.0.2.1', 'is not an address of this machine'],
  ['no-such-host.invalid', 'does not resolve'],
])('HOST=%s stops start-up with one line: %s', async (host, says) => {
  refusedInOneLine(
    await serve({ DATA_DIR: join(dir, 'data'), HOST: host }),
    `HOST ${host}`,
    says,
    'set HOST',
  );
});

test('a PORT in use is named with its number', async () => {
  const holder = createServer();
  await new Promise<void>((resolve) => holder.listen(0, '127.0.0.1', resolve));
  const port = String((holder.address() as { port: number }).port);
  try {
    refusedInOneLine(await serve({ DATA_DIR: join(dir, 'data'), PORT: port }), `PORT ${port}`, 'in use');
  } finally {
    await new Promise((resolve) => holder.close(resolve));
  }
});

test('a CONTENT_DIR without listings/ is named, with what to do', async () => {
  const env = { DATA_DIR: join(dir, 'data'), CONTENT_DIR: join(dir, 'no-content') };
  refusedInOneLine(await serve(env), `CONTENT_DIR ${join(dir, 'no-content')}`, 'set CONTENT_DIR');
});

test('a SAMPLES_DIR that does not exist starts, with a warning: every sample request would be refused', async () => {
  const server = await startServer({ SAMPLES_DIR: join(dir, 'no-samples') });
  try {
    expect(server.stdout()).toContain(`warning: SAMPLES_DIR ${join(dir, 'no-samples')} does not exist`);
  } finally {
    await server.stop();
  }
});
