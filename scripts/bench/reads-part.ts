// Reads: the catalogue and a listing from our server against a bare node:http server answering the same bytes.
import { get } from 'node:http';
import { rssMb, startBare, startOurs } from './processes.ts';
import type { Row } from './report.ts';
import { scratchDir } from './scratch.ts';
import { UNLIMITED, inTurns, unexpectedAnswers } from './load.ts';

export type Snapshot = { status: number; headers: Record<string, string>; body: string };

/**
 * The bytes our server answers, status, headers and body, for the bare server to answer too. Asked with node:http
 * and no headers but the ones given, as autocannon asks (fetch would add Accept-Encoding).
 */
export function snapshot(
  base: string,
  path: string,
  headers: Record<string, string> = {},
): Promise<Snapshot> {
  // Node's own framing headers are the bare server's to add; everything else is sent as ours sent it.
  const framing = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding', 'content-length']);
  return new Promise((resolve, reject) => {
    get(base + path, { headers }, (response) => {
      const kept: Record<string, string> = {};
      for (const [name, value] of Object.entries(response.headers))
        if (!framing.has(name) && value !== undefined) kept[name] = String(value);
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode!, headers: kept, body }));
    }).once('error', reject);
  });
}

export async function readsPart(): Promise<Row[]> {
  const paths = [
    '/api/v1/catalog',
    '/api/v1/catalog?language=en',
    '/api/v1/catalog/us-auto-insurance-claims-calls',
    '/catalog.json',
  ];
  const dataDir = await scratchDir('reads');
  const ours = await startOurs({ ...UNLIMITED, DATA_DIR: dataDir });
  const bodies: Record<string, Snapshot> = {};
  for (const path of paths) bodies[path] = await snapshot(ours.url, path);
  const bare = await startBare(bodies);
  // As for 429s: the API's answers also carry a rate-limit count, a request id and a log line; a static file not.
  const bareWithWork = await startBare(bodies, { perRequestWork: true });
  const rows: Row[] = [];
  try {
    for (const path of paths) {
      const isFile = path === '/catalog.json';
      const servers = isFile ? [bare, ours] : [bare, bareWithWork, ours];
      const label = isFile ? `reads: ${path}` : `reads: ${path} on bare; bare with per-request work; ours`;
      const { median, rounds } = await inTurns(servers, { path }, label);
      const theirs = median[0]!;
      const mine = median.at(-1)!;
      rows.push({
        figure: `GET ${path} req/s`,
        ours: mine.requestsPerSecond,
        baseline: theirs.requestsPerSecond,
        unit: 'req/s',
        target: isFile ? 'as fast as a file can be' : '≥ 0.8× bare',
        ...(isFile ? {} : { met: mine.requestsPerSecond >= 0.8 * theirs.requestsPerSecond }),
      });
      if (!isFile)
        rows.push({
          figure: `GET ${path} req/s vs bare + per-request work`,
          ours: mine.requestsPerSecond,
          baseline: median[1]!.requestsPerSecond,
          unit: 'req/s',
        });
      rows.push({
        figure: `GET ${path} p99`,
        ours: mine.p99,
        baseline: theirs.p99,
        unit: 'ms',
        target: '≤ 25 ms',
        met: mine.p99 <= 25,
      });
      const errors = unexpectedAnswers(
        rounds.map((round) => round.at(-1)!),
        200,
      );
      rows.push({
        figure: `GET ${path} errors (all rounds)`,
        ours: errors,
        baseline: unexpectedAnswers(
          rounds.map((round) => round[0]!),
          200,
        ),
        unit: '',
        target: '0',
        met: errors === 0,
      });
    }
    rows.push({ figure: 'server RSS after reads', ours: await rssMb(ours.pid), unit: 'MB' });
  } finally {
    await Promise.all([ours.stop(), bare.stop(), bareWithWork.stop()]);
  }
  return rows;
}
