// (b) Hostile requests, generated with fast-check, against every endpoint and some that do not exist: any method,
// mangled ids and query strings, forged keys and media types, bodies of any JSON, text or bytes, and (one in
// five) raw bytes over a socket no HTTP client would send. Counted: answers of 500 or more, and answers under
// /api/v1/ that are not the JSON envelope (contract §5); there must be none of either.
import { mkdtemp, rm } from 'node:fs/promises';
import { Agent, request, type ClientRequest } from 'node:http';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { ENDPOINTS } from '../../api/handlers/endpoints.ts';
import { makeLab, startServer } from './server.ts';

export type HostileFigures = {
  sent: number;
  fiveXx: number;
  withoutEnvelope: number;
  /** Raw requests the server closed without a word (a request line it could not read): allowed, counted. */
  closedWithoutAnswer: number;
  examples: string[];
};

type Case = {
  method: string;
  path: string;
  headers: [string, string][];
  body: Buffer | undefined;
  raw: boolean;
};
type Answer = { status: number; type: string | undefined; body: string } | undefined;

const printable = fc.string({
  unit: fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c)),
  maxLength: 40,
});
const anyText = fc.string({ unit: 'binary', maxLength: 60 });

function arbitraries(key: string) {
  const id = fc.oneof(
    fc.constantFrom(
      'de-chest-ct-lung-nodules',
      'us-auto-insurance-claims-calls',
      'req_x',
      'smp_x',
      '',
      '..',
      '%2e%2e',
    ),
    printable.map(encodeURIComponent),
    fc.constantFrom('%', '%zz', '%e0%80%ae', '%00', '%ff%fe', 'a'.repeat(3000), '..%2F..%2Fetc%2Fpasswd'),
  );
  const routePath = fc
    .tuple(fc.constantFrom(...ENDPOINTS.map((route) => route.path)), id)
    .map(([path, value]) => path.replace(':id', value));
  const path = fc.oneof(
    { weight: 6, arbitrary: routePath },
    { weight: 1, arbitrary: printable.map((junk) => `/api/v1/${encodeURIComponent(junk)}`) },
    { weight: 1, arbitrary: fc.constantFrom('/', '/demand/', '/catalog.json', '/api/v1', '/api/v2/catalog') },
  );
  const query = fc.oneof(
    fc.constant(''),
    fc.dictionary(printable, printable, { maxKeys: 4 }).map((q) => `?${new URLSearchParams(q)}`),
    fc.constantFrom('?%', '?vertical=%ff', '?token=x&token=y', '?limit=-1', '?language=' + 'x'.repeat(2000)),
  );
  const header = (name: string, values: fc.Arbitrary<string>) =>
    fc.option(
      values.map((v) => [name, v] as [string, string]),
      { nil: undefined },
    );
  const headers = fc
    .tuple(
      header(
        'Authorization',
        fc.oneof(
          fc.constant(`Bearer ${key}`),
          printable.map((t) => `Bearer ${t}`),
          printable,
          fc.constant(`Bearer ${key.slice(0, -1)}x`),
        ),
      ),
      header(
        'Content-Type',
        fc.oneof(
          fc.constantFrom(
            'application/json',
            'application/json; charset=utf-8',
            'text/plain',
            'application/x-www-form-urlencoded',
            'multipart/form-data; boundary=x',
          ),
          printable,
        ),
      ),
      header('Idempotency-Key', printable),
      header('Origin', fc.constantFrom('https://evil.example', 'null')),
      header('X-Forwarded-For', printable),
    )
    .map((pairs) => pairs.filter((pair): pair is [string, string] => pair !== undefined));
  const body = fc.oneof(
    fc.constant(undefined),
    fc.jsonValue({ maxDepth: 4 }).map((v) => Buffer.from(JSON.stringify(v) ?? 'null')),
    fc
      .record(
        {
          data_types: fc.jsonValue(),
          description: fc.oneof(anyText, fc.jsonValue()),
          languages: fc.jsonValue(),
        },
        { requiredKeys: [] },
      )
      .map((v) => Buffer.from(JSON.stringify(v))),
    anyText.map((t) => Buffer.from(t)),
    fc.uint8Array({ maxLength: 200 }).map((b) => Buffer.from(b)),
    fc.constantFrom(Buffer.from('['.repeat(5000)), Buffer.from(`{"description":"${'x'.repeat(70_000)}"}`)),
  );
  return fc.record({
    method: fc.constantFrom('GET', 'GET', 'HEAD', 'POST', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'),
    path: fc.tuple(path, query).map(([p, q]) => p + q),
    headers,
    body,
    raw: fc.integer({ min: 0, max: 4 }).map((n) => n === 0), // one in five
  });
}

function send(url: URL, agent: Agent, c: Case): Promise<Answer> {
  return new Promise((resolve, reject) => {
    let req: ClientRequest;
    try {
      // node frames a body of GET, HEAD, DELETE or OPTIONS only when told its length; unframed, it would be read
      // as the start of the next request on the connection (the raw requests cover lying framing).
      const framing = c.body ? { 'Content-Length': String(c.body.length) } : {};
      req = request(
        {
          host: url.hostname,
          port: url.port,
          method: c.method,
          path: c.path,
          headers: { ...Object.fromEntries(c.headers), ...framing },
          agent,
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () =>
            resolve({
              status: res.statusCode!,
              type: res.headers['content-type'],
              body: Buffer.concat(chunks).toString(),
            }),
          );
          res.on('error', () => resolve(undefined));
        },
      );
    } catch (error) {
      return reject(
        new Error(`the generator made a request node will not send: ${(error as Error).message}`),
      );
    }
    req.setTimeout(15_000, () => req.destroy());
    req.on('error', () => resolve(undefined));
    req.end(c.body);
  });
}

