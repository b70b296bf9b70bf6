// The thin node:http ↔ fetch bridge in front of the API core, lazy both ways (as @hono/node-server is):
// - a request is a `Request` whose method, url and headers come straight from node's IncomingMessage; a web
//   Headers object or body stream is made only if a handler asks for it (body streams stay unread until then,
//   after the rate limit has been decided);
// - a response made by http.ts is written from its plain header record and body string.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import { lightParts } from '../http/responses.ts';

const BODYLESS = new Set(['GET', 'HEAD', 'OPTIONS']);

class NodeRequest {
  readonly method: string;
  readonly url: string;
  readonly incoming: IncomingMessage;
  #headers: Headers | undefined;
  #real: Request | undefined;

  constructor(incoming: IncomingMessage) {
    this.incoming = incoming;
    this.method = incoming.method ?? 'GET';
    // Concatenated, never resolved: `//evil/x` must stay a path on our origin.
    this.url = `http://localhost${incoming.url?.startsWith('/') ? incoming.url : '/'}`;
  }

  get headers(): Headers {
    if (!this.#headers) {
      const headers = new Headers();
      const raw = this.incoming.rawHeaders;
      for (let i = 0; i < raw.length; i += 2) {
        if (raw[i]!.charCodeAt(0) !== 58 /* ':' HTTP/2 pseudo-header */) headers.append(raw[i]!, raw[i + 1]!);
      }
      this.#headers = headers;
    }
    return this.#headers;
  }

  private real(): Request {
    this.#real ??= BODYLESS.has(this.method)
      ? new Request(this.url, { method: this.method, headers: this.headers })
      : new Request(this.url, {
          method: this.method,
          headers: this.headers,
          body: Readable.toWeb(this.incoming) as ReadableStream<Uint8Array>,
          duplex: 'half',
        } as RequestInit);
    return this.#real;
  }

  get body() {
    return this.real().body;
  }
  get bodyUsed() {
    return this.#real?.bodyUsed ?? false;
  }
  get signal() {
    return this.real().signal;
  }
  text() {
    return this.real().text();
  }
  json() {
    return this.real().json();
  }
  arrayBuffer() {
    return this.real().arrayBuffer();
  }
  blob() {
    return this.real().blob();
  }
  formData() {
    return this.real().formData();
  }
  clone() {
    return this.real().clone();
  }
}
Object.setPrototypeOf(NodeRequest.prototype, Request.prototype);

export function toRequest(req: IncomingMessage): Request {
  return new NodeRequest(req) as unknown as Request;
}

/**
 * One header (`name` in lower case) of any Request; through this adapter, read from node's raw header list, since
 * `IncomingMessage.headers` builds an object of every header on first use. Repeats are joined with ", " as in
 * the Fetch standard's Headers.get.
 */
export function headerOf(request: Request, name: string): string | null {
  if (request instanceof NodeRequest) return rawHeader(request.incoming.rawHeaders, name);
  return request.headers.get(name);
}

/**
 * The body of any Request, chunk by chunk (none for a bodyless one); through this adapter, straight from node's
 * stream: a web stream over it (Readable.toWeb, then undici's Request) cost a tenth of a keyed write's CPU time.
 */
export function bodyChunks(request: Request): AsyncIterable<Uint8Array> | null {
  if (request instanceof NodeRequest && !request.bodyUsed)
    return BODYLESS.has(request.method) ? null : request.incoming;
  return request.body;
}

export function rawHeader(raw: readonly string[], name: string): string | null {
  let value: string | null = null;
  for (let i = 0; i < raw.length; i += 2) {
    const field = raw[i]!;
    if (field.length === name.length && field.toLowerCase() === name) {
      value = value === null ? raw[i + 1]! : `${value}, ${raw[i + 1]!}`;
    }
  }
  return value;
}

/**
 * Writes a Response to node's ServerResponse. A response made by http.ts is written at once from its plain parts
 * and nothing is returned; only a streamed body returns a Promise (an async function here cost every refusal of
 * a flood a promise and a turn of the microtask queue).
 */
export function writeResponse(
  req: IncomingMessage,
  res: ServerResponse,
  response: Response,
): Promise<void> | undefined {
  // A body the handler never read (an early 401/413/429) is not drained: the connection closes instead.
  const unread = !req.complete && !BODYLESS.has(req.method ?? 'GET');
  const light = lightParts(response);
  if (light) {
    const headers: Record<string, string | number> = light.record;
    const body = light.payload;
    if (body !== null) headers['content-length'] = Buffer.byteLength(body);
    if (unread) headers.connection = 'close';
    res.writeHead(response.status, headers);
    res.end(req.method === 'HEAD' || body === null ? undefined : body);
    return;
  }
  res.statusCode = response.status;
  for (const [name, value] of response.headers) res.setHeader(name, value);
  if (unread) res.setHeader('Connection', 'close');
  if (!response.body || req.method === 'HEAD') {
    res.end();
    return;
  }
  return new Promise<void>((resolve, reject) => {
    Readable.fromWeb(response.body as import('node:stream/web').ReadableStream)
      .pipe(res)
      .on('finish', resolve)
      .on('error', reject);
  });
}
