// The one process `npm start` runs after the build: /api/v1/** goes to the API core, /mcp to the MCP server (whose
// tools call the core), the built site's files are answered from memory, and everything else goes to Astro's
// handler (the on-demand pages). See design.md for why.
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { ConfigError, loadConfig, type Config } from '../config.ts';
import { recordForCli } from '../server-records.ts';
import { warmLanguageIndex } from '../domain/languages.ts';
import { ListingFileError } from '../domain/listings/listing-files.ts';
import { createRequestLog } from '../http/log.ts';
import { createLimits } from '../http/limits.ts';
import { ENDPOINTS } from '../handlers/endpoints.ts';
import { createApi, isApiPath } from '../http/pipeline.ts';
import { createMcpEndpoint, MCP_PATH } from '../mcp/mcp-endpoint.ts';
import { openRuntime, type Runtime } from '../runtime.ts';
import { StoreCorruptError, StoreOpenError } from '../store/store-errors.ts';
import { answerClientError, trackRequest } from './client-errors.ts';
import { clientIp } from './client-ip.ts';
import { CONNECTIONS_CHECKING_INTERVAL_MS, guardConnections, requestArrived } from './connections.ts';
import { replyOf, toApiRequest, toWebRequest, writeReply } from './node-adapter.ts';
import { FEED_HEADER_NAMES, siteHeaders, transportSecurity } from './site-headers.ts';
import {
  createPageRateLimited,
  feedHeadersOnlyOnSuccess,
  refuseSiteRequest,
  stylesheetsOf,
} from './site-requests.ts';
import { loadStaticFiles } from './static-files.ts';
import { buildOrigin, buildSiteMismatch } from './build-site.ts';

type NodeHandler = (
  req: IncomingMessage,
  res: ServerResponse,
  next?: () => void,
  locals?: { runtime: Runtime },
) => void;

const ASTRO_ENTRY = new URL('../../dist/server/entry.mjs', import.meta.url);
const CLIENT_DIR = fileURLToPath(new URL('../../dist/client/', import.meta.url));
const SHUTDOWN_GRACE_MS = 10_000;
const BROKEN = JSON.stringify({ error: { code: 'internal', message: 'Something went wrong on our side.' } });

/** Stops start-up with one clear line (no stack trace) for the failures an operator can fix. */
function fail(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(1);
}

