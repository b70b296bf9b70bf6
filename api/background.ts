// The server's background work, one way and one pass at a time: send the sample links that became due, then
// deliver the mail queue and the webhook deliveries side by side (a slow receiver must not hold up the mail).
// Runs every second, and soon after an answer that queued something (a kick).
import { createMailDelivery, type MailLog } from './domain/mail/delivery.ts';
import type { MailTransport } from './domain/mail/transport.ts';
import type { WebhookDelivery } from './domain/webhooks/delivery.ts';
import type { Store } from './store/store.ts';

// A kick waits this long, so that the mail of many requests is claimed and recorded in a few commits instead of
// competing, commit by commit, with the requests themselves.
const KICK_DELAY_MS = 200;
const INTERVAL_MS = 1000;

export type Background = {
  /** One pass; a call during a pass waits for it and asks for one more. */
  run(): Promise<void>;
  /** Asks for a pass soon, without waiting for it. */
  kick(): void;
  start(): void;
  /** Stops the timers and waits for the pass under way. */
  stop(): Promise<void>;
};

export function createBackground(deps: {
  store: Store;
  transport: MailTransport;
  log: MailLog & { error(context: string, error: unknown): void };
  /** Sends the sample links that are due. */
  fulfil(): Promise<unknown>;
  webhooks: WebhookDelivery;
}): Background {
  const mail = createMailDelivery(deps);
  let current: Promise<void> | undefined;
  let again = false;
  let timer: NodeJS.Timeout | undefined;
  let kicked: NodeJS.Timeout | undefined;
  let stopping = false;

  async function pass(): Promise<void> {
    do {
      again = false;
      try {
        await deps.fulfil(); // a link is mailed in this same pass
        const [, backlog] = await Promise.all([mail.deliver(), deps.webhooks.deliver()]);
        // A webhook backlog goes on after a kick's pause, not a second later: a fan-out of thousands of events
        // would drain at one pass a second, and straight on it would take the CPU the API's answers need.
        if (backlog) background.kick();
      } catch (error) {
        deps.log.error('background', error);
      }
    } while (again && !stopping);
  }

  const background: Background = {
    run() {
      if (current) {
        again = true;
        return current;
      }
      current = pass().finally(() => (current = undefined));
      return current;
    },
    kick() {
      kicked ??= setTimeout(() => {
        kicked = undefined;
        void background.run();
      }, KICK_DELAY_MS);
    },
    start() {
      timer = setInterval(() => void background.run(), INTERVAL_MS);
      timer.unref();
      background.kick();
    },
    async stop() {
      stopping = true; // the pass under way ends; what is left is there for the next start
      clearInterval(timer);
      clearTimeout(kicked);
      await current;
    },
  };
  return background;
}
