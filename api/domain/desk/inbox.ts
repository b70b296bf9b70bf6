// The desk's inbox (contract §13): everything that waits on the sourcing team, each row with its promise (a data
// request's reply_due_at; for the rest, one business day from arrival), oldest promise first, organisation names
// beside ids. Each kind of work is one source; a new kind is one more entry in INBOX_SOURCES.
import type { StoreReads } from '../../store/store.ts';
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

/** A source names an organisation by id (`orgId`); readInbox reads the names of only those it shows, once. */
export type InboxSource = (reads: StoreReads, now: Date) => Promise<InboxItem[]>;

/** Rows per kind: an inbox is read, not scrolled; the pages behind it list the rest. */
export const INBOX_LIMIT = 200;
/** Rows shown in all, the oldest promises across kinds (docs/decisions/desk-inbox.md); a kind's rest is "N more". */
export const INBOX_PAGE = 100;
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

export const INBOX_SOURCES: Record<InboxKind, InboxSource> = {
  request: async (reads) =>
    (await reads.unansweredRequests(INBOX_LIMIT)).map((r) => ({
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
  message: async (reads, now) =>
    (await reads.awaitingReply())
      .filter((r) => r.status !== 'closed' && (r.replied_at || r.status !== 'received'))
      .slice(0, INBOX_LIMIT)
      .map((r) => ({
        kind: 'message',
        id: r.id,
        what: `Lab message waiting ${duration(now.getTime() - Date.parse(r.awaiting_reply_since!))} for an answer`,
        org: r.org_id,
        orgId: r.org_id,
        href: `/desk/requests/${r.id}#thread`,
        since: r.awaiting_reply_since!,
        due: promise(r.awaiting_reply_since!),
      })),
  access: async (reads) =>
    (await reads.accessRequests({ status: 'pending' })).slice(0, INBOX_LIMIT).map((a) => ({
      kind: 'access',
      id: a.id,
      what: `Access request from ${a.name}`,
      org: a.organisation,
      href: `/desk/access/${a.id}`,
      since: a.created_at,
      due: promise(a.created_at),
    })),
  nda: async (reads) =>
    (await reads.ndasToVerify(INBOX_LIMIT)).map((o) => ({
      kind: 'nda',
      id: o.id,
      what: 'NDA accepted, to verify',
      org: o.name,
      href: `/desk/orgs/${o.id}#nda`,
      since: o.nda.accepted_at!,
      due: promise(o.nda.accepted_at!),
    })),
  sample: async (reads) =>
    (await reads.samples({ status: 'pending_verification' })).slice(0, INBOX_LIMIT).map((s) => ({
      kind: 'sample',
      id: s.id,
      what: `Sample request pending verification (${s.listing_id})`,
      org: s.org_id,
      orgId: s.org_id,
      href: `/desk/samples/#${s.id}`,
      since: s.created_at,
      due: promise(s.created_at),
    })),
  webhook: async (reads, now) => {
    // One row per endpoint: its latest delivery that failed for good (24 h of attempts) in the last day.
    const failed = await reads.failedDeliveries(new Date(now.getTime() - FAILING_FOR_MS));
    const latest = new Map(failed.reverse().map((d) => [d.endpoint_id, d]));
    return [...latest.values()].slice(0, INBOX_LIMIT).map((d) => ({
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
  recall: async (reads) =>
    (await recallsWaiting(reads)).slice(0, INBOX_LIMIT).map(({ recall, told, missing }) => ({
      kind: 'recall',
      id: recall.id,
      what: `Recall of ${recall.listing_id}: ${missing.length} of ${told.length} not acknowledged`,
      org: missing.map((m) => m.orgName).join(', '),
      href: `/desk/recalls/#${recall.id}`,
      since: recall.created_at,
      due: promise(recall.created_at),
    })),
};

/** `items`: the page shown; `counts`: each kind in all (up to INBOX_LIMIT); `more`: each kind's rows not shown. */
export type Inbox = {
  items: InboxItem[];
  counts: Record<InboxKind, number>;
  more: Record<InboxKind, number>;
};

export async function readInbox(reads: StoreReads, now: Date): Promise<Inbox> {
  const kinds = Object.keys(INBOX_SOURCES) as InboxKind[];
  const lists = await Promise.all(kinds.map((kind) => INBOX_SOURCES[kind](reads, now)));
  const counts = Object.fromEntries(kinds.map((kind, i) => [kind, lists[i]!.length])) as Inbox['counts'];
  const sorted = lists.flat().sort((a, b) => (a.due < b.due ? -1 : a.due > b.due ? 1 : 0));
  const items = sorted.slice(0, INBOX_PAGE);
  const shown = (kind: InboxKind) => items.filter((item) => item.kind === kind).length;
  const more = Object.fromEntries(kinds.map((kind) => [kind, counts[kind] - shown(kind)])) as Inbox['more'];
  const ids = [...new Set(items.flatMap((item) => (item.orgId ? [item.orgId] : [])))];
  const names = new Map((await reads.orgsByIds(ids)).map((o) => [o.id, o.name]));
  for (const item of items) if (item.orgId) item.org = names.get(item.orgId) ?? item.orgId;
  return { items, counts, more };
}
