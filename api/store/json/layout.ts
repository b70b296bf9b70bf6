// How the JSON engine lays records out in files, and what of them it keeps in memory: the few, slowly changing
// records (organisations, accounts, keys, webhook endpoints) in core.json; everything that grows with use in
// append-only segments of bounded size, so that one write never rewrites more than one segment.
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

/** Segments whose records stay in memory whole, the newest last; older ones are read again when asked for. */
export const LOADED_SEGMENTS = 16;

/**
 * What stays in memory of each record of the collections that grow largest: the fields their queries filter and
 * sort on (queries.ts). The whole record is read from its segment when an answer needs it, so memory does not grow
 * with what each record says (a request's description and matches, a queued mail's body, a stored response).
 * Collections not named stay whole in memory: their records are small (demand posts, samples) or few.
 */
export const SUMMARY_FIELDS = {
  requests: ['id', 'org_id', 'status', 'created_at', 'reply_due_at', 'replied_at'],
  idempotency: ['id', 'created_at'],
  audit: ['id', 'org_id', 'at'],
  mail: ['id', 'status', 'created_at', 'next_attempt_at', 'lease_until'],
  deliveries: ['id', 'endpoint_id', 'status', 'created_at', 'next_attempt_at', 'lease_until'],
} as const satisfies { [C in SegmentCollection]?: readonly (keyof RecordOf<C>)[] };

type Summarised = keyof typeof SUMMARY_FIELDS;
type SummaryField<C extends Collection> = C extends Summarised
  ? (typeof SUMMARY_FIELDS)[C][number]
  : keyof RecordOf<C>;
/** A record as memory keeps it: whole, or the fields of SUMMARY_FIELDS. */
export type Summary<C extends Collection> = Pick<RecordOf<C>, Extract<SummaryField<C>, keyof RecordOf<C>>> & {
  id: string;
};

export const isSummarised = (collection: Collection): collection is Summarised =>
  collection in SUMMARY_FIELDS;

export function summarise<C extends Collection>(collection: C, record: RecordOf<C>): Summary<C> {
  if (!isSummarised(collection)) return record;
  const summary: Record<string, unknown> = {};
  for (const field of SUMMARY_FIELDS[collection]) summary[field] = record[field as keyof RecordOf<C>];
  return summary as Summary<C>;
}

export type CoreCollection = (typeof CORE_COLLECTIONS)[number];
export type SegmentCollection = (typeof SEGMENT_COLLECTIONS)[number];
export type Core = { [C in CoreCollection]: RecordOf<C>[] };
export type Segment = { [C in SegmentCollection]: RecordOf<C>[] };

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
