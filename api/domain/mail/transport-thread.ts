// The mail transport's worker thread: builds each MIME message (nodemailer) and sends it or writes it to the
// outbox, away from the API's event loop. See threaded-transport.ts for why.
import { parentPort, workerData } from 'node:worker_threads';
import { createMailTransport, type OutgoingMail, type TransportConfig } from './transport.ts';

export type Request = { op: 'send'; mail: OutgoingMail } | { op: 'verify' };
export type Job = Request & { id: number };
export type Done = { id: number; error?: { message: string; responseCode?: number } };

const transport = createMailTransport(workerData as TransportConfig);

parentPort!.on('message', (job: Job) => {
  const work = job.op === 'send' ? transport.send(job.mail) : transport.verify();
  work.then(
    () => parentPort!.postMessage({ id: job.id } satisfies Done),
    (error: Error & { responseCode?: number }) =>
      parentPort!.postMessage({
        id: job.id,
        error: { message: error.message, responseCode: error.responseCode },
      } satisfies Done),
  );
});
