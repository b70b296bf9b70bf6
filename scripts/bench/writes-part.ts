// Writes: data requests at a paced rate with many stored, ours against a bare durable server (issue 22).
import { openStore } from '../../api/store/open-store.ts';
import { facets } from '../../api/domain/requests/views.ts';
import type { DataRequestRecord, RequestFacets, RequestMatch } from '../../api/store/records.ts';
import { makeLab } from '../../test/support/lab.ts';
import { duringMachine, type MachineWaits } from './machine.ts';
import { pacedLoad } from './paced-load.ts';
import { cpuMs, startBareDurable, startOurs, type Monitored } from './processes.ts';
import type { Row } from './report.ts';
import { scratchDir } from './scratch.ts';
import { log, UNLIMITED, load } from './load.ts';

/** What every seeded request asks for (a fresh object each: records are not shared). */
export const seedAsk = (): RequestFacets => ({
  data_types: ['call_audio'],
  languages: ['English'],
  domains: ['insurance'],
  volume: '1-10 TB',
  timeline: '3-6 months',
  exclusivity: 'open_to_both',
});

/**
 * `count` requests as the service stores them: each with its matches and first event, its demand post (one in
 * ten), and the two mails it queued, already sent (so kept without their bodies, as the mail worker leaves them).
 */
export async function seedRequests(
  dataDir: string,
  count: number,
  orgId: string,
  accountId: string,
  keyId: string,
): Promise<void> {
  const store = await openStore({ dataDir });
  const matches: RequestMatch[] = Array.from({ length: 5 }, (_, i) => ({
    listing_id: `seed-listing-${i}`,
    title: `Seed listing ${i}: call-centre recordings for the write benchmark`,
    url: `http://localhost:4321/catalog/seed-listing-${i}/`,
    matched: ['data_type', 'language', 'domain'],
    missing: ['volume'],
  }));
  const batch = 200;
  for (let done = 0; done < count; done += batch) {
    await store.transact(async (tx) => {
      for (let i = done; i < Math.min(done + batch, count); i++) {
        const at = new Date(Date.UTC(2026, 0, 1) + i * 60_000).toISOString();
        const request: DataRequestRecord = {
          id: `req_seed${String(i).padStart(8, '0')}`,
          org_id: orgId,
          account_id: accountId,
          key_id: keyId,
          status: 'received',
          created_at: at,
          reply_due_at: at,
          replied_at: null,
          ...seedAsk(),
          description: `Seeded request ${i} for the write benchmark: insurance claims calls in English, call audio with agent and customer on separate channels, redacted transcripts.`,
          publish_to_demand_board: i % 10 === 0,
          listing_id: null,
          events: [{ at, status: 'received', message: null }],
          matches,
        };
        await tx.insert('requests', request);
        if (request.publish_to_demand_board) {
          await tx.insert('demand', {
            id: `dem_seed${String(i).padStart(8, '0')}`,
            request_id: request.id,
            ...facets(request),
            posted_on: at.slice(0, 10),
            created_at: at,
            removed_at: null,
          });
        }
        for (const [to, who] of [
          ['sourcing@localhost', 'lead'],
          ['lab@bench.example', 'ack'],
        ] as const) {
          await tx.insert('mail', {
            id: `mail_seed${String(i).padStart(8, '0')}${who}`,
            event: `request:${request.id}:${who}`,
            to,
            subject: `Data request ${request.id}`,
            text: null,
            html: null,
            status: 'sent',
            attempts: 1,
            next_attempt_at: at,
            lease_until: null,
            last_error: null,
            created_at: at,
            sent_at: at,
          });
        }
      }
    });
  }
  await store.close();
}

/** The paced rate for the latency figures: the throughput the issue asks for. */
export const WRITE_RATE = 500;

export type WriteRequest = { url: string; method: 'POST'; headers: Record<string, string>; body: string };

/**
 * One server's writes: a warm-up at the measured pace (a saturated one would leave thousands of mails queued, and
 * the mail worker's catching up would be measured as the paced writes' latency), then latency at a steady
 * WRITE_RATE (see paced-load.ts) with the CPU the server spent per write, then throughput: 50 connections, each
 * sending its next request as soon as the last is answered. Latency there is Little's law (50 in flight /
 * throughput), so it is printed but not held to the latency target. Stops the server when done.
 */
export async function measureWrites(server: Monitored, requestTo: (url: string) => WriteRequest) {
  const request = requestTo(server.url);
  try {
    await server.loop(); // forget start-up
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const idle = await server.loop(); // the baseline for the loop figures: the same process, doing nothing
    await pacedLoad({ ...request, rate: WRITE_RATE, duration: 2, connections: 50 });
    await server.loop(); // reset the histogram
    const cpuBefore = await cpuMs(server.pid);
    const [paced, machine] = await duringMachine(() =>
      pacedLoad({ ...request, rate: WRITE_RATE, duration: 8, connections: 50 }),
    );
    const cpuUsPerWrite = (((await cpuMs(server.pid)) - cpuBefore) * 1000) / paced.sent;
    const pacedLoop = await server.loop();
    const saturated = await load({ ...request, connections: 50 });
    const saturatedLoop = await server.loop();
    return { idle, paced, cpuUsPerWrite, machine, pacedLoop, saturated, saturatedLoop };
  } finally {
    await server.stop();
  }
}

