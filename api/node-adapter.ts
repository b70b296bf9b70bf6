// The thin node:http ↔ fetch bridge in front of the API core. JSON bodies made by http.ts are written as strings;
// request bodies stay unread streams until a handler asks for them (after the rate limit has been decided).
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import { knownBody } from './http.ts';

const BODYLESS = new Set(['GET', 'HEAD', 'OPTIONS']);

export function toRequest(req: IncomingMessage): Request {
  const headers = new Headers();
  const raw = req.rawHeaders;
  for (let i = 0; i < raw.length; i += 2) {
    const name = raw[i]!;
    if (name.charCodeAt(0) !== 58 /* ':' HTTP/2 pseudo-header */) headers.append(name, raw[i + 1]!);
  }
  const method = req.method ?? 'GET';
  // Concatenated, never resolved: `//evil/x` must stay a path on our origin.
  const url = `http://localhost${req.url?.startsWith('/') ? req.url : '/'}`;
  if (BODYLESS.has(method)) return new Request(url, { method, headers });
  return new Request(url, {
    method,
    headers,
    body: Readable.toWeb(req) as ReadableStream<Uint8Array>,
    duplex: 'half',
  } as RequestInit);
}

export async function writeResponse(
  req: IncomingMessage,
  res: ServerResponse,
  response: Response,
): Promise<void> {
  res.statusCode = response.status;
  for (const [name, value] of response.headers) res.setHeader(name, value);
  // A body the handler never read (an early 401/413/429) is not drained: the connection closes instead.
  if (!req.complete && !BODYLESS.has(req.method ?? 'GET')) res.setHeader('Connection', 'close');
  const text = knownBody(response);
  if (text !== undefined) {
    res.setHeader('Content-Length', Buffer.byteLength(text));
    res.end(req.method === 'HEAD' ? undefined : text);
    return;
  }
  if (!response.body || req.method === 'HEAD') {
    res.end();
    return;
  }
  await new Promise<void>((resolve, reject) => {
    Readable.fromWeb(response.body as import('node:stream/web').ReadableStream)
      .pipe(res)
      .on('finish', resolve)
      .on('error', reject);
  });
}
