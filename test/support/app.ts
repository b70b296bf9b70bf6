// The whole service in the test process (api/server/app.ts: the API core, /mcp, the built files and Astro's pages)
// on an ephemeral loopback port, with a temporary DATA_DIR (or a fresh PostgreSQL database, DSS_TEST_STORE=postgres).
// The same face as startServer() (support/server.ts) without a child process: for tests whose subject is the HTTP
// behaviour, not the process (start-up, signals, kill -9 keep startServer). The on-demand pages keep one runtime per
// process (src/lib/self-serve/runtime.ts), so a second service started while one runs is a child process.
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { onTestFinished } from 'vitest';
import { loadConfig } from '../../api/config.ts';
import { createRequestLog } from '../../api/http/log.ts';
import { createApp } from '../../api/server/app.ts';
import { answerClientError } from '../../api/server/client-errors.ts';
import { CONNECTIONS_CHECKING_INTERVAL_MS, guardConnections } from '../../api/server/connections.ts';
import { setForApp } from './child-env.ts';
import { requireBuild } from './dist.ts';
import { startServer } from './server.ts';
import { serviceEnv } from './service-env.ts';

export type InProcessServer = {
  url: string;
  dataDir: string;
  /** Everything the service logged so far, one JSON record per line (what the process writes to stdout). */
  stdout(): string;
  stderr(): string;
  stop(): Promise<unknown>;
};

const REGISTRY = Symbol.for('dss.process-shared');

/** Forgets the process's shared store and page runtime (api/process-shared.ts), so a restart opens them afresh. */
function forgetShared(): void {
  (globalThis as { [REGISTRY]?: Map<string, unknown> })[REGISTRY]?.clear();
}

function collector(): { stream: Writable; text(): string } {
  let text = '';
  const stream = new Writable({
    write(chunk, _encoding, done) {
      text += String(chunk);
      done();
    },
  });
  return { stream, text: () => text };
}

let live = 0;

function restoreEnv(): void {
  for (const [name, value] of setForApp) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  setForApp.clear();
}

export async function startApp(env: Record<string, string> = {}): Promise<InProcessServer> {
  requireBuild();
  if (live > 0) return startServer(env);
  live++;
  try {
    const served = await startInProcess(env);
    // Started inside a test: stopped when it ends, even if it timed out before its own stop() (which then does nothing).
    try {
      onTestFinished(async () => void (await served.stop()));
    } catch {
      // started in a hook: the file's afterAll stops it
    }
    return served;
  } catch (error) {
    live--;
    restoreEnv();
    throw error;
  }
}

async function startInProcess(env: Record<string, string>): Promise<InProcessServer> {
  const dataDir = env.DATA_DIR ?? (await mkdtemp(join(tmpdir(), 'dss-data-')));
  const vars = await serviceEnv(dataDir, env);
  // The on-demand pages read their configuration from the process's environment (src/lib/self-serve/runtime.ts).
  for (const name of Object.keys(vars)) setForApp.set(name, process.env[name]);
  Object.assign(process.env, vars);
  const config = loadConfig({ ...process.env, ...vars });
  const out = collector();
  const err = collector();
  const app = await createApp(config, createRequestLog(out.stream, err.stream));
  const server = createServer(
    { connectionsCheckingInterval: CONNECTIONS_CHECKING_INTERVAL_MS },
    app.listener,
  );
  guardConnections(server, { perAddress: !config.trustProxy });
  server.on('clientError', answerClientError);
  await new Promise<void>((done) => server.listen(config.port, config.host, done));
  const { port } = server.address() as AddressInfo;
  let stopped = false;
  return {
    url: `http://127.0.0.1:${port}`,
    dataDir,
    stdout: () => (app.log.flush(), out.text()),
    stderr: () => (app.log.flush(), err.text()),
    async stop() {
      if (stopped) return;
      stopped = true;
      try {
        server.closeAllConnections();
        await new Promise((done) => server.close(done));
        await app.close();
        app.log.flush();
      } finally {
        // Whatever failed above, the next service in this file starts afresh, in process.
        forgetShared();
        live--;
        restoreEnv();
      }
      // A CLI the test ran may still be letting go of its files.
      if (!env.DATA_DIR) await rm(dataDir, { recursive: true, force: true, maxRetries: 5 }).catch(() => {});
    },
  };
}
