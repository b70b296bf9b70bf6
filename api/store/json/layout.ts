// How the JSON engine lays records out in files: the few, slowly changing records (organisations, accounts, keys,
// webhook endpoints)
// in core.json; everything that grows with use in append-only segments of bounded size, so that one write never
// rewrites more than one segment.
import type { Collection, RecordOf } from '../store.ts';

export const CORE_FILE = 'core.json';
export const HEAD_FILE = 'head.json';
export const LOCK_FILE = 'write.lock';
export const SEGMENT_FILE = /^seg-(\d{6})\.json$/;
export const SEGMENT_MAX_RECORDS = 500;
export const SEGMENT_MAX_BYTES = 128 * 1024;

export const CORE_COLLECTIONS = ['orgs', 'accounts', 'keys', 'webhooks'] as const;
export const SEGMENT_COLLECTIONS = [
  'requests',
  'demand',
  'samples',
  'idempotency',
  'audit',
  'mail',
  'deliveries',
  'sessions',
  'signin_tokens',
  'access_requests',
  'nda_acceptances',
] as const;
export const COLLECTIONS: readonly Collection[] = [...CORE_COLLECTIONS, ...SEGMENT_COLLECTIONS];

export type CoreCollection = (typeof CORE_COLLECTIONS)[number];
export type Core = { [C in CoreCollection]: RecordOf<C>[] };
export type Segment = { [C in (typeof SEGMENT_COLLECTIONS)[number]]: RecordOf<C>[] };

export const isCore = (collection: Collection): collection is CoreCollection =>
  (CORE_COLLECTIONS as readonly string[]).includes(collection);

export const emptyCore = (): Core => ({ orgs: [], accounts: [], keys: [], webhooks: [] });
export const emptySegment = (): Segment => ({
  requests: [],
  demand: [],
  samples: [],
  idempotency: [],
  audit: [],
  mail: [],
  deliveries: [],
  sessions: [],
  signin_tokens: [],
  access_requests: [],
  nda_acceptances: [],
});

export const segmentName = (n: number) => `seg-${String(n).padStart(6, '0')}.json`;

/** head.json: a change signal for other processes; the version comes first so it can be read cheaply. */
export type Head = { version: number; files: Record<string, number> };
