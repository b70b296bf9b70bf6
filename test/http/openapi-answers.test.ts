// Every answer the API gives is in /openapi.json (issue 41, item 18): a generated client or a validating proxy
// (Prism in --errors mode) treats an undocumented status or header as a broken server. This walks every operation
// of the served document and provokes what a client runs into: no key, a bad key, another scheme, a key where a
// session is needed and the other way round, a member where an admin is, a session from another site, a form from
// another site and from the site, the wrong content type, bad JSON, too large, an unknown field or query parameter,
// an id that is not there, the same step twice (conflict), a spent rate limit. Each status answered must be
// documented for that operation, with each header it carries (RateLimit, Retry-After, Location, CORS, …).
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { issueKey } from '../../api/domain/labs/api-keys.ts';
import { addAccount } from '../../api/domain/labs/organisations.ts';
import { createSession, sessionCookieName } from '../../api/domain/labs/sessions.ts';
import { openStore } from '../../api/store/open-store.ts';
import type { Store } from '../../api/store/store.ts';
import { LISTING_ID } from '../support/api-client.ts';
import { startApp, type InProcessServer } from '../support/app.ts';
import { makeLab, type Lab } from '../support/lab.ts';
import { opsOk } from '../support/ops.ts';
import { canMakeReadOnly, makeReadOnly, makeWritable } from '../support/read-only.ts';
import { storeEnv, testingPostgres } from '../support/store-env.ts';
import { until } from '../support/until.ts';

type Operation = {
  security: Record<string, unknown>[];
  requestBody?: { content: Record<string, unknown> };
  parameters?: { name: string; in: string }[];
  responses: Record<string, { headers?: Record<string, unknown> }>;
};
type Answer = { status: number; headers: Headers };
type Credentials = 'none' | 'bad key' | 'other scheme' | 'key' | 'key without NDA' | 'admin' | 'member';

const MAX_BODY_BYTES = 2048;
const PUBLIC_PER_MINUTE = 3;
// Said by the media type (OpenAPI ignores a Content-Type header), of the transport, or of caching and content
// sniffing, the same on every answer of its kind: not what a client reads an answer by.
const NOT_DOCUMENTED = new Set([
  'content-type',
  'content-length',
  'date',
  'connection',
  'keep-alive',
  'transfer-encoding',
  'cache-control',
  'vary',
  'x-content-type-options',
]);
// A valid body for each operation that takes one (the document's example where it has one would do as well).
const BODIES: Record<string, () => unknown> = {
  'POST /api/v1/requests': () => ({
    data_types: ['call_audio'],
    description: 'Inbound support calls, both channels, for a walk through the documented answers.',
  }),
  'POST /api/v1/requests/{id}/withdraw': () => ({ reason: 'Found it elsewhere.' }),
  'POST /api/v1/requests/{id}/messages': () => ({ body: 'Could you send the consent form template?' }),
  'POST /api/v1/access-requests': () => ({
    organisation: 'Walk Lab',
    name: 'Ada Walker',
    email: `walker${++serial}@lab.example`,
    intended_use: 'Evaluating speech recognition on call-centre audio before licensing.',
  }),
  'POST /api/v1/session/link': () => ({ email: `walker${++serial}@lab.example` }),
  'POST /api/v1/nda/acceptances': () => ({
    version: nda.version,
    sha256: nda.sha256,
    signer_name: 'Ada Admin',
    signer_title: 'Head of Data',
    authorised: true,
  }),
  'POST /api/v1/catalog/{id}/fit': () => ({
    purposes: ['training'],
    commercial: true,
    territories: ['US'],
    term_months: 12,
  }),
  'POST /api/v1/recalls/{id}/acknowledgements': () => ({
    deleted: true,
    statement: 'Deleted from our training store and its backups.',
  }),
  'POST /api/v1/keys': () => ({ name: 'walk key' }),
  'POST /api/v1/keys/{id}/rotate': () => ({ grace_hours: 0 }),
  'POST /api/v1/team/invitations': () => ({ email: `invited${++serial}@lab.example`, role: 'member' }),
  'POST /api/v1/webhooks': () => ({
    url: `http://127.0.0.1:9/hook/${++serial}`,
    events: ['request.created'],
  }),
};

let server: InProcessServer;
let store: Store;
let document: { servers: { url: string }[]; paths: Record<string, Record<string, Operation>> };
let origin: string;
let lab: Lab;
let plain: Lab;
let adminId: string;
let nda: { version: string; sha256: string };
let sampleId: string;
let downloadToken: string;
let serial = 0;
let addresses = 0;

