// The writes' baseline: the least a server can do to answer "201, on disk": node:http, the body parsed as JSON,
// appended to one file, and answered only once an fsync has covered it. Requests that arrive while an fsync is
// in flight share the next one (group commit), and the disk is waited on from libuv's pool, never on the loop.
// No key check, no validation, no segments, no rename, no mail: what is left of ours' latency above this one's
// is what our code adds; what this one's latency misses a target by is the machine's disk.
import { open } from 'node:fs/promises';
import { createServer, type ServerResponse } from 'node:http';
import { join } from 'node:path';

const dataDir = process.env.BENCH_DATA_DIR;
if (!dataDir) throw new Error('BENCH_DATA_DIR names the folder for the baseline file');
const file = await open(join(dataDir, 'bare-requests.jsonl'), 'a');

type Waiting = { res: ServerResponse; line: string; answer: string };
let next: Waiting[] = [];
let flushing = false;
let count = 0;

async function flush(): Promise<void> {
  flushing = true;
  while (next.length > 0) {
    const batch = next;
    next = [];
    await file.write(batch.map(({ line }) => line).join(''));
    await file.sync();
    for (const { res, answer } of batch) {
      res.writeHead(201, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(answer) });
      res.end(answer);
    }
  }
  flushing = false;
}

const server = createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (chunk: Buffer) => chunks.push(chunk));
  req.on('end', () => {
    let request: unknown;
    try {
      request = JSON.parse(Buffer.concat(chunks).toString('utf8'));
    } catch {
      res.writeHead(400).end();
      return;
    }
    const id = `req_${(count++).toString(36)}`;
    next.push({
      res,
      line: `${JSON.stringify({ id, status: 'received', request })}\n`,
      answer: JSON.stringify({ data: { id, status: 'received' } }),
    });
    if (!flushing) void flush();
  });
});
server.listen(0, '127.0.0.1', () => {
  const { port } = server.address() as { port: number };
  process.stdout.write(`${JSON.stringify({ url: `http://127.0.0.1:${port}` })}\n`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
