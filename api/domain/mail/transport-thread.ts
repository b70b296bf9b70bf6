// The mail transport's worker thread (queue/sender-thread.ts): builds each message and sends it or writes it to
// the outbox, away from the API's event loop.
import { workerData } from 'node:worker_threads';
import { serveSends } from '../queue/sender-thread.ts';
import { createMailTransport, type OutgoingMail, type TransportConfig } from './transport.ts';

export type MailCall = { op: 'send'; mail: OutgoingMail } | { op: 'verify' };

const transport = createMailTransport(workerData as TransportConfig);

serveSends((call: MailCall) => (call.op === 'send' ? transport.send(call.mail) : transport.verify()));
