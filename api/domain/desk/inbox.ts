// The desk's inbox (contract §13): everything that waits on the sourcing team, each row with its promise (a data
// request's reply_due_at; for the rest, one business day from arrival), oldest promise first, organisation names
// beside ids. Each kind of work is one source; a new kind is one more entry in INBOX_SOURCES (and, when the store
// can answer it beside the others in one question, one more queue of `InboxQueues`).
import type { InboxQueues, QueueHead, StoreReads } from '../../store/store.ts';
import { DATA_TYPE_LABELS } from '../listings/listing-format.ts';
import { nextBusinessDay } from '../requests/business-days.ts';
import { duration } from './due-words.ts';
import { recallsWaiting } from '../recalls/desk-view.ts';

export type InboxKind = 'request' | 'message' | 'access' | 'nda' | 'sample' | 'webhook' | 'recall';

export type InboxItem = {
  kind: InboxKind;
  id: string;
  /** What waits, in a few words. */
  what: string;
  /** The organisation's name (or, for an access request, the one it asks for). */
  org: string;
  /** The organisation's id, when the row is one organisation's: readInbox puts its name in `org`. */
  orgId?: string;
  href: string;
  /** When it came in, and when we promised to act (ISO times). */
  since: string;
  due: string;
};

/** A kind's first rows (at most INBOX_PAGE) and how many wait in all. */
export type InboxQueue = { rows: InboxItem[]; total: number };

/** What a source reads from: the store, the time, and the queues the store answers together (`inboxQueues`). */
export type InboxReads = { reads: StoreReads; now: Date; queues: Promise<InboxQueues> };

/** A source names an organisation by id (`orgId`); readInbox reads the names of only those it shows, once. */
export type InboxSource = (from: InboxReads) => Promise<InboxQueue>;

/**
 * Rows shown in all, the oldest promises across kinds (docs/decisions/desk-inbox.md), and so the most any kind
 * reads; a kind's rest is "N more", linking to the page that lists it.
 */
export const INBOX_PAGE = 50;
/** Where a kind's rows beyond the page are listed. */
export const INBOX_MORE: Record<InboxKind, string> = {
  request: '/desk/requests/?status=received',
  message: '/desk/requests/',
  access: '/desk/access/',
  nda: '/desk/orgs/',
  sample: '/desk/samples/',
  webhook: '/desk/orgs/',
  recall: '/desk/recalls/',
};
const FAILING_FOR_MS = 86_400_000;
const promise = (since: string) => nextBusinessDay(new Date(since)).toISOString();

/** A queue's first rows as the inbox shows them. */
const rowsOf = <T>({ first, total }: QueueHead<T>, row: (item: T) => InboxItem): InboxQueue => ({
  rows: first.map(row),
  total,
});
/** A queue the store answers whole, the longest waiting first: its first page's worth. */
const firstOf = <T>(all: T[], row: (item: T) => InboxItem) =>
  rowsOf({ first: all.slice(0, INBOX_PAGE), total: all.length }, row);

