// The whole service as one node:http request listener, built from a configuration: /api/v1/** goes to the API core,
// /mcp to the MCP server (whose tools call the core), the built site's files are answered from memory, and
// everything else goes to Astro's handler (the on-demand pages). server.ts listens with it; tests run it in process.
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { fileURLToPath } from 'node:url';
import type { Config } from '../config.ts';
import { recordForCli } from '../server-records.ts';
import { ListingFileError } from '../domain/listings/listing-files.ts';
import { createRequestLog, type RequestLog } from '../http/log.ts';
import { createLimits } from '../http/limits.ts';
import { ENDPOINTS } from '../handlers/endpoints.ts';
import { answering } from '../after-answer.ts';
import { createApi, isApiPath } from '../http/pipeline.ts';
import { createMcpEndpoint, MCP_PATH } from '../mcp/mcp-endpoint.ts';
import { openRuntime, type Runtime } from '../runtime.ts';
import { StoreCorruptError, StoreOpenError } from '../store/store-errors.ts';
import { trackRequest } from './client-errors.ts';
import { clientIp } from './client-ip.ts';
import { requestArrived } from './connections.ts';
import { replyOf, toApiRequest, toWebRequest, writeReply } from './node-adapter.ts';
import { FEED_HEADER_NAMES, siteHeaders, transportSecurity } from './site-headers.ts';
import {
  createPageRateLimited,
  feedHeadersOnlyOnSuccess,
  refuseSiteRequest,
  stylesheetsOf,
} from './site-requests.ts';
import { loadStaticFiles } from './static-files.ts';
import { buildNdaMismatch, buildOrigin, buildSiteMismatch } from './build-site.ts';
import { currentNda } from '../actions/nda.ts';
import { NDA_TEXT_PATH } from '../domain/labs/nda-document.ts';

type NodeHandler = (
  req: IncomingMessage,
  res: ServerResponse,
  next?: () => void,
  locals?: { runtime: Runtime },
) => void;

const ASTRO_ENTRY = new URL('../../dist/server/entry.mjs', import.meta.url);
const CLIENT_DIR = fileURLToPath(new URL('../../dist/client/', import.meta.url));
const BROKEN = JSON.stringify({ error: { code: 'internal', message: 'Something went wrong on our side.' } });

/** A start-up failure an operator can fix: server.ts prints its message as one line, without a stack trace. */
export class StartRefusal extends Error {}

export type App = {
  /** Answers every request the server receives. */
  listener: (req: IncomingMessage, res: ServerResponse) => void;
  runtime: Runtime;
  log: RequestLog;
  /** Waits for the work under way, then lets go of the store, the mail server and the limits. */
  close(): Promise<void>;
};

async function loadAstroHandler(): Promise<NodeHandler> {
  if (!existsSync(ASTRO_ENTRY))
    throw new StartRefusal(
      `No build at ${fileURLToPath(ASTRO_ENTRY)}: run "npm run build" first (npm start does).`,
    );
  // The adapter starts its own server on import unless told not to.
  process.env.ASTRO_NODE_AUTOSTART = 'disabled';
  const entry = (await import(ASTRO_ENTRY.href)) as { handler: NodeHandler };
  return entry.handler;
}

async function openOrRefuse(config: Config, log: RequestLog): Promise<Runtime> {
  try {
    return await openRuntime(config, log);
  } catch (error) {
    if (error instanceof ListingFileError)
      throw new StartRefusal(`Listing files are invalid:\n${error.message}`);
    if (error instanceof StoreCorruptError)
      throw new StartRefusal(`The store cannot be read: ${error.message}`);
    if (error instanceof StoreOpenError) throw new StartRefusal(error.message);
    throw error;
  }
}

export async function createApp(config: Config, log: RequestLog = createRequestLog()): Promise<App> {
  // A mistyped folder: no listings is no service; no samples is a service that refuses every sample request.
  if (!existsSync(config.listingsDir))
    throw new StartRefusal(
      `CONTENT_DIR ${config.contentDir} has no listings/ folder: set CONTENT_DIR to the folder that holds it (default ./content).`,
    );
  if (!existsSync(config.samplesDir))
    log.info(
      `warning: SAMPLES_DIR ${config.samplesDir} does not exist: every sample request is refused (409 sample_unavailable) until it does`,
    );
  const runtime = await openOrRefuse(config, log);
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
      afterAnswer: runtime.afterAnswer,
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
  // With SITE_URL unset and PORT=0 the build cannot know the port the server gets: nothing to warn of.
  if (mismatch && !(config.siteUrlDefault && config.port === 0)) log.info(mismatch);
  const ndaMismatch = buildNdaMismatch(staticFiles.text(NDA_TEXT_PATH), currentNda(runtime));
  if (ndaMismatch) log.info(ndaMismatch);
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
  return {
    listener(req, res) {
      requestArrived(req.socket);
      for (const [name, value] of hsts) res.setHeader(name, value);
      const pathname = (req.url ?? '/').split('?', 1)[0]!;
      trackRequest(req.socket, pathname, res);
      // Work a POST sets off for later (a sign-in link's mail) starts once its answer is out; reads set off none.
      if (isApiPath(pathname))
        return req.method === 'POST'
          ? answering(res, () => void answerApi(req, res))
          : void answerApi(req, res);
      if (pathname === MCP_PATH) return void answerMcpRequest(req, res);
      if (refuseSiteRequest(req, res, pathname)) return;
      const headers = siteHeaders(pathname);
      if (staticFiles.serve(req, res, pathname, headers)) return;
      if (req.method === 'POST') answering(res, () => void answerPage(req, res, headers));
      else void answerPage(req, res, headers);
    },
    runtime,
    log,
    async close() {
      await Promise.all([runtime.close(), api.close()]);
    },
  };
}
