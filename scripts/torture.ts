// `npm run torture [-- --trials N --bodies N --flood-seconds N --restarts N --only kill,hostile,floods,postgres]`: the service under abuse, outside CI (a short
// form of each part runs in `npm test`, test/http/torture.test.ts). Prints the figures; exits 1 if anything was
// lost, duplicated, answered 5xx or answered outside the envelope. Needs a build (npm run build).
import { existsSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { floods } from './torture/floods.ts';
import { hostileRequests } from './torture/hostile.ts';
import { killTrials } from './torture/kill-trials.ts';
import { postgresRestarts, type RestartFigures } from './torture/postgres-restarts.ts';
import { postgresBin } from '../test/support/postgres.ts';

const { values } = parseArgs({
  options: {
    trials: { type: 'string', default: '1000' },
    bodies: { type: 'string', default: '10000' },
    'flood-seconds': { type: 'string', default: '20' },
    restarts: { type: 'string', default: '20' },
    only: { type: 'string' },
  },
});
const count = (name: string, value: string) => {
  const n = Number(value);
  if (!Number.isSafeInteger(n) || n < 0) {
    process.stderr.write(`--${name} expects a whole number, got ${value}\n`);
    process.exit(2);
  }
  return n;
};
const trials = count('trials', values.trials);
const bodies = count('bodies', values.bodies);
const floodSeconds = count('flood-seconds', values['flood-seconds']);
const restarts = count('restarts', values.restarts);
if (!existsSync('dist/server/entry.mjs')) {
  process.stderr.write('No build in dist/: run "npm run build" first.\n');
  process.exit(2);
}
const log = (line: string) => process.stderr.write(`${line}\n`);
const parts = values.only?.split(',') ?? ['kill', 'hostile', 'floods', 'postgres'];
let failed = false;

if (parts.includes('kill')) {
  log(`(a) ${trials} kill -9 trials under 8 concurrent writers…`);
  const f = await killTrials(trials, log);
  failed ||= f.lost + f.duplicated + f.keyConflicts > 0;
  process.stdout.write(
    `(a) kill -9: trials ${f.trials}, acknowledged ${f.acknowledged}, lost ${f.lost}, duplicated ${f.duplicated}, ` +
      `idempotency conflicts ${f.keyConflicts}, slowest restart ${Math.round(f.slowestRestartMs)} ms\n`,
  );
}
if (parts.includes('hostile')) {
  log(`(b) ${bodies} hostile requests…`);
  const f = await hostileRequests(bodies);
  failed ||= f.fiveXx + f.withoutEnvelope > 0;
  process.stdout.write(
    `(b) hostile: sent ${f.sent}, 5xx ${f.fiveXx}, without the envelope ${f.withoutEnvelope}, ` +
      `closed without an answer ${f.closedWithoutAnswer}\n${f.examples.map((e) => `    ${e}\n`).join('')}`,
  );
}
if (parts.includes('floods')) {
  log(`(c) idle and slow-header floods for ${floodSeconds} s…`);
  const f = await floods({ idle: 2000, slow: 500, seconds: floodSeconds });
  failed ||= f.politeFailures > 0;
  process.stdout.write(
    `(c) floods: ${f.idle} idle + ${f.slow} slow-header sockets kept open (${f.opened} opened in all); polite client ` +
      `${f.politeRequests} requests, ${f.politeFailures} failed, p50 ${f.politeP50Ms.toFixed(1)} ms, p99 ${f.politeP99Ms.toFixed(1)} ms\n`,
  );
}
if (parts.includes('postgres')) {
  if (!postgresBin()) {
    log('(d) skipped: PostgreSQL is not installed (apt-get install postgresql).');
  } else {
    log(`(d) ${restarts} PostgreSQL restarts (immediate and fast, alternating) under 8 writers…`);
    const f = await postgresRestarts(restarts, log);
    failed ||= restartsFailed(f);
    process.stdout.write(`${restartsReport(f)}\n`);
  }
}
process.exitCode = failed ? 1 : 0;

function restartsFailed(f: RestartFigures): boolean {
  const only503 = f.outages.every(
    (o) => Object.keys(o.statuses).every((s) => s === '503') && o.withoutRetryAfter === 0,
  );
  const back = f.outages.every((o) => Number.isFinite(o.secondsToFirst201));
  return f.crashes + f.lost + f.stackTraces > 0 || Object.keys(f.unexpected).length > 0 || !only503 || !back;
}

function restartsReport(f: RestartFigures): string {
  const seconds = f.outages.map((o) => o.secondsToFirst201);
  const finite = seconds.filter(Number.isFinite).sort((a, b) => a - b);
  const lines = [
    `(d) PostgreSQL restarts: ${f.restarts}, crashes ${f.crashes}, acknowledged ${f.acknowledged}, lost ${f.lost}, ` +
      `other answers ${JSON.stringify(f.unexpected)}, stack traces ${f.stackTraces}; seconds to the first 201 once ` +
      `back: median ${(finite[Math.floor(finite.length / 2)] ?? NaN).toFixed(2)}, slowest ${(finite.at(-1) ?? NaN).toFixed(2)}` +
      `${finite.length < seconds.length ? `, ${seconds.length - finite.length} never` : ''}`,
    ...f.outages.map(
      (o, i) =>
        `    outage ${i + 1} (${o.mode}): ${JSON.stringify(o.statuses)}, without Retry-After ${o.withoutRetryAfter}, ` +
        `first 201 after ${o.secondsToFirst201.toFixed(2)} s`,
    ),
  ];
  if (f.crashLog) lines.push(`    first crash or stack trace: ${f.crashLog}`);
  return lines.join('\n');
}
