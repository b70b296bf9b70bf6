// The queues' SQL: which mail and webhook deliveries are due, in the order senders take them, and what a lease locks.
import type { QueueCollection } from '../store.ts';

/** Not yet delivered: the predicate of the queues' partial indexes, written alike so that the planner uses them. */
const UNDELIVERED = `status IN ('queued', 'sending')`;
/** A queue's records due at $1: queued and due, or claimed by a sender whose lease has run out. */
const DUE = `${UNDELIVERED}
  AND ((status = 'queued' AND next_attempt_at <= $1) OR (status = 'sending' AND coalesce(lease_until, '') < $1))`;

/** A receiver's cap in $3 (a JSON object, receiver → cap), and never more than $2. */
const most = (receiver: string) => `least($2::int, coalesce(($3::jsonb ->> ${receiver})::int, $2::int))`;

/**
 * The first $2 of a queue's records due at $1, no more for a receiver than its cap, in the order senders take them
 * (queue-order.ts): `id`, and `turn` and `next_attempt_at` to order by. Mail oldest first; deliveries taking turns
 * between endpoints, each endpoint's oldest found through its own index (one probe per endpoint), not by reading
 * every due delivery. Only ids are read here, and nothing is locked: a lease locks the rows it takes (pg-store.ts).
 */
export function dueInTurns(collection: QueueCollection): string {
  if (collection === 'mail')
    return `SELECT id, 1 AS turn, next_attempt_at FROM mail WHERE ${DUE} ORDER BY next_attempt_at LIMIT ${most("''")}`;
  // The endpoints with deliveries to send, each found by one probe of the index, then each one's oldest due.
  return `WITH RECURSIVE receivers (id) AS (
      SELECT min(endpoint_id) FROM webhook_deliveries WHERE ${UNDELIVERED}
      UNION ALL
      SELECT (SELECT min(endpoint_id) FROM webhook_deliveries
               WHERE ${UNDELIVERED} AND endpoint_id > receivers.id)
        FROM receivers WHERE receivers.id IS NOT NULL)
    SELECT id, turn, next_attempt_at FROM (
      SELECT d.id, d.next_attempt_at, row_number() OVER (PARTITION BY r.id ORDER BY d.next_attempt_at) AS turn
        FROM receivers r CROSS JOIN LATERAL (
          SELECT id, next_attempt_at FROM webhook_deliveries
           WHERE endpoint_id = r.id AND ${DUE} ORDER BY next_attempt_at LIMIT ${most('r.id')}) d
    ) turns ORDER BY turn, next_attempt_at LIMIT $2`;
}

/**
 * What a lease takes, locked: the due records above. Mail is locked as it is found, so that a second sender skips
 * to the next ones; the deliveries chosen are locked afterwards, those another sender holds skipped (SKIP LOCKED,
 * not waited for) and the rest checked once more for being due, since another sender may have leased them since.
 */
export function dueLocked(collection: QueueCollection): string {
  if (collection === 'mail') return `${dueInTurns('mail')} FOR UPDATE SKIP LOCKED`;
  return `SELECT id FROM webhook_deliveries
     WHERE id IN (SELECT id FROM (${dueInTurns('deliveries')}) due) AND ${DUE} FOR UPDATE SKIP LOCKED`;
}
