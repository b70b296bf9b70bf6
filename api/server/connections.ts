// Connections that hold a socket without asking for anything: closed after a few seconds, and at most
// MAX_CONNECTIONS_PER_ADDRESS open from one client address (an IPv6 /64), so a flood of idle sockets from a few hosts cannot
// take the file descriptors and timers the server needs for everyone else.
import type { Server } from 'node:http';
import type { Socket } from 'node:net';
import { addressBucket } from '../http/address-bucket.ts';
import { normaliseIp } from './client-ip.ts';

/** A new connection that sends nothing for this long is closed (one that sends part of its headers: HEADERS_TIMEOUT_MS). */
export const FIRST_REQUEST_MS = 5_000;
// A browser opens 6 connections per host and a lab's client pool a few dozen; 256 leaves room for a NAT of many
// people while one address can no longer hold thousands of sockets.
export const MAX_CONNECTIONS_PER_ADDRESS = 256;

// Node's own limits, shorter than its defaults (60 s for headers, 300 s for a whole request): a client that
// trickles a request byte by byte is cut off as soon as a real one would have finished.
export const HEADERS_TIMEOUT_MS = 5_000;
export const REQUEST_TIMEOUT_MS = 30_000;
const KEEP_ALIVE_TIMEOUT_MS = 5_000;
// How often node checks headersTimeout and requestTimeout (its default, 30 s, would let them run 30 s late).
export const CONNECTIONS_CHECKING_INTERVAL_MS = 1_000;

const FIRST_REQUEST_TIMER = Symbol('first-request-timer');
type Guarded = Socket & { [FIRST_REQUEST_TIMER]?: NodeJS.Timeout };

/**
 * Applies the timeouts and the per-address cap to `server`. `perAddress: false` when every connection comes
 * from our own proxy (TRUST_PROXY): the proxy is one address, and the cap is its job.
 */
export function guardConnections(server: Server, options: { perAddress: boolean }): void {
  server.headersTimeout = HEADERS_TIMEOUT_MS;
  server.requestTimeout = REQUEST_TIMEOUT_MS;
  server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
  const open = new Map<string, number>();
  server.on('connection', (socket: Guarded) => {
    // Nothing at all within FIRST_REQUEST_MS: closed without an answer (there is no request to answer).
    const timer = setTimeout(() => socket.destroy(), FIRST_REQUEST_MS);
    timer.unref();
    socket[FIRST_REQUEST_TIMER] = timer;
    socket.once('close', () => clearTimeout(timer));
    if (!options.perAddress) return;
    const address = addressBucket(normaliseIp(socket.remoteAddress ?? 'unknown'));
    const count = open.get(address) ?? 0;
    if (count >= MAX_CONNECTIONS_PER_ADDRESS) {
      socket.destroy();
      return;
    }
    open.set(address, count + 1);
    socket.once('close', () => {
      const left = open.get(address)! - 1;
      if (left === 0) open.delete(address);
      else open.set(address, left);
    });
  });
}

/** A request arrived on `socket`: from now on node's keep-alive and request timeouts govern it. */
export function requestArrived(socket: Socket): void {
  const guarded = socket as Guarded;
  const timer = guarded[FIRST_REQUEST_TIMER];
  if (timer === undefined) return;
  clearTimeout(timer);
  guarded[FIRST_REQUEST_TIMER] = undefined;
}
