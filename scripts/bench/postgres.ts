// `npm run bench -- postgres`: the server on PostgreSQL (contract §11) beside the JSON store, in the same run:
// writes at 0, 100,000 and 1,000,000 stored requests, the server's memory and start-up at each, and one against
// two instances on one database. Seeding is one INSERT … SELECT over generate_series inside PostgreSQL (no API
// calls and no COPY client to install: the rows never leave the server).
import pg from 'pg';
import { makeLab } from '../../test/support/lab.ts';
import { freshDatabase, startPostgres } from '../../test/support/postgres.ts';
import { log, UNLIMITED } from './load.ts';
import { measureWrites, WRITE_RATE, type WriteRequest } from './writes-part.ts';
import { startOurs } from './processes.ts';
import type { Row } from './report.ts';
import { scratchDir } from './scratch.ts';

const LINK_SECRET = 'benchmark-link-secret-0123456789abcdefghij';
const BODY = JSON.stringify({
  data_types: ['call_audio'],
  description: 'Benchmark request: English insurance calls.',
});

async function seed(
  databaseUrl: string,
  count: number,
  lab: { orgId: string; accountId: string; keyId: string },
) {
  if (count === 0) return;
  const client = new pg.Client(databaseUrl);
  await client.connect();
  await client.query(
    `INSERT INTO data_requests (id, doc)
     SELECT 'req_seed' || lpad(n::text, 8, '0'), jsonb_build_object(
       'id', 'req_seed' || lpad(n::text, 8, '0'), 'org_id', $1::text, 'account_id', $2::text, 'key_id', $3::text,
       'status', 'received', 'created_at', to_char(timestamp '2026-01-01' + n * interval '1 second', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
       'reply_due_at', '2026-01-02T00:00:00.000Z', 'replied_at', null, 'data_types', jsonb_build_array('call_audio'),
       'languages', jsonb_build_array('English'), 'domains', jsonb_build_array('insurance'), 'volume', '1-10 TB',
       'timeline', '3-6 months', 'exclusivity', 'open_to_both', 'publish_to_demand_board', false,
       'description', 'Seeded request ' || n || ' for the write benchmark.')
     FROM generate_series(1, $4::int) AS n`,
    [lab.orgId, lab.accountId, lab.keyId, count],
  );
  await client.query('VACUUM ANALYZE data_requests');
  // The load's dirty pages written now, not by the checkpointer in the middle of the measured writes.
  await client.query('CHECKPOINT');
  await client.end();
}

export async function postgresPart(): Promise<Row[]> {
  const postgres = await startPostgres();
  const rows: Row[] = [];
  try {
    let rssAtZero = 0;
    for (const stored of [0, 100_000, 1_000_000]) {
      const dataDir = await scratchDir('postgres');
      const databaseUrl = await freshDatabase(postgres.url);
      const env = { ...UNLIMITED, DATA_DIR: dataDir, DATABASE_URL: databaseUrl, LINK_SECRET };
      const lab = await makeLab(env, 'Benchmark Lab');
      log(`postgres: seeding ${stored} requests`);
      await seed(databaseUrl, stored, lab);
      const label = stored.toLocaleString('en-US');
      const post = (url: string): WriteRequest => ({
        url: `${url}/api/v1/requests`,
        method: 'POST',
        headers: { Authorization: `Bearer ${lab.key}`, 'Content-Type': 'application/json' },
        body: BODY,
      });
      const started = performance.now();
      const server = await startOurs(env);
      const startupSeconds = (performance.now() - started) / 1000;
      log(`postgres: ${WRITE_RATE}/s paced then saturated, ${stored} stored`);
      const writes = await measureWrites(server, post);
      const atScale = stored === 1_000_000;
      if (stored === 0) rssAtZero = writes.saturatedLoop.rssMb;
      rows.push(
        {
          figure: `PostgreSQL, ${label} stored, ${WRITE_RATE}/s: p99`,
          ours: writes.paced.p99,
          unit: 'ms',
          ...(atScale ? { target: '≤ 50 ms', met: writes.paced.p99 <= 50 } : {}),
        },
        {
          figure: `PostgreSQL, ${label} stored: saturated writes/s`,
          ours: writes.saturated.requestsPerSecond,
          unit: '/s',
          ...(atScale
            ? { target: `≥ ${WRITE_RATE}`, met: writes.saturated.requestsPerSecond >= WRITE_RATE }
            : {}),
        },
        {
          figure: `PostgreSQL, ${label} stored: server CPU per write`,
          ours: writes.cpuUsPerWrite,
          unit: 'µs',
        },
        {
          figure: `PostgreSQL, ${label} stored: server RSS after writes`,
          ours: writes.saturatedLoop.rssMb,
          baseline: rssAtZero,
          unit: 'MB',
          target: '≤ 1.2× at 0 stored',
          met: writes.saturatedLoop.rssMb <= 1.2 * rssAtZero,
        },
        {
          figure: `PostgreSQL, ${label} stored: start-up to listening`,
          ours: startupSeconds,
          unit: 's',
          target: '≤ 2 s',
          met: startupSeconds <= 2,
        },
      );
    }
    log('postgres: one instance, then two on one database, saturated');
    const dataDir = await scratchDir('postgres');
    const databaseUrl = await freshDatabase(postgres.url);
    const env = { ...UNLIMITED, DATA_DIR: dataDir, DATABASE_URL: databaseUrl, LINK_SECRET };
    const lab = await makeLab(env, 'Benchmark Lab');
    const request = (url: string): WriteRequest => ({
      url: `${url}/api/v1/requests`,
      method: 'POST',
      headers: { Authorization: `Bearer ${lab.key}`, 'Content-Type': 'application/json' },
      body: BODY,
    });
    const one = await measureWrites(await startOurs(env), request);
    const [a, b] = await Promise.all([startOurs(env), startOurs(env)]);
    const both = await Promise.all([measureWrites(a, request), measureWrites(b, request)]);
    const together = both.reduce((sum, w) => sum + w.saturated.requestsPerSecond, 0);
    rows.push(
      {
        figure: 'PostgreSQL, one instance: saturated writes/s',
        ours: one.saturated.requestsPerSecond,
        unit: '/s',
      },
      {
        figure: 'PostgreSQL, two instances on one database: saturated writes/s, together',
        ours: together,
        baseline: one.saturated.requestsPerSecond,
        unit: '/s',
      },
    );
  } finally {
    await postgres.stop();
  }
  return rows;
}
