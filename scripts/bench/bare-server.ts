// The baseline server: node:http and nothing else, answering the bytes given in BENCH_BODIES per path.
import { createServer } from 'node:http';

const bodies = new Map(
  Object.entries(
    JSON.parse(process.env.BENCH_BODIES ?? '{}') as Record<
      string,
      { status: number; body: string; type?: string }
    >,
  ).map(([path, { status, body, type }]) => [
    path,
    { status, body: Buffer.from(body), type: type ?? 'application/json; charset=utf-8' },
  ]),
);
const server = createServer((req, res) => {
  const answer = bodies.get(req.url ?? '/');
  if (!answer) {
    res.writeHead(404).end();
    return;
  }
  res.writeHead(answer.status, { 'Content-Type': answer.type, 'Content-Length': answer.body.length });
  res.end(answer.body);
});
server.listen(0, '127.0.0.1', () => {
  const { port } = server.address() as { port: number };
  process.stdout.write(`${JSON.stringify({ url: `http://127.0.0.1:${port}` })}\n`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
