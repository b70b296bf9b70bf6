// A webhook receiver in a process of its own, as another machine would be (`node receiver-child.ts`): answers 204
// to every POST and counts them; GET /count says how many. Prints its URL once listening. In the measuring
// process its work showed in the paced writes' latency: their p99 during a fan-out was half the receiver's.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

let received = 0;
const server = createServer((request, response) => {
  if (request.method === 'GET') return void response.end(String(received));
  request.resume();
  request.on('end', () => {
    received++;
    response.writeHead(204).end();
  });
});
server.listen(0, '127.0.0.1', () => {
  process.stdout.write(`http://127.0.0.1:${(server.address() as AddressInfo).port}\n`);
});
