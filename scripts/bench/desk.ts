// `npm run bench -- desk` (issue 40, "Scale"): the sourcing desk's inbox and a desk request page beside a lab's
// /dashboard/, on the JSON store and on PostgreSQL, with 100,000 requests over 2,000 organisations seeded through
// the store's transactions; p50/p95 and the server's CPU per page view; then EXPLAIN of the inbox's queries.
import autocannon from 'autocannon';
import pg from 'pg';
import { createDeskSession } from '../../api/domain/desk/desk-sessions.ts';
import { readInbox } from '../../api/domain/desk/inbox.ts';
import { addStaff } from '../../api/domain/desk/staff.ts';
import { addAccount, createOrg } from '../../api/domain/labs/organisations.ts';
import { createSession } from '../../api/domain/labs/sessions.ts';
import { openStore } from '../../api/store/open-store.ts';
import type { DataRequestRecord, RequestEvent, RequestMatch } from '../../api/store/records.ts';
import type { Store } from '../../api/store/store.ts';
import { freshDatabase, startPostgres } from '../../test/support/postgres.ts';
import { log, UNLIMITED } from './load.ts';
import { cpuMs, startOurs } from './processes.ts';
import type { Row } from './report.ts';
import { scratchDir } from './scratch.ts';
import { seedAsk } from './writes-part.ts';

const REQUESTS = 100_000;
const ORGS = 2_000;
const WAITING = 300;
const DAY = 86_400_000;
const LINK_SECRET = 'benchmark-link-secret-0123456789abcdefghij';
const META = { ip: '127.0.0.1', userAgent: 'desk bench', ttlDays: 30 };
const MATCHES: RequestMatch[] = Array.from({ length: 3 }, (_, i) => ({
  listing_id: `seed-listing-${i}`,
  title: `Seed listing ${i}: call-centre recordings`,
  url: `http://localhost:4321/catalog/seed-listing-${i}/`,
  matched: ['data_type', 'language'],
  missing: ['volume'],
}));

type Seeded = { deskCookie: string; labCookie: string; waitingId: string };

// Stored in the order they came: the waiting ones (the newest) last; one lab's requests among everyone's.
/** Most requests closed or replied; the newest WAITING unanswered (half overdue); one in 500 awaiting our reply. */
function request(i: number, orgId: string, accountId: string, now: number): DataRequestRecord {
  const waiting = i >= REQUESTS - WAITING;
  const created = waiting ? now - (i % 2 ? 3 : 0.3) * DAY : now - 2 * DAY - (REQUESTS - i) * 600_000;
  const at = (ms: number) => new Date(ms).toISOString();
  const replied = waiting ? null : at(created + DAY / 2);
  const closed = !waiting && i % 5 < 3;
  const status = waiting ? 'received' : closed ? 'closed' : i % 2 ? 'in_review' : 'proposal_sent';
  const events: RequestEvent[] = [{ at: at(created), status: 'received', message: null }];
  if (!waiting) events.push({ at: replied!, status, message: 'Thanks: we are looking at matching data.' });
  return {
    id: `req_desk${String(i).padStart(8, '0')}`,
    org_id: orgId,
    account_id: accountId,
    key_id: null,
    status,
    created_at: at(created),
    reply_due_at: at(created + DAY),
    replied_at: replied,
    ...seedAsk(),
    description: `Seeded request ${i}: insurance claims calls in English, agent and customer on separate channels.`,
    publish_to_demand_board: false,
    listing_id: null,
    outcome: closed ? 'declined' : null,
    closed_at: closed ? at(created + DAY) : null,
    events,
    matches: MATCHES,
    awaiting_reply_since: !waiting && !closed && i % 500 === 1 ? at(now - DAY) : null,
  };
}

