// Open-loop load at a constant rate, as wrk2 makes it: request i is due at start + i / rate and is sent then,
// whatever the server is doing, and its latency counts from when it was due. A stall therefore shows in the
// latency of every request it held up, not only the few in flight ("coordinated omission").
//
// Why not autocannon's `overallRate`: it lets each connection send its quota for the second back to back and
// then pause until the next second (httpClient.js, `reqsMadeThisSecond`), so "500/s" is a burst at full speed
// every second, and its latency correction assumes a 1 ms interval. That measures bursts, not a steady rate.
import { Agent, request } from 'node:http';

export type PacedOptions = {
  url: string;
  method?: string;
  headers?: Record<string, string>;
  body?: string;
  /** Requests per second, spread evenly. */
  rate: number;
  /** Seconds. */
  duration: number;
  /** At most this many requests in flight; the rest wait for a socket, and that wait counts as latency. */
  connections: number;
};

export type PacedResult = {
  sent: number;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  max: number;
  errors: number;
  non2xx: number;
};

export async function pacedLoad(options: PacedOptions): Promise<PacedResult> {
  const agent = new Agent({ keepAlive: true, maxSockets: options.connections });
  const total = Math.round(options.rate * options.duration);
  const latencies: number[] = [];
  let errors = 0;
  let non2xx = 0;
  const start = performance.now();
  const dueAt = (i: number) => start + (i * 1000) / options.rate;

  const send = (due: number) =>
    new Promise<void>((resolve) => {
      const req = request(
        options.url,
        { method: options.method ?? 'GET', headers: options.headers, agent },
        (res) => {
          res.resume();
          res.on('end', () => {
            latencies.push(performance.now() - due);
            if (res.statusCode! < 200 || res.statusCode! > 299) non2xx++;
            resolve();
          });
        },
      );
      req.on('error', () => {
        errors++;
        resolve();
      });
      req.end(options.body);
    });

  const inFlight: Promise<void>[] = [];
  let next = 0;
  await new Promise<void>((done) => {
    const tick = () => {
      const now = performance.now();
      while (next < total && dueAt(next) <= now) inFlight.push(send(dueAt(next++)));
      if (next < total) setTimeout(tick, Math.max(0, dueAt(next) - performance.now()));
      else done();
    };
    tick();
  });
  await Promise.all(inFlight);
  const elapsed = (performance.now() - start) / 1000;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const at = (p: number) =>
    latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))] ?? NaN;
  return {
    sent: total,
    requestsPerSecond: latencies.length / elapsed,
    p50: at(0.5),
    p99: at(0.99),
    max: latencies.at(-1) ?? NaN,
    errors,
    non2xx,
  };
}
