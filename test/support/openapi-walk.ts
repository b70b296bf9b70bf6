// The walk through /openapi.json's operations (test/http/openapi-answers.test.ts): a server of the file's own, a lab
// with a key and a verified NDA whose sample link was mailed, a lab without the NDA, and the requests a client sends
// with each kind of credentials, a valid body for each operation and an id that is there for each path.
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { simpleParser } from 'mailparser';
import { expect } from 'vitest';
import { issueKey } from '../../api/domain/labs/api-keys.ts';
import { addAccount } from '../../api/domain/labs/organisations.ts';
import { createSession, sessionCookieName } from '../../api/domain/labs/sessions.ts';
import { openStore } from '../../api/store/open-store.ts';
import type { Store } from '../../api/store/store.ts';
import { LISTING_ID } from './api-client.ts';
import { startApp, type InProcessServer } from './app.ts';
import { makeLab, type Lab } from './lab.ts';
import { opsOk } from './ops.ts';
import { storeEnv } from './store-env.ts';
import { until } from './until.ts';

export type Operation = {
  security: Record<string, unknown>[];
  requestBody?: { content: Record<string, unknown> };
  parameters?: { name: string; in: string }[];
  responses: Record<string, { headers?: Record<string, unknown> }>;
};
export type Credentials =
  'none' | 'bad key' | 'other scheme' | 'key' | 'key without NDA' | 'admin' | 'member';

export const MAX_BODY_BYTES = 2048;
export const PUBLIC_PER_MINUTE = 3;

// A valid body for each operation that takes one (the document's example where it has one would do as well).
export const BODIES: Record<string, () => unknown> = {
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

// Set by openWalk; an importer reads them (live bindings) once it has run.
export let server: InProcessServer;
let store: Store;
export let document: { servers: { url: string }[]; paths: Record<string, Record<string, Operation>> };
let origin: string;
let lab: Lab;
let plain: Lab;
export let adminId: string;
let nda: { version: string; sha256: string };
let sampleId: string;
let downloadToken: string;
let serial = 0;
let addresses = 0;

/** Starts the file's server and makes the labs and the sample link the walk needs (the file's beforeAll). */
export async function openWalk(): Promise<void> {
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
}
export async function closeWalk(): Promise<void> {
  await store?.close();
  await server?.stop();
}

export const nextAddress = () => {
  const n = ++addresses;
  return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
};

export async function sessionCookie(accountId: string): Promise<string> {
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

export type Send = {
  body?: unknown;
  /** The body as it goes, with its Content-Type. */
  raw?: { type: string; text: string };
  /** The site's Origin on an unsafe request made with a session: true unless said otherwise. */
  origin?: boolean;
  address?: string;
  /** The admin's session cookie, made beforehand (a step made while the store cannot write). */
  cookie?: string;
};

export async function send(method: string, path: string, credentials: Credentials, options: Send = {}) {
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
export function idFor(path: string, fresh: boolean): Promise<string> {
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

export const concrete = (path: string, id: string, token = downloadToken) =>
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
