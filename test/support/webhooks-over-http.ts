// Webhook receivers and endpoints for the webhook tests over HTTP (test/http/webhook*.test.ts): a real HTTP server on
// loopback per receiver (closed after each test) and an endpoint made for it from a dashboard session.
import { afterEach, expect } from 'vitest';
import { type SelfServe, type SelfServeLab, sessionCall } from './self-serve.ts';
import { startWebhookReceiver, type WebhookReceiver } from './webhook-receiver.ts';

/** Loopback receivers allowed, and retries 0.2 s apart rather than minutes. */
export const FAST_RETRIES = { WEBHOOK_ALLOW_PRIVATE: 'true', WEBHOOK_RETRY_SECONDS: '0.2' };

/** `suite`: the file's own server (support/self-serve.ts selfServeSuite), where endpoints are made unless told. */
export function webhookHelpers(suite?: { ctx: SelfServe }) {
  const receivers: WebhookReceiver[] = [];
  afterEach(async () => {
    for (const receiver of receivers.splice(0)) await receiver.close();
  });

  async function receiver(options: Parameters<typeof startWebhookReceiver>[0] = {}) {
    const started = await startWebhookReceiver(options);
    receivers.push(started);
    return started;
  }

  /**
   * An endpoint on `target`, made by `who` on the suite's server (or on `on`, a test's own); the receiver learns the
   * secret from the one answer that shows it.
   */
  async function endpointFor(
    target: WebhookReceiver,
    who: SelfServeLab,
    events?: string[],
    on: SelfServe = suite!.ctx,
  ) {
    const made = await sessionCall(on, who.cookie, '/api/v1/webhooks', {
      method: 'POST',
      body: { url: target.url, ...(events ? { events } : {}) },
    });
    expect(made.status, made.text).toBe(201);
    target.secret = made.body.data.secret;
    return made.body.data as { id: string; url: string; events: string[]; secret: string };
  }

  return { receiver, endpointFor };
}

export const types = (target: WebhookReceiver) =>
  target.received.filter((r) => r.verified).map((r) => r.event!.type);

/** Waits until `check` holds (vitest's poll, with the time a background pass or a retry needs). */
export const until = (check: () => boolean | Promise<boolean>, what: string) =>
  expect.poll(check, { timeout: 20_000, message: `waiting for ${what}` }).toBe(true);
