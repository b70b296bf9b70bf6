// Webhook posts in a worker thread (queue/sender-thread.ts says why): the connection, the SSRF guard's lookup
// and the request, away from the API's event loop. The signature is made on the main thread, which holds the key.
import { serveSends } from '../queue/sender-thread.ts';
import { postSigned } from './post.ts';

export type PostCall = Parameters<typeof postSigned>;

serveSends((args: PostCall) => postSigned(...args));
