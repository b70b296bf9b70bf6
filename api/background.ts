// The server's background work, in two lanes that never wait for each other: the mail (first the sample links
// that became due, which are mail too) and the webhook deliveries. A mail server that does not answer must not
// hold up the labs' webhooks, nor a lab's dead endpoint the mail. Each lane runs one pass at a time, every
// second, and soon after an answer that queued something (a kick).
import { createMailDelivery, type MailLog } from './domain/mail/delivery.ts';
import type { MailFile, MailTransport } from './domain/mail/transport.ts';
import type { MailRecord } from './store/records.ts';
import type { WebhookDelivery } from './domain/webhooks/delivery.ts';
import { StoreUnavailableError } from './store/store-errors.ts';
import type { Store } from './store/store.ts';

// A kick waits this long, so that the mail of many requests is claimed and recorded in a few commits instead of
// competing, commit by commit, with the requests themselves.
const KICK_DELAY_MS = 200;
const INTERVAL_MS = 1000;

export type Background = {
  /** One pass of each lane; a call during a lane's pass waits for it and asks for one more. */
  run(): Promise<void>;
  /** Asks for a pass soon, without waiting for it. */
  kick(): void;
  start(): void;
  /** Stops the timers and waits for the passes under way to finish the chunk they are sending. */
  stop(): Promise<void>;
};

type Lane = { run(): Promise<void>; underWay(): Promise<void> };

export function createBackground(deps: {
  store: Store;
  transport: MailTransport;
  log: MailLog & { error(context: string, error: unknown): void };
  /** Sends the sample links that are due. */
  fulfil(): Promise<unknown>;
  /** Queues the sourcing team's reminders that are due (overdue requests, the daily digest); how many. */
  remind?(): Promise<number>;
  webhooks: WebhookDelivery;
  attachmentsOf?: (mail: MailRecord) => Promise<MailFile[]>;
}): Background {
  const mail = createMailDelivery(deps);
  let timer: NodeJS.Timeout | undefined;
  let kicked: NodeJS.Timeout | undefined;
  // Stopping ends a pass after the chunk it is sending: the rest of a backlog is there for the next start, and a
  // slow receiver cannot hold a shutdown for a pass's 16 chunks.
  const stopping = new AbortController();

  /** Runs `pass` one at a time; a pass that resolves true left work behind, and the lanes are kicked soon. */
  function lane(name: string, pass: (stop: AbortSignal) => Promise<boolean | void>): Lane {
    let current: Promise<void> | undefined;
    let again = false;
    // A store that cannot be reached meets every pass, once a second: said once, and again when it is back.
    let storeAway = false;
    async function passes(): Promise<void> {
      do {
        again = false;
        try {
          // A webhook backlog goes on after a kick's pause, not a second later: a fan-out of thousands of events
          // would drain at one pass a second, and straight on it would take the CPU the API's answers need.
          if (await pass(stopping.signal)) background.kick();
          if (storeAway) deps.log.info(`background ${name}: the store answers again`);
          storeAway = false;
        } catch (error) {
          if (!(error instanceof StoreUnavailableError)) deps.log.error(`background ${name}`, error);
          else if (!storeAway)
            deps.log.info(`background ${name}: ${error.message} Waiting; each pass tries again.`);
          storeAway ||= error instanceof StoreUnavailableError;
        }
      } while (again && !stopping.signal.aborted);
    }
    return {
      run() {
        if (current) {
          again = true;
          return current;
        }
        current = passes().finally(() => (current = undefined));
        return current;
      },
      underWay: () => current ?? Promise.resolve(),
    };
  }

  const lanes = [
    lane('mail', async (stop) => {
      await deps.fulfil(); // a link is mailed in this same pass
      await mail.deliver(stop);
      // After the mail, so that a reminder's failure never holds up a lab's; what it queued goes a kick later.
      return ((await deps.remind?.()) ?? 0) > 0;
    }),
    lane('webhooks', (stop) => deps.webhooks.deliver(stop)),
  ];

  const background: Background = {
    async run() {
      await Promise.all(lanes.map((each) => each.run()));
    },
    kick() {
      if (stopping.signal.aborted) return;
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
      stopping.abort();
      clearInterval(timer);
      clearTimeout(kicked);
      await Promise.all(lanes.map((each) => each.underWay()));
    },
  };
  return background;
}