/**
 * What the machine did while two servers took the same paced writes (machine.ts): a p99 that misses with the event
 * loop free and the steal or the disk's wait high is the machine's, not the code's.
 */
export function machineRows(label: string, mine?: MachineWaits, base?: MachineWaits): Row[] {
  if (!mine || !base) return [];
  return [
    {
      figure: `${label}: CPU stolen by the hypervisor`,
      ours: mine.stealPercent,
      baseline: base.stealPercent,
      unit: '%',
    },
    ...(mine.diskWriteMs !== undefined && base.diskWriteMs !== undefined
      ? [
          {
            figure: `${label}: disk write wait, average`,
            ours: mine.diskWriteMs,
            baseline: base.diskWriteMs,
            unit: 'ms',
          },
        ]
      : []),
  ];
}

export async function writesPart(): Promise<Row[]> {
  const rows: Row[] = [];
  const body = JSON.stringify({
    data_types: ['call_audio'],
    languages: ['en'],
    description: 'Benchmark request: English insurance calls.',
  });
  for (const stored of [0, 10_000, 100_000]) {
    const dataDir = await scratchDir('writes');
    const lab = await makeLab(dataDir, 'Benchmark Lab'); // written to the store, before the server starts
    log(`writes: seeding ${stored} requests`);
    await seedRequests(dataDir, stored, lab.orgId, lab.accountId, lab.keyId);
    const label = stored.toLocaleString('en-US');
    const atScale = stored === 100_000;
    const headers = { Authorization: `Bearer ${lab.key}`, 'Content-Type': 'application/json' };
    const post = (url: string): WriteRequest => ({
      url: `${url}/api/v1/requests`,
      method: 'POST',
      headers,
      body,
    });

    log(`writes: ours, ${WRITE_RATE}/s paced then saturated, ${stored} stored`);
    const mine = await measureWrites(await startOurs({ ...UNLIMITED, DATA_DIR: dataDir }), post);
    // The same loads against the least a durable write can cost on this machine (bare-durable-server.ts).
    log(`writes: bare durable server, same loads`);
    const theirs = await measureWrites(await startBareDurable(await scratchDir('writes-bare')), post);

    rows.push({
      figure: `POST /requests, ${label} stored, ${WRITE_RATE}/s: p50`,
      ours: mine.paced.p50,
      baseline: theirs.paced.p50,
      unit: 'ms',
    });
    rows.push({
      figure: `POST /requests, ${label} stored, ${WRITE_RATE}/s: p99`,
      ours: mine.paced.p99,
      baseline: theirs.paced.p99,
      unit: 'ms',
      ...(atScale ? { target: '≤ 50 ms', met: mine.paced.p99 <= 50 } : {}),
    });
    rows.push({
      figure: `POST /requests, ${label} stored, ${WRITE_RATE}/s: server CPU per write`,
      ours: mine.cpuUsPerWrite,
      baseline: theirs.cpuUsPerWrite,
      unit: 'µs',
    });
    rows.push({
      figure: `POST /requests, ${label} stored, ${WRITE_RATE}/s: event-loop delay p99 (baseline: idle)`,
      ours: mine.pacedLoop.p99,
      baseline: mine.idle.p99,
      unit: 'ms',
      ...(atScale ? { target: '≤ 20 ms', met: mine.pacedLoop.p99 <= 20 } : {}),
    });
    rows.push(
      ...machineRows(`POST /requests, ${label} stored, ${WRITE_RATE}/s`, mine.machine, theirs.machine),
    );
    rows.push({
      figure: `POST /requests, ${label} stored, saturated: writes/s`,
      ours: mine.saturated.requestsPerSecond,
      baseline: theirs.saturated.requestsPerSecond,
      unit: '/s',
      ...(atScale ? { target: `≥ ${WRITE_RATE}`, met: mine.saturated.requestsPerSecond >= WRITE_RATE } : {}),
    });
    rows.push({
      figure: `POST /requests, ${label} stored, saturated: p50`,
      ours: mine.saturated.p50,
      baseline: theirs.saturated.p50,
      unit: 'ms',
    });
    rows.push({
      figure: `POST /requests, ${label} stored, saturated: p99`,
      ours: mine.saturated.p99,
      baseline: theirs.saturated.p99,
      unit: 'ms',
    });
    rows.push({
      figure: `POST /requests, ${label} stored, saturated: event-loop delay p99 (baseline: idle)`,
      ours: mine.saturatedLoop.p99,
      baseline: mine.idle.p99,
      unit: 'ms',
    });
    const failed = (r: typeof mine) =>
      r.paced.errors + r.paced.non2xx + r.saturated.errors + r.saturated.non2xx;
    rows.push({
      figure: `POST /requests, ${label} stored: errors`,
      ours: failed(mine),
      baseline: failed(theirs),
      unit: '',
      target: '0',
      met: failed(mine) === 0,
    });
    rows.push({
      figure: `server RSS after writes, ${label} stored`,
      ours: mine.saturatedLoop.rssMb,
      unit: 'MB',
    });
  }
  return rows;
}