beforeAll(async () => {
  // TRUST_PROXY: each probe comes from an address of its own (X-Forwarded-For), so only the probe meant to spend
  // the public limit meets it.
  server = await startApp({
    TRUST_PROXY: 'true',
    RATE_LIMIT_PUBLIC_PER_MINUTE: String(PUBLIC_PER_MINUTE),
    RATE_LIMIT_KEY_PER_MINUTE: '100000',
    MAX_BODY_BYTES: String(MAX_BODY_BYTES),
    WEBHOOK_ALLOW_PRIVATE: 'true',
  });
  document = await (await fetch(`${server.url}/openapi.json`)).json();
  origin = new URL(document.servers[0]!.url).origin;
  [lab, plain] = await Promise.all([
    makeLab(server.dataDir, 'Walk lab'),
    makeLab(server.dataDir, 'Walk lab without NDA'),
  ]);
  adminId = lab.accountId;
  // Verified: a sample's link goes out at once, so a fresh one can be asked for.
  await opsOk(server.dataDir, 'nda', 'accept', '--org', lab.orgId, '--verified');
  const env = await storeEnv(server.dataDir);
  store = await openStore({ dataDir: server.dataDir, databaseUrl: env.DATABASE_URL });
  nda = (await send('GET', '/api/v1/nda', 'none').then((r) => r.json())).data;
  sampleId = (await (await send('POST', `/api/v1/samples/${LISTING_ID}`, 'key')).json()).id;
  await until(
    async () => (await (await send('GET', `/api/v1/sample-requests/${sampleId}`, 'key')).json()).data.status,
    (status) => status === 'link_sent',
  );
  downloadToken = (await until(mailedToken, (token) => token !== undefined))!;
});
afterAll(async () => {
  await store?.close();
  await server?.stop();
});

const nextAddress = () => {
  const n = ++addresses;
  return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
};

async function sessionCookie(accountId: string): Promise<string> {
  const account = (await store.accountById(accountId))!;
  const made = await store.transact((tx) =>
    createSession(tx, account, { ip: '10.255.0.1', userAgent: 'walk', ttlDays: 1 }, new Date()),
  );
  return `${sessionCookieName(new URL(origin))}=${made.value}`;
}

async function member(): Promise<string> {
  const email = `member${++serial}@lab.example`;
  const account = await store.transact((tx) =>
    addAccount(tx, { orgId: lab.orgId, email, verified: true, role: 'member' }, new Date()),
  );
  return account.id;
}

type Send = {
  body?: unknown;
  /** The body as it goes, with its Content-Type. */
  raw?: { type: string; text: string };
  /** The site's Origin on an unsafe request made with a session: true unless said otherwise. */
  origin?: boolean;
  address?: string;
  /** The admin's session cookie, made beforehand (a step made while the store cannot write). */
  cookie?: string;
};

async function send(method: string, path: string, credentials: Credentials, options: Send = {}) {
  const headers: Record<string, string> = { 'X-Forwarded-For': options.address ?? nextAddress() };
  if (credentials === 'bad key') headers.Authorization = `Bearer dss_${'x'.repeat(38)}`;
  if (credentials === 'other scheme') headers.Authorization = `Basic ${btoa('lab:secret')}`;
  if (credentials === 'key') headers.Authorization = `Bearer ${lab.key}`;
  if (credentials === 'key without NDA') headers.Authorization = `Bearer ${plain.key}`;
  if (credentials === 'admin') headers.Cookie = options.cookie ?? (await sessionCookie(adminId));
  if (credentials === 'member') headers.Cookie = await sessionCookie(await member());
  if (method !== 'GET' && options.origin !== false) headers.Origin = origin;
  let body: string | undefined;
  if (options.raw) {
    headers['Content-Type'] = options.raw.type;
    body = options.raw.text;
  } else if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  return fetch(server.url + path, { method, headers, body, redirect: 'manual' });
}

const shared = new Map<string, Promise<string>>();

/** An id that is there, for a path's parameter: made afresh for a step that may use it up (`fresh`). */
function idFor(path: string, fresh: boolean): Promise<string> {
  if (fresh) return madeFor(path);
  const kind = path.split('/').slice(0, 5).join('/');
  if (!shared.has(kind)) shared.set(kind, madeFor(path));
  return shared.get(kind)!;
}