/** The same request as raw bytes: header values with any byte, and a Content-Length that may lie. */
function sendRaw(url: URL, c: Case): Promise<Answer> {
  return new Promise((resolve) => {
    const socket = connect({ host: url.hostname, port: Number(url.port) });
    const chunks: Buffer[] = [];
    socket.setTimeout(15_000, () => socket.destroy());
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', () => {});
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('latin1');
      if (!text) return resolve(undefined);
      const [head = '', ...rest] = text.split('\r\n\r\n');
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1] ?? 0);
      const type = /\r\ncontent-type: ([^\r]*)/i.exec(head)?.[1];
      resolve({ status, type, body: rest.join('\r\n\r\n') });
    });
    const body = c.body ?? Buffer.alloc(0);
    const length = c.headers.length % 2 === 0 ? body.length : body.length + 7; // a lie, every other time
    const lines = c.headers.map(([name, value]) => `${name}: ${value}`).join('\r\n');
    socket.end(
      Buffer.concat([
        Buffer.from(
          `${c.method} ${c.path} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n${lines ? `${lines}\r\n` : ''}`,
          'latin1',
        ),
        Buffer.from(
          `X-Junk: ${String.fromCharCode(
            ...c.path
              .slice(0, 8)
              .split('')
              .map((ch) => ch.charCodeAt(0) ^ 0x15),
          )}\r\nContent-Length: ${length}\r\n\r\n`,
          'latin1',
        ),
        body,
      ]),
    );
  });
}

/** What must hold of an answer to `c`; a description of what did not, or undefined. */
function violation(c: Case, answer: Answer): { fiveXx: boolean; envelope: boolean } {
  if (!answer) return { fiveXx: false, envelope: false };
  const fiveXx = answer.status >= 500 || answer.status === 0;
  const api = c.path.startsWith('/api/v1/') || c.path === '/api/v1' || c.path.startsWith('/api/v1?');
  if (!api || c.method === 'HEAD' || answer.status === 204 || answer.status < 400)
    return { fiveXx, envelope: false };
  let ok = /^application\/json/.test(answer.type ?? '');
  try {
    const parsed = JSON.parse(answer.body) as { error?: { code?: unknown; message?: unknown } };
    ok &&=
      Object.keys(parsed).join() === 'error' &&
      typeof parsed.error?.code === 'string' &&
      typeof parsed.error.message === 'string';
  } catch {
    ok = false;
  }
  return { fiveXx, envelope: !ok };
}

export async function hostileRequests(count: number, seed = Date.now()): Promise<HostileFigures> {
  const dataDir = await mkdtemp(join(tmpdir(), 'dss-torture-hostile-'));
  const figures: HostileFigures = {
    sent: 0,
    fiveXx: 0,
    withoutEnvelope: 0,
    closedWithoutAnswer: 0,
    examples: [],
  };
  try {
    const lab = await makeLab(dataDir);
    const server = await startServer(dataDir);
    const url = new URL(server.url);
    const agent = new Agent({ keepAlive: true, maxSockets: 8 });
    const cases = fc.sample(arbitraries(lab.key), { numRuns: count, seed }) as Case[];
    let next = 0;
    const worker = async () => {
      while (next < cases.length) {
        const c = cases[next++]!;
        const answer = c.raw ? await sendRaw(url, c) : await send(url, agent, c);
        figures.sent += 1;
        if (!answer) figures.closedWithoutAnswer += 1;
        const { fiveXx, envelope } = violation(c, answer);
        if (fiveXx) figures.fiveXx += 1;
        if (envelope) figures.withoutEnvelope += 1;
        if ((fiveXx || envelope) && figures.examples.length < 5) {
          figures.examples.push(
            `${c.raw ? 'raw ' : ''}${c.method} ${c.path.slice(0, 120)} → ${answer?.status} ${answer?.type} ${answer?.body.slice(0, 200)}`,
          );
        }
      }
    };
    await Promise.all(Array.from({ length: 8 }, worker));
    agent.destroy();
    await server.kill();
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
  return figures;
}
