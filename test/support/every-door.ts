// The every-door tests' shared start (test/http/every-door*.test.ts): the file's own service and lab, a webhook
// receiver for the lab's events, the NDA accepted and verified, and an API key; then what each door's step left
// (webhooks, mails, a new key), reduced to what a lab or an operator would compare. Read `state` in tests.
import { afterAll, beforeAll, expect } from 'vitest';
import { opsOk } from './ops.ts';
import { mailsTo, selfServeSuite, sessionCall } from './self-serve.ts';
import { startWebhookReceiver, type WebhookReceiver } from './webhook-receiver.ts';

export function everyDoor() {
  const state = {} as { receiver: WebhookReceiver; key: string };
  const suite = selfServeSuite('Every Door Lab', { WEBHOOK_ALLOW_PRIVATE: 'true' });

  beforeAll(async () => {
    const { ctx, lab } = suite;
    const receiver = (state.receiver = await startWebhookReceiver());
    const made = await sessionCall(ctx, lab.cookie, '/api/v1/webhooks', {
      method: 'POST',
      body: { url: receiver.url },
    });
    expect(made.status, made.text).toBe(201);
    receiver.secret = made.body.data.secret;
    await opsOk(ctx.operator, 'nda', 'accept', '--org', lab.orgId, '--verified');
    const issued = await sessionCall(ctx, lab.cookie, '/api/v1/keys', {
      method: 'POST',
      body: { name: 'doors' },
    });
    expect(issued.status, issued.text).toBe(201);
    state.key = issued.body.data.key;
    await receiver.delivered(2); // nda.verified (the CLI's, sent by the server's next pass) and key.created
  });
  afterAll(() => state.receiver?.close());

  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  /** Webhook types delivered (and verified) after `from`, once `count` have arrived, sorted. */
  async function webhooksSince(from: number, count: number): Promise<string[]> {
    const verified = () => state.receiver.received.slice(from).filter((r) => r.verified && r.status < 300);
    for (let waited = 0; verified().length < count && waited < 20_000; waited += 50) await sleep(50);
    await sleep(300); // nothing more than expected arrives either
    return verified()
      .map((r) => r.event!.type)
      .sort();
  }

  /** Waits until no webhook has arrived for a while: what earlier steps sent is in before a step is measured. */
  async function quiet(): Promise<number> {
    for (;;) {
      const seen = state.receiver.received.length;
      await sleep(400);
      if (state.receiver.received.length === seen) return seen;
    }
  }

  /**
   * Subjects of the mails to `to` after the first `from`, once `count` have arrived, sorted: ids and the listing's
   * title (which differ from door to door by design) written as placeholders.
   */
  async function mailsSince(to: string, from: number, count: number, title?: string): Promise<string[]> {
    const { smtp } = suite.ctx;
    for (let waited = 0; mailsTo(smtp, to).length < from + count && waited < 20_000; waited += 50)
      await sleep(50);
    return mailsTo(smtp, to)
      .slice(from)
      .map((m) => (m.mail.subject ?? '').replaceAll(title ?? '\u0000', '<listing>'))
      .map((subject) => subject.replace(/\b[a-z]{2,4}_[A-Za-z0-9]{16,}\b/g, '<id>'))
      .sort();
  }

  /** A new key by the API, once its key.created has been delivered. */
  async function newKeyId(name: string): Promise<string> {
    const delivered = state.receiver.received.filter((r) => r.verified && r.status < 300).length;
    const made = await sessionCall(suite.ctx, suite.lab.cookie, '/api/v1/keys', {
      method: 'POST',
      body: { name },
    });
    expect(made.status, made.text).toBe(201);
    await state.receiver.delivered(delivered + 1);
    return made.body.data.id;
  }

  return { suite, state, sleep, webhooksSince, quiet, mailsSince, newKeyId };
}
