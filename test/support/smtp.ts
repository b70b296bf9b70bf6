// A real SMTP server on loopback (smtp-server), parsing what it receives with mailparser.
// Its bundled certificate has expired, so STARTTLS is switched off and mail travels in the clear on loopback.
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { freePort } from './ports.ts';

export type Received = { envelopeTo: string[]; mail: ParsedMail };

/**
 * `rejectWith`: an SMTP reply code for every message, or only for those with a recipient `rejectTo` picks.
 * `acceptAfterMs`: each message is answered that long after it has arrived (a slow, but working, mail server).
 */
export async function startSmtp(
  port?: number,
  options: { rejectWith?: number; rejectTo?: (address: string) => boolean; acceptAfterMs?: number } = {},
) {
  const received: Received[] = [];
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream).then(
        (mail) => {
          const to = session.envelope.rcptTo.map((r) => r.address);
          if (options.rejectWith && (!options.rejectTo || to.some(options.rejectTo))) {
            const error = Object.assign(new Error('mailbox unavailable'), {
              responseCode: options.rejectWith,
            });
            return callback(error);
          }
          setTimeout(() => {
            received.push({ envelopeTo: to, mail });
            callback();
          }, options.acceptAfterMs ?? 0);
        },
        (error: Error) => callback(error),
      );
    },
  });
  // A client that vanishes mid-session (an instance killed -9 by a test) resets its connection: the client's
  // story, not this server's failure. Kept for a test that wants to look; never an uncaught exception.
  const connectionErrors: Error[] = [];
  server.on('error', (error: Error) => connectionErrors.push(error));
  const listenPort = port ?? (await freePort());
  await new Promise<void>((resolve) => server.listen(listenPort, '127.0.0.1', resolve));
  return {
    port: listenPort,
    url: `smtp://127.0.0.1:${listenPort}`,
    received,
    connectionErrors,
    /** Waits until `count` messages have arrived (or fails after `ms`). */
    async waitFor(count: number, ms = 20_000): Promise<Received[]> {
      const until = Date.now() + ms;
      while (received.length < count) {
        if (Date.now() > until) throw new Error(`expected ${count} messages, got ${received.length}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      return received;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
