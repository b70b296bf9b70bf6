// The parts a running service is made of, built once from the configuration: the server and the operator CLI
// both start here, so they share one catalogue, one store and one mail pipeline.
import { createCatalog, type Catalog } from './domain/listings/catalog.ts';
import type { Config } from './config.ts';
import { fulfilDueSamples } from './domain/samples/fulfilment.ts';
import { loadListings } from './domain/listings/listing-files.ts';
import type { RequestLog } from './http/log.ts';
import { createMailWorker, type MailWorker } from './domain/mail/worker.ts';
import { createMailTransport, type MailTransport } from './domain/mail/transport.ts';
import { createLinkSigner, loadLinkSecret, type LinkSigner } from './domain/samples/links.ts';
import { Store } from './store/json/json-store.ts';

export type Runtime = {
  config: Config;
  catalog: Catalog;
  store: Store;
  signer: LinkSigner;
  transport: MailTransport;
  mail: MailWorker;
  fulfil(): Promise<number>;
};

/** `store`: an instance the caller opened already (the CLI opens it first, for commands that need nothing else). */
export async function openRuntime(config: Config, log: RequestLog, store?: Store): Promise<Runtime> {
  const catalog = createCatalog(await loadListings(config.listingsDir));
  store ??= await Store.open(config.dataDir);
  const signer = createLinkSigner(await loadLinkSecret(config), config.sampleLinkTtlSeconds, config.siteUrl);
  const transport = createMailTransport(config);
  const fulfil = () =>
    fulfilDueSamples(
      { store, catalog, signer, samplesDir: config.samplesDir, sourcingLeadEmail: config.sourcingLeadEmail },
      new Date(),
    );
  const mail = createMailWorker({ store, transport, log, beforeDelivery: fulfil });
  return { config, catalog, store, signer, transport, mail, fulfil };
}
