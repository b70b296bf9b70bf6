// The sourcing desk's reads (contract §13) in SQL: its own tables (009-desk-staff.sql), and the inbox's queues on
// the partial indexes that hold only what waits (unanswered requests, failed deliveries).
import type { Org } from '../records.ts';
import type { QueueHead, StoreReads, UnansweredRequest } from '../store.ts';
import { PgRecordQueries } from './pg-queries.ts';
import { run } from './pg-statements.ts';

export class PgQueries extends PgRecordQueries implements StoreReads {
  staff() {
    return this.docs<'staff'>('SELECT doc FROM staff ORDER BY created_at, id');
  }

  async deskLinkByHash(hash: string) {
    return (await this.docs<'desk_links'>('SELECT doc FROM desk_links WHERE hash = $1', [hash]))[0];
  }

  deskLinksSince(email: string, since: Date) {
    const sql = 'SELECT doc FROM desk_links WHERE email = $1 AND created_at > $2';
    return this.docs<'desk_links'>(sql, [email, since.toISOString()]);
  }

  async deskSessionByHash(hash: string) {
    return (await this.docs<'desk_sessions'>('SELECT doc FROM desk_sessions WHERE hash = $1', [hash]))[0];
  }

  deskSessionsOf(staffId: string) {
    return this.docs<'desk_sessions'>('SELECT doc FROM desk_sessions WHERE staff_id = $1', [staffId]);
  }

  savedReplies() {
    return this.docs<'saved_replies'>('SELECT doc FROM saved_replies ORDER BY created_at, id');
  }

  // Only the fields the inbox shows, not each request's whole document (its description, events and matches).
  unansweredRequests(limit: number) {
    return this.#head<UnansweredRequest>(
      'data_requests',
      "id, org_id, doc->'data_types' AS data_types, created_at, reply_due_at",
      "status = 'received' AND replied_at IS NULL",
      'reply_due_at, id',
      limit,
    );
  }

  failedDeliveries(since: Date) {
    return this.docs<'deliveries'>(
      "SELECT doc FROM webhook_deliveries WHERE status = 'failed' AND created_at > $1 ORDER BY created_at DESC, id DESC",
      [since.toISOString()],
    );
  }

  orgsByIds(ids: string[]) {
    return this.docs<'orgs'>('SELECT doc FROM orgs WHERE id = ANY($1)', [ids]);
  }

  // On orgs_nda_accepted (015-desk-inbox.sql): only the organisations whose NDA waits for verification.
  async ndasToVerify(limit: number) {
    const { first, total } = await this.#head<{ doc: Org }>(
      'orgs',
      'doc',
      "doc->'nda'->>'state' = 'accepted' AND doc->'nda'->>'accepted_at' IS NOT NULL",
      "doc->'nda'->>'accepted_at', id",
      limit,
    );
    return { first: first.map((row) => row.doc), total };
  }

  /**
   * A queue's first `limit` rows and how many match `where` in all. The total is its own subquery, counted on the
   * queue's partial index alone (an index-only scan), where a window count would read every row whole.
   */
  async #head<Row extends object>(
    table: string,
    columns: string,
    where: string,
    order: string,
    limit: number,
  ): Promise<QueueHead<Row>> {
    const { rows } = await run<Row & { total: string }>(
      this.db,
      `SELECT ${columns}, (SELECT count(*) FROM ${table} WHERE ${where}) AS total
       FROM ${table} WHERE ${where} ORDER BY ${order} LIMIT $1`,
      [limit],
    );
    return {
      first: rows.map(({ total: _, ...row }) => row as unknown as Row),
      total: Number(rows[0]?.total ?? 0),
    };
  }
}