async function seed(store: Store): Promise<Seeded> {
  const now = Date.now();
  const clock = new Date(now);
  const orgs: { id: string; accountId: string }[] = [];
  let labAccount: Awaited<ReturnType<typeof addAccount>> | undefined;
  for (let done = 0; done < ORGS; done += 200) {
    await store.transact(async (tx) => {
      for (let n = done; n < done + 200; n++) {
        const org = await createOrg(tx, `Bench Lab ${String(n).padStart(4, '0')}`, clock);
        const email = `lead${n}@lab${n}.example`;
        const account = await addAccount(tx, { orgId: org.id, email, verified: true, role: 'admin' }, clock);
        orgs.push({ id: org.id, accountId: account.id });
        labAccount ??= account;
      }
    });
  }
  const sessions = await store.transact(async (tx) => {
    const staff = await addStaff(tx, { email: 'lead@desk.example', name: 'Desk Lead', role: 'lead' }, clock);
    const desk = await createDeskSession(tx, staff, META, clock);
    const lab = await createSession(tx, labAccount!, META, clock);
    return { deskCookie: `dss_desk=${desk.value}`, labCookie: `dss_session=${lab.value}` };
  });
  for (let done = 0; done < REQUESTS; done += 500) {
    await store.transact(async (tx) => {
      for (let i = done; i < done + 500; i++) {
        const org = orgs[i % ORGS]!;
        await tx.insert('requests', request(i, org.id, org.accountId, now));
      }
    });
    if (done % 20_000 === 0) log(`desk: seeded ${done} requests`);
  }
  // 1,000 access requests (100 pending) and 2,000 samples (80 pending verification).
  await store.transact(async (tx) => {
    for (let n = 0; n < 1_000; n++) {
      const at = new Date(now - (n + 1) * 3_600_000).toISOString();
      const pending = n % 10 === 0;
      await tx.insert('access_requests', {
        id: `acc_desk${String(n).padStart(6, '0')}`,
        organisation: `Applicant ${n}`,
        name: `Applicant Person ${n}`,
        email: `person${n}@applicant${n}.example`,
        intended_use: 'Training speech models on call-centre audio.',
        verticals: ['insurance'],
        status: pending ? 'pending' : 'approved',
        created_at: at,
        decided_at: pending ? null : at,
        reason: null,
        org_id: null,
        account_id: null,
      });
    }
    for (let n = 0; n < 2_000; n++) {
      const org = orgs[(n * 7) % ORGS]!;
      const at = new Date(now - (n + 1) * 1_800_000).toISOString();
      const pending = n % 25 === 0;
      await tx.insert('samples', {
        id: `smp_desk${String(n).padStart(6, '0')}`,
        org_id: org.id,
        account_id: org.accountId,
        key_id: null,
        listing_id: 'us-auto-insurance-claims-calls',
        status: pending ? 'pending_verification' : 'sent',
        created_at: at,
        approved_at: pending ? null : at,
        sent_at: pending ? null : at,
        rejected_at: null,
        reject_reason: null,
      });
    }
  });
  return { ...sessions, waitingId: request(REQUESTS - 7, '', '', now).id };
}

/** Waits until the server has finished what an earlier load left queued (its CPU still for 0.5 s). */
async function settle(pid: number) {
  for (let last = await cpuMs(pid); ;) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    const now = await cpuMs(pid);
    if (now - last < 30) return;
    last = now;
  }
}

type Measured = { p50: number; p95: number; cpuUs: number; perSecond: number; unexpected: number };

/** 2 s of warm-up, then 8 s with 10 connections: every answer's time, and the server's CPU over the answers. */
async function measure(pid: number, url: string, cookie: string): Promise<Measured> {
  await settle(pid);
  const run = (duration: number, times: number[]) =>
    new Promise<{ result: autocannon.Result; unexpected: number }>((resolve, reject) => {
      let unexpected = 0;
      const options = { url, connections: 10, duration, headers: { Cookie: cookie } };
      const instance = autocannon(options, (error, result) =>
        error ? reject(error) : resolve({ result, unexpected: unexpected + result.errors + result.timeouts }),
      );
      instance.on('response', (_client, status, _bytes, ms) => {
        times.push(ms);
        if (status !== 200) unexpected++;
      });
    });
  await run(2, []);
  const times: number[] = [];
  const before = await cpuMs(pid);
  const { result, unexpected } = await run(8, times);
  const spent = (await cpuMs(pid)) - before;
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))] ?? NaN;
  return {
    p50: at(0.5),
    p95: at(0.95),
    cpuUs: (spent * 1000) / times.length,
    perSecond: result.requests.average,
    unexpected,
  };
}

