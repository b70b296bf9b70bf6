// The desk's inbox in one statement (contract §13): for each queue, its first rows (the longest waiting first) and
// its total, as one JSON value. The inbox is read on every view of the desk, and one round trip instead of one per
// queue spares the server a socket write and PostgreSQL a statement for each. Each queue reads the fields the inbox
// shows, in its order, off a partial index that holds only what waits (016-inbox-order.sql).
import type { InboxQueues } from '../store.ts';

type QueueSql = {
  table: string;
  where: string;
  /** Each field of a row and the SQL it is read from (a column of the same name when left as ''). */
  fields: Record<string, string>;
  /** Fields to order by. */
  order: string[];
};

const QUEUES: Record<keyof InboxQueues, QueueSql> = {
  unanswered: {
    table: 'data_requests',
    where: "status = 'received' AND replied_at IS NULL",
    fields: { id: '', org_id: '', data_types: "doc->'data_types'", created_at: '', reply_due_at: '' },
    order: ['reply_due_at', 'id'],
  },
  messages: {
    table: 'data_requests',
    // A request not yet replied to at all is the unanswered queue's, so a question on it is not a second row.
    where:
      "awaiting_reply_since IS NOT NULL AND status <> 'closed' AND (replied_at IS NOT NULL OR status <> 'received')",
    fields: { id: '', org_id: '', awaiting_reply_since: '' },
    order: ['awaiting_reply_since', 'id'],
  },
  access: {
    table: 'access_requests',
    where: "status = 'pending'",
    fields: { id: '', name: "doc->>'name'", organisation: "doc->>'organisation'", created_at: '' },
    order: ['created_at', 'id'],
  },
  ndas: {
    table: 'orgs',
    where: "doc->'nda'->>'state' = 'accepted' AND doc->'nda'->>'accepted_at' IS NOT NULL",
    fields: { id: '', name: "doc->>'name'", accepted_at: "doc->'nda'->>'accepted_at'" },
    order: ['accepted_at', 'id'],
  },
  samples: {
    table: 'sample_requests',
    where: "status = 'pending_verification'",
    fields: { id: '', org_id: '', listing_id: "doc->>'listing_id'", created_at: '' },
    order: ['created_at', 'id'],
  },
};

// The total is a subquery of its own: an index-only count on the queue's partial index.
function queueSql(name: string, { table, where, fields, order }: QueueSql): string {
  const columns = Object.entries(fields).map(([field, sql]) => (sql ? `${sql} AS ${field}` : field));
  const row = Object.keys(fields).map((field) => `'${field}', h.${field}`);
  return `(SELECT json_build_object(
     'total', (SELECT count(*) FROM ${table} WHERE ${where}),
     'first', coalesce(json_agg(json_build_object(${row.join(', ')}) ORDER BY ${order.map((f) => `h.${f}`).join(', ')}), '[]'))
   FROM (SELECT ${columns.join(', ')} FROM ${table} WHERE ${where} ORDER BY ${order.join(', ')} LIMIT $1) AS h) AS ${name}`;
}

/** `$1`: how many rows of each queue. One row, a column per queue: `{ total, first }`. */
export const INBOX_SQL = `SELECT ${Object.entries(QUEUES)
  .map(([name, queue]) => queueSql(name, queue))
  .join(',\n')}`;
