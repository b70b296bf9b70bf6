// What node:http refuses before our handler can (headers over 16 KB, a malformed request line, a body cut short
// of its Content-Length, a request that took too long): node would answer with an empty 4xx. Under /api/v1/ every
// answer is the JSON envelope (contract §5), so the refusal is written here, on the socket, in that shape.
// https://nodejs.org/api/http.html#event-clienterror
import type { ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { ERROR_CODES, type ErrorCode } from '../errors.ts';
import { isApiPath } from '../http/pipeline.ts';

const CURRENT_PATH = Symbol('current-path');
const CURRENT_RESPONSE = Symbol('current-response');
type Tracked = Socket & { [CURRENT_PATH]?: string; [CURRENT_RESPONSE]?: ServerResponse };

/** Remembers which request `socket` carries now, so a failure while its body arrives knows where it was going. */
export function trackRequest(socket: Socket, pathname: string, res: ServerResponse): void {
  // Two properties, not an object: this runs for every request, floods of 429s included.
  (socket as Tracked)[CURRENT_PATH] = pathname;
  (socket as Tracked)[CURRENT_RESPONSE] = res;
}

type NodeClientError = Error & { code?: string; rawPacket?: Buffer };

const REFUSALS: Record<string, { code: ErrorCode; message: string }> = {
  HPE_HEADER_OVERFLOW: {
    code: 'headers_too_large',
    message:
      'The request headers are larger than 16 KB; send a shorter Authorization header or fewer headers.',
  },
  HPE_CHUNK_EXTENSIONS_OVERFLOW: {
    code: 'payload_too_large',
    message: 'The chunk extensions of the body are too large; send the body without them.',
  },
  ERR_HTTP_REQUEST_TIMEOUT: {
    code: 'request_timeout',
    message: 'The request did not arrive in time; send it again, whole.',
  },
};
const MALFORMED = {
  code: 'bad_request',
  message:
    'The request could not be read: its request line, headers or body framing are malformed. Send it again.',
} as const;

const REASONS: Record<number, string> = {
  400: 'Bad Request',
  408: 'Request Timeout',
  413: 'Content Too Large',
  431: 'Request Header Fields Too Large',
};

// The request line of the packet node could not parse, when the packet starts with one.
const REQUEST_LINE = /^[A-Z]{3,10} (\/[^ \r\n]*)/;

function pathOf(error: NodeClientError, socket: Tracked): string | undefined {
  const current = socket[CURRENT_RESPONSE];
  if (current && !current.headersSent) return socket[CURRENT_PATH]; // it failed while its body was arriving
  const head = error.rawPacket?.subarray(0, 2048).toString('latin1') ?? '';
  // No request line: bytes that followed the connection's last request (a body sent without framing, most
  // likely), so they are answered as on that request's path.
  return REQUEST_LINE.exec(head)?.[1]?.split('?', 1)[0] ?? socket[CURRENT_PATH];
}

/**
 * node's 'clientError' listener: an API path gets the envelope, anything else node's empty answer; a request
 * whose answer has begun, or a socket already gone, is only closed.
 */
export function answerClientError(error: NodeClientError, socket: Socket): void {
  const tracked = socket as Tracked;
  const current = tracked[CURRENT_RESPONSE];
  const midAnswer = current !== undefined && current.headersSent && !current.writableEnded;
  if (error.code === 'ECONNRESET' || midAnswer) {
    socket.destroy();
    return;
  }
  if (!socket.writable) {
    lingerThenClose(socket); // already closing after an answer (Connection: close): let that answer flush
    return;
  }
  const { code, message } = REFUSALS[error.code ?? ''] ?? MALFORMED;
  const status = ERROR_CODES[code].status;
  const pathname = pathOf(error, tracked);
  if (pathname === undefined && error.code === 'ERR_HTTP_REQUEST_TIMEOUT') {
    socket.destroy(); // headers never completed: no request to answer, and no path to answer it in the right shape
    return;
  }
  const head = `HTTP/1.1 ${status} ${REASONS[status]}\r\nConnection: close\r\nCache-Control: no-store\r\n`;
  if (pathname === undefined || !isApiPath(pathname)) {
    socket.end(`${head}Content-Length: 0\r\n\r\n`);
  } else {
    const body = JSON.stringify({ error: { code, message } });
    socket.end(
      `${head}Content-Type: application/json; charset=utf-8\r\nX-Content-Type-Options: nosniff\r\n` +
        `Access-Control-Allow-Origin: *\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
    );
  }
  lingerThenClose(socket);
}

/**
 * Reads and drops what the client still sends, for a second, then closes: closing with unread bytes would send a
 * reset, and the client could lose the answer with it. A client that never stops sending must not keep the socket.
 */
function lingerThenClose(socket: Socket): void {
  socket.resume();
  setTimeout(() => socket.destroy(), 1_000).unref();
}