async function madeFor(path: string): Promise<string> {
  if (path.startsWith('/api/v1/catalog/') || path.startsWith('/api/v1/samples/')) return LISTING_ID;
  if (path.startsWith('/api/v1/sample-requests/')) return sampleId;
  if (path.startsWith('/api/v1/keys/'))
    return (await store.transact((tx) => issueKey(tx, adminId, new Date()))).record.id;
  if (path.startsWith('/api/v1/team/invitations/')) return made('POST /api/v1/team/invitations', 'admin');
  if (path.startsWith('/api/v1/team/')) return member();
  if (path.startsWith('/api/v1/requests/')) return made('POST /api/v1/requests', 'key');
  if (path.startsWith('/api/v1/webhooks/')) return made('POST /api/v1/webhooks', 'admin');
  // The lab received the listing's sample link (beforeAll), so it is told of the listing's recalls.
  if (path.startsWith('/api/v1/recalls/'))
    return (
      await opsOk(server.dataDir, 'listings', 'recall', LISTING_ID, '--items', 'C-1', '--reason', 'walk')
    ).id;
  throw new Error(`no id for ${path}`);
}

/** The id of what the operation made from its valid body. */
async function made(operation: string, credentials: Credentials): Promise<string> {
  const [method, path] = operation.split(' ') as [string, string];
  const response = await send(method, path, credentials, { body: BODIES[operation]!() });
  const text = await response.text();
  expect(response.status, text).toBeLessThan(300);
  return JSON.parse(text).data.id;
}

const concrete = (path: string, id: string, token = downloadToken) =>
  path.replace('{id}', encodeURIComponent(id)) +
  (path.endsWith('/download') ? `?token=${encodeURIComponent(token)}` : '');

/** The token of the sample link mailed to the lab (to DATA_DIR/outbox: no SMTP_URL), once it is there. */
async function mailedToken(): Promise<string | undefined> {
  const outbox = join(server.dataDir, 'outbox');
  const files = (await readdir(outbox).catch(() => [])).filter((name) => name.endsWith('.eml'));
  for (const name of files) {
    const text = (await simpleParser(await readFile(join(outbox, name)))).text ?? '';
    const token = /\/api\/v1\/samples\/[^/\s]+\/download\?token=([^\s&]+)/.exec(text)?.[1];
    if (token) return decodeURIComponent(token);
  }
  return undefined;
}

type Probe = {
  what: string;
  credentials: Credentials;
  fresh?: boolean;
  id?: string;
  twice?: boolean;
} & Send & {
    query?: string;
    spend?: boolean;
    /** A download link's token other than the one mailed. */
    token?: string;
  };

/** What a client runs into on this operation. */
function probesFor(method: string, path: string, operation: Operation): Probe[] {
  const schemes = operation.security.flatMap((s) => Object.keys(s));
  const best: Credentials = schemes.includes('apiKey')
    ? 'key'
    : schemes.includes('session')
      ? 'admin'
      : 'none';
  const body = BODIES[`${method} ${path}`];
  const valid = body ? { body: body() } : {};
  const probes: Probe[] = [
    { what: 'the step itself, twice', credentials: best, fresh: true, twice: true, ...valid },
    ...(['none', 'bad key', 'other scheme', 'key', 'key without NDA', 'admin', 'member'] as const)
      .filter((credentials) => credentials !== best)
      .map((credentials) => ({
        what: `as ${credentials}`,
        credentials,
        fresh: credentials === 'member',
        ...valid,
      })),
    { what: 'an unknown query parameter', credentials: best, query: 'unexpected=1', ...valid },
    { what: 'the public limit spent', credentials: 'none', spend: true, ...valid },
  ];
  if (method !== 'GET') {
    probes.push(
      { what: 'a session without Origin', credentials: 'admin', origin: false, ...valid },
      {
        what: 'text/plain',
        credentials: best,
        raw: { type: 'text/plain', text: JSON.stringify(valid.body ?? {}) },
      },
      { what: 'bad JSON', credentials: best, raw: { type: 'application/json', text: '{"data_types": [' } },
      {
        what: 'too large',
        credentials: best,
        raw: { type: 'application/json', text: JSON.stringify({ description: 'x'.repeat(MAX_BODY_BYTES) }) },
      },
      {
        what: 'an unknown field',
        credentials: best,
        body: { ...(valid.body as object), unexpected_field: 1 },
      },
    );
    const form = new URLSearchParams(
      Object.entries((valid.body ?? {}) as Record<string, unknown>).map(([k, v]) => [k, String(v)]),
    ).toString();
    for (const fromSite of [true, false])
      probes.push({
        what: `a form ${fromSite ? 'from the site' : 'without Origin'}`,
        credentials: best,
        origin: fromSite,
        raw: { type: 'application/x-www-form-urlencoded', text: form },
      });
  }
  if (path.includes('{id}'))
    probes.push({ what: 'an id that is not there', credentials: best, id: 'zzz_not_there', ...valid });
  if (path.endsWith('/download'))
    probes.push({ what: 'a forged link', credentials: 'none', token: 'not-a-token' });
  if (method === 'POST' && path === '/api/v1/samples/{id}')
    probes.push({ what: 'a listing without a sample', credentials: 'key', id: 'fr-travel-booking-calls' });
  return probes;
}

