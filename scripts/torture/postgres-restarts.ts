// (d) PostgreSQL restarts under write load: 8 writers post data requests while the database is stopped
// (`pg_ctl stop -m immediate`, a crash, and `-m fast`, alternating) and started again. The server must stay up,
// answer every write meanwhile with 503 and Retry-After, lose no acknowledged write, and take writes again as soon
// as the database is back, without a restart of its own.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openStore } from '../../api/store/open-store.ts';
import { freshDatabase, startPostgres } from '../../test/support/postgres.ts';
import { makeLab, startServer, type Server, postWrite } from './server.ts';

export type Outage = {
  mode: 'immediate' | 'fast';
  /** Answers to writes sent while the database was stopped, by status. */
  statuses: Record<string, number>;
  /** Of those, the ones without a whole-seconds Retry-After. */
  withoutRetryAfter: number;
  /** From the database answering again to the first 201. */
  secondsToFirst201: number;
};

export type RestartFigures = {
  restarts: number;
  /** The server process exited (it is started again, so that the run goes on). */
  crashes: number;
  acknowledged: number;
  lost: number;
  /** Answers other than 201 and 503 at any time, by status ("error" for no answer at all). */
  unexpected: Record<string, number>;
  outages: Outage[];
  /** Log lines with a stack trace: an outage is the operator's to fix, not a bug to trace. */
  stackTraces: number;
  /** The stderr of the first crash, or the first line with a stack trace, for the report. */
  crashLog?: string;
};

const WRITERS = 8;
const OUTAGE_MS = 1_500;
const UP_MS = 1_000;
const LINK_SECRET = 'a-link-secret-for-the-torture-postgres-part-0123456789';

type Answer = { status: number | 'error'; retryAfter: string | null; id?: string };

async function post(server: Server, key: string, idempotencyKey: string): Promise<Answer> {
  try {
    const response = await postWrite(server, key, idempotencyKey);
    const retryAfter = response.headers.get('retry-after');
    if (response.status !== 201) {
      await response.body?.cancel();
      return { status: response.status, retryAfter };
    }
    const { data } = (await response.json()) as { data: { id: string } };
    return { status: 201, retryAfter, id: data.id };
  } catch {
    return { status: 'error', retryAfter: null };
  }
}

const count = (tally: Record<string, number>, status: number | 'error') =>
  (tally[status] = (tally[status] ?? 0) + 1);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function postgresRestarts(
  restarts: number,
  log: (line: string) => void = () => {},
): Promise<RestartFigures> {
  const postgres = await startPostgres();
  const dataDir = await mkdtemp(join(tmpdir(), 'dss-torture-pg-'));
  const figures: RestartFigures = {
    restarts,
    crashes: 0,
    acknowledged: 0,
    lost: 0,
    unexpected: {},
    outages: [],
    stackTraces: 0,
  };
  const acknowledged = new Map<string, string>(); // Idempotency-Key → request id
  let server: Server | undefined;
  try {
    const databaseUrl = await freshDatabase(postgres.url);
    const env = { DATABASE_URL: databaseUrl, LINK_SECRET };
    const lab = await makeLab(dataDir, databaseUrl);
    server = await startServer(dataDir, env);
    let outage: Outage | undefined; // set while the database is stopped
    let backAt: number | undefined; // set from the database's return to the first 201
    let back: Outage | undefined;
    let stop = false;
    let n = 0;
    const writers = Array.from({ length: WRITERS }, async (_, w) => {
      while (!stop) {
        const current = server!;
        if (current.child.exitCode !== null || current.child.signalCode !== null) {
          await sleep(50); // the crash is being counted and the server started again
          continue;
        }
        const during = outage;
        const idempotencyKey = `r-w${w}-${n++}`;
        const answer = await post(current, lab.key, idempotencyKey);
        if (answer.id) acknowledged.set(idempotencyKey, answer.id);
        if (answer.status === 201 && back && backAt !== undefined) {
          back.secondsToFirst201 = (performance.now() - backAt) / 1000;
          back = backAt = undefined;
        }
        if (answer.status !== 201 && answer.status !== 503) count(figures.unexpected, answer.status);
        // Only a request sent and answered while the database was away is the outage's.
        if (during && during === outage) {
          count(during.statuses, answer.status);
          if (!/^\d+$/.test(answer.retryAfter ?? '')) during.withoutRetryAfter += 1;
        }
        if (answer.status !== 201) await sleep(20); // a client that retries, not a spin
      }
    });
    const traces = (stderr: string) => stderr.split('\n').filter((line) => /\\n\s+at /.test(line));
    const watchCrash = async () => {
      if (server!.child.exitCode === null && server!.child.signalCode === null) return;
      figures.crashes += 1;
      figures.crashLog ??= server!.stderr().slice(-2000);
      figures.stackTraces += traces(server!.stderr()).length;
      server = await startServer(dataDir, env);
    };
    for (let restart = 0; restart < restarts; restart++) {
      await sleep(UP_MS);
      const mode = restart % 2 === 0 ? 'immediate' : 'fast';
      const current: Outage = { mode, statuses: {}, withoutRetryAfter: 0, secondsToFirst201: NaN };
      await postgres.pause(mode);
      outage = current;
      await sleep(OUTAGE_MS);
      outage = undefined;
      await postgres.resume();
      back = current;
      backAt = performance.now();
      figures.outages.push(current);
      await watchCrash();
      // Wait for the first 201 (or give up after 30 s: the figure stays NaN and the report says so).
      for (let waited = 0; back === current && waited < 30_000; waited += 50) await sleep(50);
      await watchCrash();
      log(
        `restart ${restart + 1}/${restarts} (${mode}): ${JSON.stringify(current.statuses)}, ` +
          `first 201 after ${current.secondsToFirst201.toFixed(2)} s, crashes ${figures.crashes}`,
      );
    }
    stop = true;
    await Promise.all(writers);
    const left = traces(server.stderr());
    figures.stackTraces += left.length;
    figures.crashLog ??= left[0];
    await server.kill();
    const store = await openStore({ dataDir, databaseUrl });
    const stored = new Set((await store.requests({ orgId: lab.orgId })).items.map((r) => r.id));
    await store.close();
    figures.acknowledged = acknowledged.size;
    for (const id of acknowledged.values()) if (!stored.has(id)) figures.lost += 1;
  } finally {
    await server?.kill();
    await postgres.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
  return figures;
}
