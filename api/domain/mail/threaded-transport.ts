// The server's mail transport: the same transport (transport.ts), run in a worker thread. Building a MIME message
// is CPU work (about a hundred microseconds with nodemailer), and at 500 requests a second (1,000 mails) it
// held the API's event loop long enough to take writes' p99 from 10 to about 50 ms (measured with the mail
// worker's sends skipped, then kept). In a thread of its own it uses the second core instead.
import { Worker } from 'node:worker_threads';
import type { Done, Request } from './transport-thread.ts';
import { describeTransport, type MailTransport, type TransportConfig } from './transport.ts';

type Pending = { resolve(): void; reject(error: Error): void };

export function createThreadedMailTransport(config: TransportConfig): MailTransport {
  const plain: TransportConfig = {
    smtpUrl: config.smtpUrl,
    mailFrom: config.mailFrom,
    dataDir: config.dataDir,
  };
  const pending = new Map<number, Pending>();
  let worker: Worker | undefined;
  let nextId = 0;

  /** The thread, started on first use and again after a crash; it keeps the process alive only while it works. */
  function thread(): Worker {
    if (worker) return worker;
    const started = new Worker(new URL('./transport-thread.ts', import.meta.url), { workerData: plain });
    started.unref();
    started.on('message', ({ id, error }: Done) => {
      const job = pending.get(id);
      if (!job) return;
      pending.delete(id);
      if (pending.size === 0) started.unref();
      // The mail server's reply code travels with the message: delivery.ts tells a 5xx (permanent) by it.
      if (error) job.reject(Object.assign(new Error(error.message), { responseCode: error.responseCode }));
      else job.resolve();
    });
    // A thread that dies fails what it held (the queue retries those mails); the next send starts a new one.
    const fail = (error: Error) => {
      if (worker === started) worker = undefined;
      for (const job of pending.values()) job.reject(error);
      pending.clear();
    };
    started.on('error', fail);
    started.on('exit', (code) => fail(new Error(`the mail thread stopped (exit code ${code})`)));
    worker = started;
    return started;
  }

  function run(request: Request): Promise<void> {
    return new Promise((resolve, reject) => {
      const id = nextId++;
      const target = thread();
      if (pending.size === 0) target.ref();
      pending.set(id, { resolve, reject });
      target.postMessage({ ...request, id });
    });
  }

  return {
    description: describeTransport(config),
    send: ({ id, to, subject, text, html }) => run({ op: 'send', mail: { id, to, subject, text, html } }),
    verify: () => run({ op: 'verify' }),
    close() {
      void worker?.terminate();
      worker = undefined;
    },
  };
}
