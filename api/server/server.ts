// The one process `npm start` runs after the build: /api/v1/** goes straight to the API core, everything else
// to Astro's handler (static files from dist/client and the on-demand pages). See design.md for why.
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { createApi, isApiPath } from '../http/pipeline.ts';
import { clientIp } from './client-ip.ts';
import { ConfigError, loadConfig, type Config } from '../config.ts';
import { warmLanguageIndex } from '../domain/languages.ts';
import { ListingFileError } from '../domain/listings/listing-files.ts';
import { createRequestLog } from '../http/log.ts';
import { openRuntime, type Runtime } from '../runtime.ts';
import { siteHeaders } from './site-headers.ts';
import { loadStaticFiles } from './static-files.ts';
import { StoreCorruptError } from '../store/json/json-store.ts';
import { rawHeader, toRequest, writeResponse } from './node-adapter.ts';

type NodeHandler = (req: IncomingMessage, res: ServerResponse) => void;

const ASTRO_ENTRY = new URL('../../dist/server/entry.mjs', import.meta.url);
const SHUTDOWN_GRACE_MS = 10_000;

/** Stops start-up with one clear line (no stack trace) for the failures an operator can fix. */
function fail(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(1);
}

async function loadAstroHandler(): Promise<NodeHandler> {
  if (!existsSync(ASTRO_ENTRY))
    fail(`No build at ${fileURLToPath(ASTRO_ENTRY)}: run "npm run build" first (npm start does).`);
  // The adapter starts its own server on import unless told not to.
  process.env.ASTRO_NODE_AUTOSTART = 'disabled';
  const entry = (await import(ASTRO_ENTRY.href)) as { handler: NodeHandler };
  return entry.handler;
}

export async function startServer(config: Config) {
  const log = createRequestLog();
  let runtime: Runtime;
  try {
    runtime = await openRuntime(config, log);
  } catch (error) {
    if (error instanceof ListingFileError) fail(`Listing files are invalid:\n${error.message}`);
    if (error instanceof StoreCorruptError) fail(`The store cannot be read: ${error.message}`);
    throw error;
  }
  const { store, mail, transport } = runtime;
  warmLanguageIndex(); // pay ICU's language-name scan now, not on a lab's first request
  const api = createApi({ config, catalog: runtime.catalog, store, log, signer: runtime.signer, mail });
  transport.verify().then(
    () => log.info('mail ready', { transport: transport.description }),
    (error: Error) =>
      log.info('warning: the mail server does not answer; mail stays queued and is retried', {
        transport: transport.description,
        error: error.message,
      }),
  );
  mail.start();
  const astro = await loadAstroHandler();
  const staticFiles = await loadStaticFiles(fileURLToPath(new URL('../../dist/client/', import.meta.url)));

  const server = createServer((req, res) => {
    const path = req.url ?? '/';
    const pathname = path.split('?', 1)[0]!;
    if (!isApiPath(pathname)) {
      const headers = siteHeaders(pathname);
      if (staticFiles.serve(req, res, pathname, headers)) return;
      for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
      return astro(req, res);
    }
    const startedAt = performance.now();
    const meta = {
      requestId: randomUUID(),
      clientIp: clientIp(
        req.socket.remoteAddress,
        config.trustProxy ? (rawHeader(req.rawHeaders, 'x-forwarded-for') ?? undefined) : undefined,
        config.trustProxy,
      ),
      startedAt,
    };
    const broken = (error: unknown) => {
      log.error(meta.requestId, error);
      if (!res.headersSent) res.writeHead(500, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ error: { code: 'internal', message: 'Something went wrong on our side.' } }));
    };
    const respond = (response: Response) => {
      try {
        writeResponse(req, res, response)?.catch(broken);
      } catch (error) {
        broken(error); // a header node refuses, say: still an answer, and the server stays up
      }
    };
    const outcome = api.handle(toRequest(req), meta);
    if (outcome instanceof Promise) outcome.then(respond, broken);
    else respond(outcome);
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.port, config.host, resolve);
  });
  const { address, port } = server.address() as AddressInfo;
  const host = address.includes(':') ? `[${address}]` : address;
  log.info('listening', { url: `http://${host}:${port}`, listings: runtime.catalog.size });
  log.flush();

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info('shutting down', { signal });
    // Stop accepting, let in-flight requests finish, then leave; a stuck connection cannot hold us forever.
    const force = setTimeout(() => server.closeAllConnections(), SHUTDOWN_GRACE_MS);
    force.unref();
    server.close(() => {
      void Promise.all([mail.stop(), store.close()]).then(() => {
        transport.close();
        log.info('stopped');
        log.flush();
        process.exit(0);
      });
    });
    server.closeIdleConnections();
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
  return server;
}

if (import.meta.main) {
  try {
    await startServer(loadConfig());
  } catch (error) {
    if (error instanceof ConfigError) fail(error.message);
    if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE')
      fail(`Port already in use: set PORT to a free port.`);
    throw error;
  }
}
