// The parts a running service is made of, built once per process from the configuration: the server (which hands
// it to the Astro pages as locals.runtime) and the operator CLI both start here, so the API, the pages and the
// CLI's actions share one catalogue, one store, one link signer, one mail pipeline and one sign-in limiter.
import { createAfterAnswer, type AfterAnswer } from './after-answer.ts';
import { createBackground, type Background } from './background.ts';
import type { Config } from './config.ts';
import { loadCatalog, type Catalog } from './domain/listings/catalog.ts';
import { createThreadedMailTransport } from './domain/mail/threaded-transport.ts';
import type { MailTransport } from './domain/mail/transport.ts';
import { fulfilDueSamples } from './domain/samples/fulfilment.ts';
import { createReminders } from './domain/staff/reminders.ts';
import { createLinkSigner, loadLinkSecret, type LinkSigner } from './domain/samples/links.ts';
import { createWebhookDelivery } from './domain/webhooks/delivery.ts';
import { createThreadedPost } from './domain/webhooks/threaded-post.ts';
import { createSecretBox, type SecretBox } from './domain/webhooks/secrets.ts';
import type { RequestLog } from './http/log.ts';
import { countedByAddress } from './http/address-bucket.ts';
import { createRateLimiter, type RateLimiter } from './http/rate-limit.ts';
import { SIGNIN_LINKS_PER_IP } from './domain/labs/signin.ts';
import { mailAttachments } from './domain/labs/nda-copy.ts';
import { openStore } from './store/open-store.ts';
import type { Store } from './store/store.ts';

export type Runtime = {
  config: Config;
  catalog: Catalog;
  store: Store;
  signer: LinkSigner;
  /** Seals and opens webhook signing secrets. */
  secrets: SecretBox;
  transport: MailTransport;
  background: Background;
  /** Sign-in links per client address: one counter for the API and the pages. */
  signinLimiter: RateLimiter;
  afterAnswer: AfterAnswer;
  /** Sends the sample links that are due now; how many. */
  fulfil(): Promise<number>;
  /** Waits for the work under way and every write asked for, then lets go of the mail server. */
  close(): Promise<void>;
};

/** `store`: an instance the caller opened already (the CLI opens it first, for commands that need nothing else). */
export async function openRuntime(config: Config, log: RequestLog, store?: Store): Promise<Runtime> {
  const catalog = await loadCatalog(config.listingsDir);
  store ??= await openStore(config);
  const serviceSecret = await loadLinkSecret(config);
  const signer = createLinkSigner(serviceSecret, config.sampleLinkTtlSeconds, config.siteUrl);
  const secrets = createSecretBox(serviceSecret);
  const transport = createThreadedMailTransport(config);
  const samples = {
    store,
    catalog,
    signer,
    samplesDir: config.samplesDir,
    sourcingLeadEmail: config.sourcingLeadEmail,
  };
  const fulfil = () => fulfilDueSamples(samples, new Date());
  const poster = createThreadedPost();
  const webhooks = createWebhookDelivery({
    store,
    secrets,
    allowPrivate: config.webhookAllowPrivate,
    retrySeconds: config.webhookRetrySeconds,
    log,
    post: poster.post,
  });
  const attachmentsOf = mailAttachments(store);
  const reminders = createReminders(store, config);
  const remind = () => reminders(new Date());
  const background = createBackground({ store, transport, log, fulfil, remind, webhooks, attachmentsOf });
  const opened: Store = store;
  const afterAnswer = createAfterAnswer(log);
  return {
    config,
    catalog,
    store,
    signer,
    secrets,
    transport,
    background,
    signinLimiter: countedByAddress(createRateLimiter(SIGNIN_LINKS_PER_IP)),
    afterAnswer,
    fulfil,
    async close() {
      await afterAnswer.stop(); // what it queued is sent by this pass's last chunk or the next start
      await background.stop();
      await opened.close();
      transport.close();
      poster.close();
    },
  };
}