export const INBOX_SOURCES: Record<InboxKind, InboxSource> = {
  request: async ({ queues }) =>
    rowsOf((await queues).unanswered, (r) => ({
      kind: 'request',
      id: r.id,
      what: `Data request to reply to (${r.data_types.map((t) => DATA_TYPE_LABELS[t]).join(', ')})`,
      org: r.org_id,
      orgId: r.org_id,
      href: `/desk/requests/${r.id}`,
      since: r.created_at,
      due: r.reply_due_at,
    })),
  // A lab's message not yet answered, the longest waiting first; a request not yet replied to at all is its own row.
  message: async ({ queues, now }) =>
    rowsOf((await queues).messages, (r) => ({
      kind: 'message',
      id: r.id,
      what: `Lab message waiting ${duration(now.getTime() - Date.parse(r.awaiting_reply_since))} for an answer`,
      org: r.org_id,
      orgId: r.org_id,
      href: `/desk/requests/${r.id}#thread`,
      since: r.awaiting_reply_since,
      due: promise(r.awaiting_reply_since),
    })),
  access: async ({ queues }) =>
    rowsOf((await queues).access, (a) => ({
      kind: 'access',
      id: a.id,
      what: `Access request from ${a.name}`,
      org: a.organisation,
      href: `/desk/access/${a.id}`,
      since: a.created_at,
      due: promise(a.created_at),
    })),
  nda: async ({ queues }) =>
    rowsOf((await queues).ndas, (o) => ({
      kind: 'nda',
      id: o.id,
      what: 'NDA accepted, to verify',
      org: o.name,
      href: `/desk/orgs/${o.id}#nda`,
      since: o.accepted_at,
      due: promise(o.accepted_at),
    })),
  sample: async ({ queues }) =>
    rowsOf((await queues).samples, (s) => ({
      kind: 'sample',
      id: s.id,
      what: `Sample request pending verification (${s.listing_id})`,
      org: s.org_id,
      orgId: s.org_id,
      href: `/desk/samples/#${s.id}`,
      since: s.created_at,
      due: promise(s.created_at),
    })),
  webhook: async ({ reads, now }) => {
    // One row per endpoint: its latest delivery that failed for good (24 h of attempts) in the last day.
    const failed = await reads.failedDeliveries(new Date(now.getTime() - FAILING_FOR_MS));
    const latest = new Map(failed.reverse().map((d) => [d.endpoint_id, d]));
    return firstOf([...latest.values()], (d) => ({
      kind: 'webhook',
      id: d.endpoint_id,
      what: `Webhook endpoint failing for 24 h (${d.last_error ?? `HTTP ${d.last_status_code}`})`,
      org: d.org_id,
      orgId: d.org_id,
      href: `/desk/orgs/${d.org_id}#webhooks`,
      since: d.created_at,
      due: new Date(Date.parse(d.created_at) + FAILING_FOR_MS).toISOString(),
    }));
  },
  // A recall some organisation has not acknowledged: chased one business day after it was made.
  recall: async ({ reads }) =>
    firstOf(await recallsWaiting(reads), ({ recall, told, missing }) => ({
      kind: 'recall',
      id: recall.id,
      what: `Recall of ${recall.listing_id}: ${missing.length} of ${told.length} not acknowledged`,
      org: missing.map((m) => m.orgName).join(', '),
      href: `/desk/recalls/#${recall.id}`,
      since: recall.created_at,
      due: promise(recall.created_at),
    })),
};

/** `items`: the page shown; `counts`: how many of each kind wait; `more`: each kind's rows not shown. */
export type Inbox = {
  items: InboxItem[];
  counts: Record<InboxKind, number>;
  more: Record<InboxKind, number>;
};

const byDue = (a: InboxItem, b: InboxItem) => (a.due < b.due ? -1 : a.due > b.due ? 1 : 0);

export async function readInbox(reads: StoreReads, now: Date): Promise<Inbox> {
  const kinds = Object.keys(INBOX_SOURCES) as InboxKind[];
  const from = { reads, now, queues: reads.inboxQueues(INBOX_PAGE) };
  const queues = await Promise.all(kinds.map((kind) => INBOX_SOURCES[kind](from)));
  const counts = Object.fromEntries(kinds.map((kind, i) => [kind, queues[i]!.total])) as Inbox['counts'];
  const items = queues
    .flatMap((queue) => queue.rows)
    .sort(byDue)
    .slice(0, INBOX_PAGE);
  const shown = (kind: InboxKind) => items.filter((item) => item.kind === kind).length;
  const more = Object.fromEntries(kinds.map((kind) => [kind, counts[kind] - shown(kind)])) as Inbox['more'];
  const ids = [...new Set(items.flatMap((item) => (item.orgId ? [item.orgId] : [])))];
  const names = new Map((await reads.orgsByIds(ids)).map((o) => [o.id, o.name]));
  for (const item of items) if (item.orgId) item.org = names.get(item.orgId) ?? item.orgId;
  return { items, counts, more };
}
