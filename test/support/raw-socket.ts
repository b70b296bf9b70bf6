// Bytes over a plain TCP socket, for requests no HTTP client will send (a 20 KB header, a body shorter than its
// Content-Length, a connection that sends nothing), and the server's answer as it came, read until it closes.
import { connect, type Socket } from 'node:net';

export type RawAnswer = { status: number; headers: Record<string, string>; body: string; raw: string };

export function openSocket(url: string, from?: string): Promise<Socket> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = connect({ host: hostname, port: Number(port), localAddress: from }, () => resolve(socket));
    socket.once('error', reject);
  });
}

/** Reads what the server sends until it closes the connection (or `timeoutMs` passes). */
export function readAnswer(socket: Socket, timeoutMs = 10_000): Promise<RawAnswer> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    const timer = setTimeout(() => socket.destroy(), timeoutMs);
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', () => {}); // a reset after the answer is still an answer
    socket.once('close', () => {
      clearTimeout(timer);
      const raw = Buffer.concat(chunks).toString('latin1');
      const [head = '', ...rest] = raw.split('\r\n\r\n');
      const [statusLine = '', ...lines] = head.split('\r\n');
      const headers: Record<string, string> = {};
      for (const line of lines) {
        const colon = line.indexOf(':');
        if (colon > 0) headers[line.slice(0, colon).toLowerCase()] = line.slice(colon + 1).trim();
      }
      resolve({ status: Number(statusLine.split(' ')[1] ?? 0), headers, body: rest.join('\r\n\r\n'), raw });
    });
  });
}

/** Sends `bytes` (then half-closes, if asked) and reads the answer. */
export async function rawExchange(
  url: string,
  bytes: string | Buffer,
  options: { from?: string; halfClose?: boolean } = {},
): Promise<RawAnswer> {
  const socket = await openSocket(url, options.from);
  const answer = readAnswer(socket);
  socket.write(bytes);
  if (options.halfClose) socket.end();
  return answer;
}
