// The desk's inbox in one statement (contract §13): for each queue, its first rows (the longest waiting first) and
// its total, as one JSON value. The inbox is read on every view of the desk, and one round trip instead of one per
// queue spares the server a socket write and PostgreSQL a statement for each.
import type { InboxQueues } from '../store.ts';

type QueueSql = {
  table: string;
  where: string;
  /** The subquery's columns: what a row becomes (`row`) and what it is ordered by (`order`). */
  columns: string;
  /** One row as JSON, from the subquery's alias `h`. */
  row: string;
  order: string[];
};

const doc = (order: string[]) => ({ columns: `doc, ${order.join(', ')}`, row: 'h.doc', order });

const QUEUES: Record<keyof InboxQueues, QueueSql> = {
  unanswered: {
    table: 'data_requests',
    where: "status = 'received' AND replied_at IS NULL",
    // Only the fields the inbox shows, not each request's description, events and matches.
    columns: "id, org_id, doc->'data_types' AS data_types, created_at, reply_due_at",
    row: "json_build_object('id', h.id, 'org_id', h.org_id, 'data_types', h.data_types, 'created_at', h.created_at, 'reply_due_at', h.reply_due_at)",
    order: ['reply_due_at', 'id'],
  },
  messages: {
    table: 'data_requests',
    // A request not yet replied to at all is the unanswered queue's, so a question on it is not a second row.
    where:
      "awaiting_reply_since IS NOT NULL AND status <> 'closed' AND (replied_at IS NOT NULL OR status <> 'received')",
    ...doc(['awaiting_reply_since', 'id']),
  },
  access: { table: 'access_requests', where: "status = 'pending'", ...doc(['created_at', 'id']) },
  ndas: {
    table: 'orgs',
    where: "doc->'nda'->>'state' = 'accepted' AND doc->'nda'->>'accepted_at' IS NOT NULL",
    columns: "doc, doc->'nda'->>'accepted_at' AS accepted_at, id",
    row: 'h.doc',
    order: ['accepted_at', 'id'],
  },
  samples: {
    table: 'sample_requests',
    where: "status = 'pending_verification'",
    ...doc(['created_at', 'id']),
  },
};

// The total is a subquery of its own: on a queue's partial index it is an index-only count, where a window count
// would read every waiting row whole.
const queueSql = (name: string, { table, where, columns, row, order }: QueueSql) =>
  `(SELECT json_build_object(
     'total', (SELECT count(*) FROM ${table} WHERE ${where}),
     'first', coalesce(json_agg(${row} ORDER BY ${order.map((column) => `h.${column}`).join(', ')}), '[]'))
   FROM (SELECT ${columns} FROM ${table} WHERE ${where} ORDER BY ${order.join(', ')} LIMIT $1) AS h) AS ${name}`;

/** `$1`: how many rows of each queue. One row, a column per queue: `{ total, first }`. */
export const INBOX_SQL = `SELECT ${Object.entries(QUEUES)
  .map(([name, queue]) => queueSql(name, queue))
  .join(',\n')}`;
