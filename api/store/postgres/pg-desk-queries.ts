// The sourcing desk's reads (contract §13) in SQL: its own tables (009-desk-staff.sql), and the inbox's queues on
// the partial indexes that hold only what waits (unanswered requests, failed deliveries).
import type { InboxQueues, StoreReads } from '../store.ts';
import { INBOX_SQL } from './pg-inbox-sql.ts';
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

  async inboxQueues(limit: number) {
    return (await run<InboxQueues>(this.db, INBOX_SQL, [limit])).rows[0]!;
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
}