async function run(method: string, path: string, probe: Probe): Promise<Answer[]> {
  const id = probe.id ?? (path.includes('{id}') ? await idFor(path, probe.fresh === true) : '');
  let url = concrete(path, id, probe.token);
  if (probe.query) url += (url.includes('?') ? '&' : '?') + probe.query;
  const address = probe.spend ? nextAddress() : undefined;
  if (address)
    for (let i = 0; i < PUBLIC_PER_MINUTE; i++) await send('GET', '/api/v1/catalog', 'none', { address });
  const answers: Answer[] = [];
  for (let i = 0; i < (probe.twice ? 2 : 1); i++) {
    const response = await send(method, url, probe.credentials, { ...probe, address });
    await response.arrayBuffer();
    answers.push({ status: response.status, headers: response.headers });
  }
  return answers;
}

const operationsOfDocument = () =>
  Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({ method: method.toUpperCase(), path, operation })),
  );

/** What in an answer the operation does not document: its status, or each header it carries. */
function undocumentedIn(operation: Operation, answer: Answer, where: string): string[] {
  const documented = operation.responses[String(answer.status)];
  if (!documented) return [`${where} is not documented`];
  const named = new Set(Object.keys(documented.headers ?? {}).map((name) => name.toLowerCase()));
  return [...answer.headers.keys()]
    .filter((name) => !NOT_DOCUMENTED.has(name) && !named.has(name))
    .map((name) => `${where} carries ${name}, undocumented`);
}

test('every status and header an operation answers is documented for it', async () => {
  const undocumented: string[] = [];
  const succeeded = new Set<string>();
  let answered = 0;
  for (const { method, path, operation } of operationsOfDocument()) {
    for (const probe of probesFor(method, path, operation)) {
      for (const answer of await run(method, path, probe)) {
        answered++;
        if (answer.status < 400) succeeded.add(`${method} ${path}`);
        undocumented.push(
          ...undocumentedIn(operation, answer, `${method} ${path}, ${probe.what}: ${answer.status}`),
        );
      }
    }
  }
  expect(undocumented).toEqual([]);
  // The walk reached each handler, not only the pipeline's refusals.
  const names = operationsOfDocument().map(({ method, path }) => `${method} ${path}`);
  expect(names.filter((name) => !succeeded.has(name))).toEqual([]);
  expect(answered).toBeGreaterThan(names.length * 10);
}, 120_000);

// The JSON store's folder made read-only: what PostgreSQL going away does to writes, without stopping a server the
// other files share (test/http/postgres-outage.test.ts stops one of its own).
test.skipIf(testingPostgres() || !canMakeReadOnly)(
  'while the store cannot write, each operation still answers only what it documents (503 with Retry-After)',
  async () => {
    const steps = [];
    for (const { method, path, operation } of operationsOfDocument()) {
      const [probe] = probesFor(method, path, operation);
      // Everything a step needs is made before the store turns read-only.
      const id = path.includes('{id}') ? await idFor(path, false) : '';
      steps.push({
        method,
        path,
        operation,
        probe: { ...probe!, twice: false, id },
        cookie: await sessionCookie(adminId),
      });
    }
    const db = join(server.dataDir, 'db');
    const undocumented: string[] = [];
    const unavailable: string[] = [];
    makeReadOnly(db);
    try {
      for (const { method, path, operation, probe, cookie } of steps) {
        const [answer] = await run(method, path, { ...probe, cookie });
        if (answer!.status === 503) unavailable.push(`${method} ${path}`);
        undocumented.push(
          ...undocumentedIn(operation, answer!, `${method} ${path}, read-only: ${answer!.status}`),
        );
      }
    } finally {
      makeWritable(db);
    }
    expect(undocumented).toEqual([]);
    // The writes met it (not a walk that never reached the store).
    expect(unavailable).toContain('POST /api/v1/requests');
    expect(unavailable).toContain('DELETE /api/v1/keys/{id}');
  },
  60_000,
);

test('an empty path segment is 404 not_found on every operation with an id, never 405', async () => {
  for (const [path, methods] of Object.entries(document.paths)) {
    if (!path.includes('{id}')) continue;
    for (const method of Object.keys(methods)) {
      const response = await send(method.toUpperCase(), concrete(path, ''), 'key');
      const body = await response.json();
      expect([response.status, body.error?.code], `${method} ${path}`).toEqual([404, 'not_found']);
      expect(methods[method]!.responses['404'], `${method} ${path}`).toBeDefined();
    }
  }
});
