// The baseline server: node:http and nothing else, answering the bytes given in BENCH_BODIES per path: the same
// status, headers and body as our server sent, so the two put the same bytes on the wire.
import { createServer } from 'node:http';

const bodies = new Map(
  Object.entries(
    JSON.parse(process.env.BENCH_BODIES ?? '{}') as Record<
      string,
      { status: number; headers: Record<string, string>; body: string }
    >,
  ).map(([path, { status, headers, body }]) => {
    const bytes = Buffer.from(body);
    return [path, { status, headers: { ...headers, 'Content-Length': String(bytes.length) }, body: bytes }];
  }),
);
const server = createServer((req, res) => {
  const answer = bodies.get(req.url ?? '/');
  if (!answer) {
    res.writeHead(404).end();
    return;
  }
  res.writeHead(answer.status, answer.headers);
  res.end(answer.body);
});
server.listen(0, '127.0.0.1', () => {
  const { port } = server.address() as { port: number };
  process.stdout.write(`${JSON.stringify({ url: `http://127.0.0.1:${port}` })}\n`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