async function measureEngine(engine: string, env: Record<string, string>, seeded: Seeded): Promise<Row[]> {
  const server = await startOurs({ ...UNLIMITED, LINK_SECRET, ...env });
  const rows: Row[] = [];
  try {
    log(`desk: ${engine}, /dashboard/`);
    const dashboard = await measure(server.pid, `${server.url}/dashboard/`, seeded.labCookie);
    for (const [name, path] of [
      ['/desk/', '/desk/'],
      ['/desk/requests/{id}', `/desk/requests/${seeded.waitingId}`],
    ] as const) {
      log(`desk: ${engine}, ${name}`);
      const desk = await measure(server.pid, server.url + path, seeded.deskCookie);
      log(`desk: ${engine} ${name} ${JSON.stringify(desk)}; dashboard ${JSON.stringify(dashboard)}`);
      if (desk.unexpected || dashboard.unexpected)
        log(`desk: ${engine} ${name}: ${desk.unexpected} / ${dashboard.unexpected} answers not 200`);
      const figure = `${engine}, ${name} beside /dashboard/`;
      rows.push(
        { figure: `${figure}: p50`, ours: desk.p50, baseline: dashboard.p50, unit: 'ms' },
        {
          figure: `${figure}: p95`,
          ours: desk.p95,
          baseline: dashboard.p95,
          unit: 'ms',
          target: '≤ 1.5×',
          met: desk.p95 <= 1.5 * dashboard.p95,
        },
        {
          figure: `${figure}: CPU per page view`,
          ours: desk.cpuUs,
          baseline: dashboard.cpuUs,
          unit: 'µs',
          target: '≤ 2×',
          met: desk.cpuUs <= 2 * dashboard.cpuUs,
        },
      );
    }
  } finally {
    await server.stop();
  }
  return rows;
}

/** The statements the inbox sends (caught on pg's Client as the store sends them), each with its EXPLAIN. */
async function inboxPlans(store: Store, databaseUrl: string): Promise<string> {
  const sent: { text: string; values?: unknown[] }[] = [];
  const query = pg.Client.prototype.query;
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    const [first, second] = args as [string | { text: string; values?: unknown[] }, unknown];
    if (typeof first === 'string') sent.push({ text: first, values: Array.isArray(second) ? second : [] });
    else if (first && typeof first === 'object' && 'text' in first) sent.push(first);
    return (query as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof query;
  try {
    await readInbox(store, new Date());
  } finally {
    pg.Client.prototype.query = query;
  }
  const client = new pg.Client(databaseUrl);
  await client.connect();
  const out: string[] = [];
  try {
    for (const { text, values } of sent.filter((s) => /^\s*SELECT/i.test(s.text))) {
      const plan = await client.query(`EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF, SUMMARY ON) ${text}`, values);
      out.push(`${text}\n${plan.rows.map((r) => `  ${r['QUERY PLAN']}`).join('\n')}`);
    }
  } finally {
    await client.end();
  }
  return out.join('\n\n');
}

export async function deskPart(): Promise<Row[]> {
  const rows: Row[] = [];
  const jsonDir = await scratchDir('desk-json');
  log(`desk: seeding the JSON store (${REQUESTS} requests, ${ORGS} organisations)`);
  const jsonStore = await openStore({ dataDir: jsonDir });
  const jsonSeeded = await seed(jsonStore).finally(() => jsonStore.close());
  rows.push(...(await measureEngine('JSON store', { DATA_DIR: jsonDir }, jsonSeeded)));

  const postgres = await startPostgres();
  try {
    const databaseUrl = await freshDatabase(postgres.url);
    const env = { DATA_DIR: await scratchDir('desk-pg'), DATABASE_URL: databaseUrl };
    log('desk: seeding PostgreSQL');
    const store = await openStore({ dataDir: env.DATA_DIR, databaseUrl });
    let seeded: Seeded;
    try {
      seeded = await seed(store);
      const client = new pg.Client(databaseUrl);
      await client.connect();
      await client.query('VACUUM ANALYZE');
      await client.query('CHECKPOINT');
      await client.end();
      log(`desk: PostgreSQL plans of the inbox's queries:\n\n${await inboxPlans(store, databaseUrl)}\n`);
    } finally {
      await store.close();
    }
    rows.push(...(await measureEngine('PostgreSQL', env, seeded)));
  } finally {
    await postgres.stop();
  }
  return rows;
}
