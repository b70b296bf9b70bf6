// A real HTTP server on loopback that receives webhooks as a lab's would: it checks each signature with the
// Standard Webhooks reference library (not with our code), and answers 500 to the first `failFirst` posts, or,
// with `hang`, reads each post and never answers, as a receiver whose process is stuck; `answerAfterMs` answers
// each post that long after reading it, as a slow receiver.
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';

export type Received = {
  id: string;
  /** Whether `standardwebhooks` accepted the signature. */
  verified: boolean;
  event: { type: string; timestamp: string; data: Record<string, unknown> } | undefined;
  /** 0: never answered (a hanging receiver). */
  status: number;
  /** When it was answered (or read, by a hanging receiver): `performance.now()` of this process. */
  at: number;
};

export type WebhookReceiver = {
  url: string;
  received: Received[];
  /** The secret to verify with, once the endpoint is made. */
  secret: string | undefined;
  failFirst: number;
  /** Resolves once `count` posts have been verified and answered 2xx. */
  delivered(count: number, timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
};

const readBody = async (request: IncomingMessage) => {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
};

export async function startWebhookReceiver(
  options: { failFirst?: number; hang?: boolean; answerAfterMs?: number } = {},
): Promise<WebhookReceiver> {
  const received: Received[] = [];
  const receiver: WebhookReceiver = {
    url: '',
    received,
    secret: undefined,
    failFirst: options.failFirst ?? 0,
    async delivered(count, timeoutMs = 20_000) {
      const deadline = Date.now() + timeoutMs;
      while (received.filter((r) => r.verified && r.status < 300).length < count) {
        if (Date.now() > deadline)
          throw new Error(`${count} verified deliveries expected; received: ${JSON.stringify(received)}`);
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    },
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections(); // a hanging receiver's posts are still open
      }),
  };
  const server = createServer(async (request, response) => {
    const body = await readBody(request).catch(() => undefined);
    if (body === undefined) return; // the sender went away mid-request: nothing was delivered
    if (options.hang) {
      received.push({
        id: String(request.headers['webhook-id']),
        verified: false,
        event: undefined,
        status: 0,
        at: performance.now(),
      });
      return;
    }
    let verified = false;
    let event: Received['event'];
    try {
      event = new Webhook(receiver.secret ?? '').verify(
        body,
        request.headers as Record<string, string>,
      ) as Received['event'];
      verified = true;
    } catch {
      verified = false;
    }
    const status = !verified
      ? 401
      : received.filter((r) => r.verified).length < receiver.failFirst
        ? 500
        : 204;
    if (options.answerAfterMs) await new Promise((resolve) => setTimeout(resolve, options.answerAfterMs));
    received.push({
      id: String(request.headers['webhook-id']),
      verified,
      event,
      status,
      at: performance.now(),
    });
    response.writeHead(status).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  receiver.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`;
  return receiver;
}
