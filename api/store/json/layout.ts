// How the JSON engine lays records out in files, and what of them it keeps in memory: the few, slowly changing
// records (organisations, accounts, keys, webhook endpoints) in core.json; everything that grows with use in
// append-only segments of bounded size, so that one write never rewrites more than one segment.
import type { AuditRecord, DataRequestRecord, MailRecord, WebhookDeliveryRecord } from '../records.ts';
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
  'staff',
  'desk_links',
  'desk_sessions',
  'saved_replies',
  'recalls',
  'recall_acknowledgements',
] as const;
export const COLLECTIONS: readonly Collection[] = [...CORE_COLLECTIONS, ...SEGMENT_COLLECTIONS];

/** Segments whose records stay in memory whole, the newest last; older ones are read again when asked for. */
export const LOADED_SEGMENTS = 16;

/**
 * What memory keeps of each record of the collections that grow largest: the fields their queries filter and sort on
 * (queries.ts), or only its id (null here) once no query filters it any more: a sent mail, a stored response. The
 * whole record is read from its segment when an answer needs it, so memory grows neither with what each record
 * says (a request's description and matches, a mail's body) nor with finished ones. Collections not named stay
 * whole in memory: their records are small (demand posts, samples) or few.
 */
const SUMMARISERS = {
  requests: (r: DataRequestRecord) => ({
    id: r.id,
    org_id: r.org_id,
    status: r.status,
    created_at: r.created_at,
    reply_due_at: r.reply_due_at,
    replied_at: r.replied_at,
    // Only when set: most requests never wait on a lab message, and 100,000 summaries stay small.
    ...(r.awaiting_reply_since ? { awaiting_reply_since: r.awaiting_reply_since } : {}),
    ...(r.overdue_mailed_at ? { overdue_mailed_at: r.overdue_mailed_at } : {}),
  }),
  idempotency: () => null,
  audit: (r: AuditRecord) => ({ id: r.id, org_id: r.org_id, at: r.at }),
  mail: (r: MailRecord) =>
    r.status === 'queued' || r.status === 'sending'
      ? {
          id: r.id,
          status: r.status,
          created_at: r.created_at,
          next_attempt_at: r.next_attempt_at,
          lease_until: r.lease_until,
        }
      : null,
  deliveries: (r: WebhookDeliveryRecord) => ({
    id: r.id,
    endpoint_id: r.endpoint_id,
    status: r.status,
    created_at: r.created_at,
    next_attempt_at: r.next_attempt_at,
    lease_until: r.lease_until,
  }),
} satisfies { [C in SegmentCollection]?: (record: RecordOf<C>) => Partial<RecordOf<C>> | null };

type Summarised = keyof typeof SUMMARISERS;
/** A record as queries see it in memory: whole, or what SUMMARISERS keeps (a whole record serves as one too). */
export type Summary<C extends Collection> = C extends Summarised
  ? NonNullable<ReturnType<(typeof SUMMARISERS)[C]>>
  : RecordOf<C>;

export const isSummarised = (collection: Collection): collection is Summarised => collection in SUMMARISERS;

/** What memory keeps of a record: itself, its summary, or null for its id alone. */
export function summarise<C extends Collection>(collection: C, record: RecordOf<C>): Summary<C> | null {
  if (!isSummarised(collection)) return record as Summary<C>;
  return (SUMMARISERS[collection] as (record: RecordOf<C>) => Summary<C> | null)(record);
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
  staff: [],
  desk_links: [],
  desk_sessions: [],
  saved_replies: [],
  recalls: [],
  recall_acknowledgements: [],
});

export const segmentName = (n: number) => `seg-${String(n).padStart(6, '0')}.json`;

/** head.json: a change signal for other processes; the version comes first so it can be read cheaply. */
export type Head = { version: number; files: Record<string, number> };
