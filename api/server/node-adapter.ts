// node:http ↔ the API core: an IncomingMessage becomes a web Request, a reply is written to the ServerResponse.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import type { Reply } from '../http/types.ts';

const BODYLESS = new Set(['GET', 'HEAD', 'OPTIONS']);

export function toRequest(req: IncomingMessage): Request {
  const method = req.method ?? 'GET';
  // Concatenated, never resolved: `//evil/x` must stay a path on our origin.
  const url = `http://localhost${req.url?.startsWith('/') ? req.url : '/'}`;
  const headers = new Headers();
  const raw = req.rawHeaders;
  for (let i = 0; i < raw.length; i += 2) {
    if (!raw[i]!.startsWith(':')) headers.append(raw[i]!, raw[i + 1]!); // not an HTTP/2 pseudo-header
  }
  if (BODYLESS.has(method)) return new Request(url, { method, headers });
  // The body is a stream the handler may read or leave: an early 401, 413 or 429 never reads it.
  const body = Readable.toWeb(req) as ReadableStream<Uint8Array>;
  return new Request(url, { method, headers, body, duplex: 'half' } as RequestInit);
}

/** Writes a reply; resolves once a streamed body has gone (a string or bytes go at once). */
export async function writeReply(req: IncomingMessage, res: ServerResponse, reply: Reply): Promise<void> {
  const headers: Record<string, string | number> = { ...reply.headers };
  const { body } = reply;
  const fixed = typeof body === 'string' || body instanceof Uint8Array;
  if (fixed) headers['content-length'] = Buffer.byteLength(body);
  // A body the handler never read is not drained: the connection closes instead.
  if (!req.complete && !BODYLESS.has(req.method ?? 'GET')) headers.connection = 'close';
  res.writeHead(reply.status, headers);
  if (body === null || req.method === 'HEAD') {
    if (body && !fixed) await body.cancel();
    res.end();
  } else if (fixed) {
    res.end(body);
  } else {
    await new Promise<void>((resolve, reject) => {
      Readable.fromWeb(body as NodeReadableStream).pipe(res).on('finish', resolve).on('error', reject);
    });
  }
}
