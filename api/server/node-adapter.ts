// node:http ↔ the API core: an IncomingMessage becomes the core's view of a request, a reply is written to the
// ServerResponse.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { pipeline, Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import type { ApiRequest, Reply } from '../http/types.ts';

const BODYLESS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * The core's view of a node request: method, URL and headers as node parsed them; the body as a web stream. A class,
 * not an object of closures made per request: those cost a 429 flood a fifth of its CPU per answer (measured).
 */
class NodeApiRequest implements ApiRequest {
  readonly method: string;
  readonly url: string;
  readonly headers: NodeHeaders;
  readonly #incoming: IncomingMessage;
  #body: ReadableStream<Uint8Array> | null | undefined;

  constructor(incoming: IncomingMessage) {
    this.#incoming = incoming;
    this.method = incoming.method ?? 'GET';
    // Concatenated, never resolved: `//evil/x` must stay a path on our origin.
    this.url = `http://localhost${incoming.url?.startsWith('/') ? incoming.url : '/'}`;
    this.headers = new NodeHeaders(incoming);
  }

  /** Made on first read: a body the handler never reads (an early 401, 413 or 429) is never touched. */
  get body(): ReadableStream<Uint8Array> | null {
    this.#body ??= BODYLESS.has(this.method)
      ? null
      : (Readable.toWeb(this.#incoming) as ReadableStream<Uint8Array>);
    return this.#body;
  }
}

/** Headers.get and has over node's parsed headers: node joins repeats with ", " as Headers.get does. */
class NodeHeaders implements Pick<Headers, 'get' | 'has'> {
  readonly #incoming: IncomingMessage;

  constructor(incoming: IncomingMessage) {
    this.#incoming = incoming;
  }

  get(name: string): string | null {
    const value = this.#incoming.headers[name.toLowerCase()];
    return value === undefined ? null : Array.isArray(value) ? value.join(', ') : value;
  }

  has(name: string): boolean {
    return this.#incoming.headers[name.toLowerCase()] !== undefined;
  }
}

export const toApiRequest = (incoming: IncomingMessage): ApiRequest => new NodeApiRequest(incoming);

/** A whole web Request over a node request, for a handler that needs one (the MCP transport reads Headers). */
export function toWebRequest(incoming: IncomingMessage): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(incoming.headers)) {
    if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : value);
  }
  const method = incoming.method ?? 'GET';
  const body = BODYLESS.has(method) ? null : (Readable.toWeb(incoming) as ReadableStream<Uint8Array>);
  // `duplex` is required with a stream body (fetch spec); TypeScript's RequestInit does not have it yet.
  const init = { method, headers, body, duplex: 'half' } as RequestInit;
  return new Request(`http://localhost${incoming.url?.startsWith('/') ? incoming.url : '/'}`, init);
}

/** A web Response as a reply, its body read whole: for answers known to be small (JSON). */
export async function replyOf(response: Response): Promise<Reply> {
  const headers: Record<string, string> = {};
  response.headers.forEach((value, name) => (headers[name] = value));
  const body = response.body ? new Uint8Array(await response.arrayBuffer()) : null;
  return { status: response.status, headers, body };
}

/** Writes a reply; a streamed body is piped, and `done` hears of a stream that breaks. */
export function writeReply(
  req: IncomingMessage,
  res: ServerResponse,
  reply: Reply,
  done: (error?: Error | null) => void = () => {},
): void {
  const { headers } = reply;
  // Bytes, not a string: node then sends the head and the body with one writev instead of joining them as a
  // string and encoding it again.
  const body = typeof reply.body === 'string' ? Buffer.from(reply.body) : reply.body;
  const fixed = body instanceof Uint8Array;
  if (fixed) headers['content-length'] = String(body.byteLength);
  // A body the handler never read is not drained: the connection closes instead.
  if (!req.complete && !BODYLESS.has(req.method ?? 'GET')) headers.connection = 'close';
  res.writeHead(reply.status, headers);
  if (body === null || fixed || req.method === 'HEAD') {
    if (body && !fixed) void body.cancel();
    res.end(fixed && req.method !== 'HEAD' ? body : undefined);
    done();
  } else {
    // A client that hangs up before the end (a cancelled download) is not our failure: nothing to report.
    pipeline(Readable.fromWeb(body as NodeReadableStream), res, (error) =>
      done(error && (error as NodeJS.ErrnoException).code !== 'ERR_STREAM_PREMATURE_CLOSE' ? error : null),
    );
  }
}
