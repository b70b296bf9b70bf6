// The request lifecycle's bench part (issue "The request lifecycle"): a data request written with free bands and
// matched against 10,000 listings, with 100,000 requests stored, paced at WRITE_RATE. The baseline, measured in
// the same run: the same write on the same store with the 20-listing seed catalogue, so the difference is what
// matching against a large catalogue costs. Also the match alone, in this process, per request.
import { cp } from 'node:fs/promises';
import { join } from 'node:path';
import { createCatalog } from '../../api/domain/listings/catalog.ts';
import { loadListings } from '../../api/domain/listings/listing-files.ts';
import { createMatcher, EVERY_LISTING } from '../../api/domain/requests/matching.ts';
import { parseBand } from '../../api/domain/requests/bands.ts';
import { makeLab } from '../../test/support/lab.ts';
import { generateListings } from './generate-listings.ts';
import { log, UNLIMITED } from './load.ts';
import { machineRows, measureWrites, seedRequests, WRITE_RATE, type WriteRequest } from './writes-part.ts';
import { startOurs } from './processes.ts';
import type { Row } from './report.ts';
import { scratchDir } from './scratch.ts';

const STORED = 100_000;
const LISTINGS = 10_000;

const BODY = {
  data_types: ['call_audio', 'meeting_audio'],
  languages: ['English', 'Spanish'],
  domains: ['Insurance', 'public sector'],
  volume: '500 - 2,000 hours',
  timeline: '2 to 4 weeks',
  description:
    'Benchmark request: insurance and public sector calls recorded in the United States or Mexico.',
};

export async function matchingPart(): Promise<Row[]> {
  const content = await scratchDir('matching-content', { inProject: true });
  log(`matching: generating ${LISTINGS} listings`);
  await generateListings(LISTINGS, content);

  const seeded = await scratchDir('matching');
  const lab = await makeLab(seeded, 'Matching Benchmark Lab');
  log(`matching: seeding ${STORED} requests`);
  await seedRequests(seeded, STORED, lab.orgId, lab.accountId, lab.keyId);
  const copy = await scratchDir('matching-baseline');
  await cp(seeded, copy, { recursive: true });

  const headers = { Authorization: `Bearer ${lab.key}`, 'Content-Type': 'application/json' };
  const post = (url: string): WriteRequest => ({
    url: `${url}/api/v1/requests`,
    method: 'POST',
    headers,
    body: JSON.stringify(BODY),
  });
  log(`matching: ${LISTINGS} listings, ${STORED} stored, ${WRITE_RATE}/s`);
  const mine = await measureWrites(
    await startOurs({ ...UNLIMITED, DATA_DIR: seeded, CONTENT_DIR: content }),
    post,
  );
  log(`matching: the seed catalogue (20 listings), ${STORED} stored, same loads`);
  const base = await measureWrites(await startOurs({ ...UNLIMITED, DATA_DIR: copy }), post);

  // The match alone: what each write adds, without the server around it. Timed after the servers, so that the
  // load generator (this process) does not carry 10,000 listings in its heap while it measures them.
  const listings = await loadListings(join(content, 'listings'));
  const catalog = createCatalog(listings);
  const matcher = createMatcher(catalog.filter(EVERY_LISTING).data, new URL('http://x'));
  const volume = parseBand('volume', BODY.volume);
  const ask = {
    ...BODY,
    domains: ['insurance', 'public_sector'],
    volume_range: volume.ok ? volume.band.range : null,
  };
  for (let i = 0; i < 200; i++) matcher.match(ask); // warm up
  // CPU time, not wall time: on a shared machine the wall clock counts other processes' turns too.
  const rounds = 2000;
  const started = process.cpuUsage();
  for (let i = 0; i < rounds; i++) matcher.match(ask);
  const spent = process.cpuUsage(started);
  const matchUs = (spent.user + spent.system) / rounds;

  const label = `POST /requests with matching, ${STORED.toLocaleString('en-US')} stored, ${LISTINGS.toLocaleString('en-US')} listings (baseline: 20)`;
  const failed = (r: typeof mine) =>
    r.paced.errors + r.paced.non2xx + r.saturated.errors + r.saturated.non2xx;
  return [
    {
      figure: `match one request against ${LISTINGS.toLocaleString('en-US')} listings (CPU)`,
      ours: matchUs,
      unit: 'µs',
    },
    { figure: `${label}, ${WRITE_RATE}/s: p50`, ours: mine.paced.p50, baseline: base.paced.p50, unit: 'ms' },
    {
      figure: `${label}, ${WRITE_RATE}/s: p99`,
      ours: mine.paced.p99,
      baseline: base.paced.p99,
      unit: 'ms',
      target: '≤ 50 ms',
      met: mine.paced.p99 <= 50,
    },
    // Whether a slow write waited on the event loop (work in the server's main thread) or elsewhere.
    {
      figure: `${label}, ${WRITE_RATE}/s: event-loop delay p99`,
      ours: mine.pacedLoop.p99,
      baseline: base.pacedLoop.p99,
      unit: 'ms',
    },
    {
      figure: `${label}, ${WRITE_RATE}/s: event-loop delay max`,
      ours: mine.pacedLoop.max,
      baseline: base.pacedLoop.max,
      unit: 'ms',
    },
    ...machineRows(`${label}, ${WRITE_RATE}/s`, mine.machine, base.machine),
    {
      figure: `${label}, ${WRITE_RATE}/s: server CPU per write`,
      ours: mine.cpuUsPerWrite,
      baseline: base.cpuUsPerWrite,
      unit: 'µs',
    },
    {
      figure: `${label}, saturated: writes/s`,
      ours: mine.saturated.requestsPerSecond,
      baseline: base.saturated.requestsPerSecond,
      unit: '/s',
    },
    {
      figure: `${label}: errors`,
      ours: failed(mine),
      baseline: failed(base),
      unit: '',
      target: '0',
      met: failed(mine) === 0,
    },
  ];
}