/** Why HOST and PORT cannot be listened on, as one line saying what to set; undefined for anything else. */
function listenRefusal(error: NodeJS.ErrnoException, { host, port }: Config): ConfigError | undefined {
  const addresses = 'such as 127.0.0.1, or 0.0.0.0 for every interface';
  const says: Record<string, string> = {
    EADDRINUSE: `PORT ${port} on ${host} is in use: set PORT to a free port, or stop what listens there.`,
    EACCES: `PORT ${port} needs privileges this user lacks: set PORT to 1024 or above.`,
    EADDRNOTAVAIL: `HOST ${host} is not an address of this machine: set HOST to one (${addresses}).`,
    ENOTFOUND: `HOST ${host} does not resolve: set HOST to an address (${addresses}).`,
    EAI_AGAIN: `HOST ${host} does not resolve: set HOST to an address (${addresses}).`,
  };
  const line = says[error.code ?? ''];
  return line ? new ConfigError(line) : undefined;
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
  // A mistyped folder: no listings is no service; no samples is a service that refuses every sample request.
  if (!existsSync(config.listingsDir))
    fail(
      `CONTENT_DIR ${config.contentDir} has no listings/ folder: set CONTENT_DIR to the folder that holds it (default ./content).`,
    );
  if (!existsSync(config.samplesDir))
    log.info(
      `warning: SAMPLES_DIR ${config.samplesDir} does not exist: every sample request is refused (409 sample_unavailable) until it does`,
    );
  let runtime: Runtime;
  try {
    runtime = await openRuntime(config, log);
  } catch (error) {
    if (error instanceof ListingFileError) fail(`Listing files are invalid:\n${error.message}`);
    if (error instanceof StoreCorruptError) fail(`The store cannot be read: ${error.message}`);
    if (error instanceof StoreOpenError) fail(error.message);
    throw error;
  }
  const { store, transport, background } = runtime;
  // One set of windows for the API and the on-demand pages: a client's requests count once, whichever it asks.
  const limits = createLimits(config, log);
  const api = createApi(
    {
      config,
      catalog: runtime.catalog,
      store,
      log,
      signer: runtime.signer,
      secrets: runtime.secrets,
      background,
      limits,
      signinLimiter: runtime.signinLimiter,
    },
    ENDPOINTS,
  );
  transport.verify().then(
    () => log.info('mail ready', { transport: transport.description }),
    (error: Error) =>
      log.info('warning: the mail server does not answer; mail stays queued and is retried', {
        transport: transport.description,
        error: error.message,
      }),
  );
  background.start();
  await recordForCli(config);
  const astro = await loadAstroHandler();
  const staticFiles = await loadStaticFiles(CLIENT_DIR);
  const mismatch = buildSiteMismatch(buildOrigin(staticFiles.text('/openapi.json')), config.siteUrl);
  if (mismatch) log.info(mismatch);
  // The 429 page links the stylesheet the built pages link (its name carries a content hash).
  const pageRateLimited = createPageRateLimited(stylesheetsOf(staticFiles.text('/404.html') ?? ''));

  const ipOf = (req: IncomingMessage) =>
    clientIp(
      req.socket.remoteAddress,
      config.trustProxy ? req.headers['x-forwarded-for'] : undefined,
      config.trustProxy,
    );

  async function answerApi(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const startedAt = performance.now();
    const meta = { requestId: randomUUID(), clientIp: ipOf(req), startedAt };
    // A header node refuses, a stream that breaks: still an answer if we can, and the server stays up.
    const broken = (error: unknown) => {
      log.error(meta.requestId, error);
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'application/json' }).end(BROKEN);
      else res.destroy();
    };
    try {
      writeReply(req, res, await api.handle(toApiRequest(req), meta), (error) => error && broken(error));
    } catch (error) {
      broken(error);
    }
  }

  const answerMcp = createMcpEndpoint({ api, catalog: runtime.catalog, config, log });
  async function answerMcpRequest(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const meta = { requestId: randomUUID(), clientIp: ipOf(req) };
    try {
      // Its answers are JSON, read whole: no stream to break half-way.
      writeReply(req, res, await replyOf(await answerMcp(toWebRequest(req), meta)));
    } catch (error) {
      log.error(meta.requestId, error);
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'application/json' }).end(BROKEN);
      else res.destroy();
    }
  }

  /** What reaches Astro is rendered per request (/demand/, a 404): it counts against the client's limit. */
  async function answerPage(req: IncomingMessage, res: ServerResponse, headers: Record<string, string>) {
    const decision = await limits.take(ipOf(req), undefined, Date.now());
    if (!decision.allowed) return pageRateLimited(res, decision);
    for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
    if ('Access-Control-Allow-Origin' in headers) feedHeadersOnlyOnSuccess(res, FEED_HEADER_NAMES);
    astro(req, res, undefined, { runtime }); // the pages act through the server's own runtime
  }

  const hsts = Object.entries(transportSecurity(config.siteUrl));
  const server = createServer(
    { connectionsCheckingInterval: CONNECTIONS_CHECKING_INTERVAL_MS },
    (req, res) => {
      requestArrived(req.socket);
      for (const [name, value] of hsts) res.setHeader(name, value);
      const pathname = (req.url ?? '/').split('?', 1)[0]!;
      trackRequest(req.socket, pathname, res);
      if (isApiPath(pathname)) return void answerApi(req, res);
      if (pathname === MCP_PATH) return void answerMcpRequest(req, res);
      if (refuseSiteRequest(req, res, pathname)) return;
      const headers = siteHeaders(pathname);
      if (staticFiles.serve(req, res, pathname, headers)) return;
      void answerPage(req, res, headers);
    },
  );
  guardConnections(server, { perAddress: !config.trustProxy });
  server.on('clientError', answerClientError);

  await new Promise<void>((resolve, reject) => {
    server.once('error', (error) => reject(listenRefusal(error, config) ?? error));
    server.listen(config.port, config.host, resolve);
  });
  const { address, port } = server.address() as AddressInfo;
  const host = address.includes(':') ? `[${address}]` : address;
  log.info('listening', {
    url: `http://${host}:${port}`,
    listings: runtime.catalog.size,
    store: store.location,
  });
  log.flush();
  // ICU's language-name scan (about a second of CPU) in slices while the server answers, not on a lab's first request.
  void warmLanguageIndex();

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info('shutting down', { signal });
    // Stop accepting, let in-flight requests finish, then leave; a stuck connection cannot hold us forever.
    const force = setTimeout(() => server.closeAllConnections(), SHUTDOWN_GRACE_MS);
    force.unref();
    server.close(() => {
      void Promise.all([runtime.close(), api.close()]).then(() => {
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
    throw error;
  }
}
