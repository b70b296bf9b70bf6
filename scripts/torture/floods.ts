// (c) Floods of sockets that ask for nothing: idle ones (connect, then silence) and slow-header ones (a request
// line, then a byte of header now and then), reopened as the server closes them, from several loopback
// addresses, while a polite client on its own address asks for the catalogue and times each answer.
import { mkdtemp, rm } from 'node:fs/promises';
import { request } from 'node:http';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer } from './server.ts';

export type FloodOptions = { idle: number; slow: number; seconds: number };
export type FloodFigures = FloodOptions & {
  opened: number;
  politeRequests: number;
  politeFailures: number;
  politeP50Ms: number;
  politeP99Ms: number;
};

const FLOOD_ADDRESSES = 16; // 127.0.1.1 … 127.0.1.16: under the per-address cap, so the timeouts do the work
const POLITE_ADDRESS = '127.0.2.1';

function politeGet(url: URL): Promise<number | undefined> {
  const started = performance.now();
  return new Promise((resolve) => {
    const req = request(
      {
        host: url.hostname,
        port: url.port,
        path: '/api/v1/catalog',
        localAddress: POLITE_ADDRESS,
        agent: false,
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode === 200 ? performance.now() - started : undefined));
      },
    );
    req.setTimeout(10_000, () => req.destroy());
    req.on('error', () => resolve(undefined));
    req.end();
  });
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? NaN;

export async function floods(options: FloodOptions): Promise<FloodFigures> {
  const dataDir = await mkdtemp(join(tmpdir(), 'dss-torture-flood-'));
  const server = await startServer(dataDir);
  const url = new URL(server.url);
  const until = performance.now() + options.seconds * 1000;
  const sockets = new Set<Socket>();
  let opened = 0;
  // Keeps `count` sockets of one kind open until the end, opening a new one whenever the server closes one.
  const keep = (count: number, onOpen: (socket: Socket) => void) => {
    const open = (i: number) => {
      if (performance.now() >= until) return;
      const socket = connect({
        host: url.hostname,
        port: Number(url.port),
        localAddress: `127.0.1.${(i % FLOOD_ADDRESSES) + 1}`,
      });
      opened += 1;
      sockets.add(socket);
      socket.on('error', () => {});
      const openedAt = performance.now();
      socket.on('connect', () => onOpen(socket));
      socket.once('close', () => {
        sockets.delete(socket);
        // Closed by a timeout: back at once; refused at once (the cap): a moment later, not in a tight loop.
        setTimeout(() => open(i), performance.now() - openedAt > 1000 ? 10 : 1000);
      });
    };
    for (let i = 0; i < count; i++) open(i);
  };
  keep(options.idle, () => {});
  keep(options.slow, (socket) => {
    socket.write('GET /api/v1/catalog HTTP/1.1\r\nHost: localhost\r\nX-Slow: ');
    const drip = setInterval(() => (socket.writable ? socket.write('a') : clearInterval(drip)), 500);
    socket.once('close', () => clearInterval(drip));
  });
  const times: number[] = [];
  let failures = 0;
  while (performance.now() < until) {
    const ms = await politeGet(url);
    if (ms === undefined) failures += 1;
    else times.push(ms);
  }
  for (const socket of sockets) socket.destroy();
  await server.kill();
  await rm(dataDir, { recursive: true, force: true });
  times.sort((a, b) => a - b);
  return {
    ...options,
    opened,
    politeRequests: times.length + failures,
    politeFailures: failures,
    politeP50Ms: percentile(times, 0.5),
    politeP99Ms: percentile(times, 0.99),
  };
}
