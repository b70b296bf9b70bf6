// The one process `npm start` runs after the build: the service's request listener (app.ts) on HOST and PORT, until
// SIGTERM or SIGINT. See design.md for why the API bypasses Astro.
import { createServer, type RequestListener } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ConfigError, loadConfig, type Config } from '../config.ts';
import { warmLanguageIndex } from '../domain/languages.ts';
import { defaultSiteUrl } from '../site-url.ts';
import { createApp, StartRefusal } from './app.ts';
import { answerClientError } from './client-errors.ts';
import { CONNECTIONS_CHECKING_INTERVAL_MS, guardConnections } from './connections.ts';

const SHUTDOWN_GRACE_MS = 10_000;

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

export async function startServer(config: Config) {
  let listener: RequestListener | undefined;
  const server = createServer({ connectionsCheckingInterval: CONNECTIONS_CHECKING_INTERVAL_MS }, (req, res) =>
    // Only with PORT=0 does the socket open before the app is ready (its port is the site's): not for long.
    listener ? listener(req, res) : res.writeHead(503, { 'Retry-After': '1' }).end(),
  );
  guardConnections(server, { perAddress: !config.trustProxy });
  server.on('clientError', answerClientError);
  const listen = () =>
    new Promise<void>((resolve, reject) => {
      server.once('error', (error) => reject(listenRefusal(error, config) ?? error));
      server.listen(config.port, config.host, resolve);
    });

  // SITE_URL unset with PORT=0: the site is http://localhost:<the port we got>, known once listening; the app
  // (links in mail, the Origin check, the CLI's record) is made with it.
  const portFirst = config.siteUrlDefault && config.port === 0;
  if (portFirst) {
    await listen();
    config = { ...config, siteUrl: defaultSiteUrl((server.address() as AddressInfo).port) };
  }
  const app = await createApp(config);
  const { log, runtime } = app;
  listener = app.listener;
  if (!portFirst) await listen();
  const { address, port } = server.address() as AddressInfo;
  const host = address.includes(':') ? `[${address}]` : address;
  // The address to open is the one links use (contract §14): SITE_URL's when it is the default, on this port.
  log.info('listening', {
    url: config.siteUrlDefault ? config.siteUrl.origin : `http://${host}:${port}`,
    listen: `http://${host}:${port}`,
    site: config.siteUrl.origin,
    listings: runtime.catalog.size,
    store: runtime.store.location,
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
      void app.close().then(() => {
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
    if (error instanceof ConfigError || error instanceof StartRefusal) fail(error.message);
    throw error;
  }
}
