// The server's mail transport: the same transport (transport.ts), run in a worker thread of its own
// (queue/sender-thread.ts says why).
import { senderThread } from '../queue/sender-thread.ts';
import type { MailCall } from './transport-thread.ts';
import { describeTransport, type MailTransport, type TransportConfig } from './transport.ts';

export function createThreadedMailTransport(config: TransportConfig): MailTransport {
  // Plain values only cross to a thread.
  const { smtpUrl, mailFrom, dataDir } = config;
  const thread = senderThread<MailCall, void>(new URL('./transport-thread.ts', import.meta.url), {
    smtpUrl,
    mailFrom,
    dataDir,
  });
  return {
    description: describeTransport(config),
    send: ({ id, to, subject, text, html, reply_to, attachments }) =>
      thread.call({ op: 'send', mail: { id, to, subject, text, html, reply_to, attachments } }),
    verify: () => thread.call({ op: 'verify' }),
    close: () => thread.close(),
  };
}
