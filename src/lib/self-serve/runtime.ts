// What the self-serve pages (/access/, /signin/, /dashboard/…) read through, opened once per server process: the
// same configuration, store, catalogue and NDA document as the API, through the same domain modules. Never a
// store of their own (README, "A new page").
import { loadConfig, type Config } from '../../../api/config.ts';
import { sharedCatalog, type Catalog } from '../../../api/domain/listings/catalog.ts';
import { loadNdaDocument, type NdaDocument } from '../../../api/domain/labs/nda-document.ts';
import { createLinkSigner, loadLinkSecret, type LinkSigner } from '../../../api/domain/samples/links.ts';
import { createSecretBox, type SecretBox } from '../../../api/domain/webhooks/secrets.ts';
import { processShared } from '../../../api/process-shared.ts';
import { sharedStore } from '../../../api/store/open-store.ts';
import type { Store } from '../../../api/store/store.ts';

export type PageRuntime = {
  config: Config;
  store: Store;
  catalog: Catalog;
  nda: NdaDocument;
  secrets: SecretBox;
  /** Signs sample links: a fresh one asked for from the dashboard. */
  signer: LinkSigner;
};

export function pageRuntime(): Promise<PageRuntime> {
  return processShared('page runtime', async () => {
    const config = loadConfig();
    const [store, catalog, linkSecret] = await Promise.all([
      sharedStore(config),
      sharedCatalog(config.listingsDir),
      loadLinkSecret(config),
    ]);
    const nda = loadNdaDocument(config.contentDir);
    const signer = createLinkSigner(linkSecret, config.sampleLinkTtlSeconds, config.siteUrl);
    return {
      config,
      store,
      catalog,
      nda,
      secrets: createSecretBox(linkSecret),
      signer,
    };
  });
}
