// 429s: a flood over the rate limit, ours against a bare server that refuses as cheaply as it can.
import { pacedLoad } from './paced-load.ts';
import { startBare, startOurs } from './processes.ts';
import type { Row } from './report.ts';
import { scratchDir } from './scratch.ts';
import { log, floodFromChild, inTurns, unexpectedAnswers, ROUNDS, type LoadWithCpu } from './load.ts';
import { snapshot } from './reads-part.ts';

/** The public limit during the 429 flood: low, so that one client is over it at once. */
const FLOOD_LIMIT_PER_MINUTE = 600;

export async function rejectionsPart(): Promise<Row[]> {
  const dataDir = await scratchDir('429');
  // Behind a (simulated) proxy, so one machine can be two clients: the flooder and a well-behaved lab.
  const ours = await startOurs({
    RATE_LIMIT_PUBLIC_PER_MINUTE: String(FLOOD_LIMIT_PER_MINUTE),
    TRUST_PROXY: 'true',
    DATA_DIR: dataDir,
  });
  const path = '/api/v1/catalog';
  const flood = { 'X-Forwarded-For': '198.51.100.1' };
  const polite = (n: number) => ({ 'X-Forwarded-For': `203.0.113.${n}` });
  const rows: Row[] = [];
  try {
    for (let i = 0; i < 700; i++) await fetch(ours.url + path, { headers: flood }); // exhaust the flooder's window
    const refused = await snapshot(ours.url, path, flood);
    const bare = await startBare({ [path]: refused });
    // A second baseline does what the contract asks of every answer besides the bytes: count, number and log it.
    const bareWithWork = await startBare({ [path]: refused }, { perRequestWork: true });
    const { median, rounds } = await inTurns(
      [bare, bareWithWork, ours],
      { path, headers: flood },
      'rejections: 429 flood on bare; bare with per-request work; ours',
    );
    await Promise.all([bare.stop(), bareWithWork.stop()]);
    const [theirs, theirsWithWork, mine] = median as [LoadWithCpu, LoadWithCpu, LoadWithCpu];
    // The flooder's one-minute window may end during a round (at most once in its 7 s): then up to the limit of
    // its requests are answered, as the limit allows, before it is refused again.
    const unexpected = rounds.reduce((sum, round) => {
      const flood = round[2]!;
      const answered = flood.statuses['200'] ?? 0;
      return sum + unexpectedAnswers([flood], 429) - Math.min(answered, FLOOD_LIMIT_PER_MINUTE);
    }, 0);
    rows.push({
      figure: `429s per second (median of ${ROUNDS} rounds)`,
      ours: mine.requestsPerSecond,
      baseline: theirs.requestsPerSecond,
      unit: 'req/s',
      target: '≥ 0.75× bare',
      met: mine.requestsPerSecond >= 0.75 * theirs.requestsPerSecond,
    });
    rows.push({
      figure: '429s per second vs bare + per-request work',
      ours: mine.requestsPerSecond,
      baseline: theirsWithWork.requestsPerSecond,
      unit: 'req/s',
    });
    rows.push({
      figure: 'server CPU per 429',
      ours: mine.cpuUsPerRequest,
      baseline: theirs.cpuUsPerRequest,
      unit: 'µs',
    });
    rows.push({
      figure: 'server CPU per 429 vs bare + per-request work',
      ours: mine.cpuUsPerRequest,
      baseline: theirsWithWork.cpuUsPerRequest,
      unit: 'µs',
    });
    rows.push({
      figure: '429 flood: errors and answers not 429',
      ours: unexpected,
      unit: '',
      target: '0',
      met: unexpected === 0,
    });
    log('rejections: a polite client alone, then during a flood');
    // A lab polling 50 times a second, at a steady pace (see paced-load.ts).
    const politeLoad = (n: number) =>
      pacedLoad({ url: ours.url + path, headers: polite(n), rate: 50, duration: 5, connections: 5 });
    const quiet = await politeLoad(1);
    // The flood comes from another process, as it would from another machine.
    const [flooded, during] = await Promise.all([
      floodFromChild({ url: ours.url + path, headers: flood, connections: 100, duration: 6 }),
      politeLoad(2),
    ]);
    rows.push({
      figure: "another IP's p99 during a 429 flood",
      ours: during.p99,
      baseline: quiet.p99,
      unit: 'ms',
      target: '≤ 25 ms, all 200',
      met: during.p99 <= 25 && during.non2xx === 0 && during.errors === 0,
    });
    rows.push({ figure: 'the flood meanwhile: 429s per second', ours: flooded.requests, unit: 'req/s' });
  } finally {
    await ours.stop();
  }
  return rows;
}
