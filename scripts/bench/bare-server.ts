// The baseline server: node:http and nothing else, answering the bytes given in BENCH_BODIES per path: the same
// status, headers and body as our server sent, so the two put the same bytes on the wire.
//
// With BENCH_PER_REQUEST_WORK=1 it also does the work the contract asks of every API answer and a fixed answer
// skips, with the API's own modules: count the client against its rate-limit window (RateLimit headers), give
// the answer a request id (X-Request-Id) and write its JSON log line on stdout (contract §5). Between the two
// baselines lies the price of that work; between this one and ours, the price of everything else we do.
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import { clientIp } from '../../api/server/client-ip.ts';
import { createRequestLog } from '../../api/http/log.ts';
import { createRateLimiter } from '../../api/http/rate-limit.ts';

type Answer = { status: number; headers: Record<string, string>; body: string };

const bodies = new Map(
  Object.entries(JSON.parse(process.env.BENCH_BODIES ?? '{}') as Record<string, Answer>).map(
    ([path, { status, headers, body }]) => {
      const bytes = Buffer.from(body);
      return [path, { status, headers: { ...headers, 'Content-Length': String(bytes.length) }, body: bytes }];
    },
  ),
);
const perRequestWork = process.env.BENCH_PER_REQUEST_WORK === '1';
const log = createRequestLog();
const limiter = createRateLimiter({ policy: 'per-ip', limit: 1 });

const server = createServer((req, res) => {
  const answer = bodies.get(req.url ?? '/');
  if (!answer) {
    res.writeHead(404).end();
    return;
  }
  if (!perRequestWork) {
    res.writeHead(answer.status, answer.headers);
    res.end(answer.body);
    return;
  }
  const startedAt = performance.now();
  const requestId = randomUUID();
  const ip = clientIp(req.socket.remoteAddress, req.headers['x-forwarded-for'], true);
  const limit = limiter.take(ip);
  res.writeHead(answer.status, { ...answer.headers, ...limit.headers, 'X-Request-Id': requestId });
  res.end(answer.body);
  log.request({
    requestId,
    method: req.method!,
    route: req.url!,
    status: answer.status,
    durationMs: performance.now() - startedAt,
    clientIp: ip,
    keyId: null,
  });
});
server.listen(0, '127.0.0.1', () => {
  const { port } = server.address() as { port: number };
  process.stdout.write(`${JSON.stringify({ url: `http://127.0.0.1:${port}` })}\n`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
