// The sourcing desk's reads (contract §13) over what memory holds: its own small collections whole, and the inbox's
// queues (unanswered requests, failed deliveries) from the summaries the store keeps of them (layout.ts).
import type { InboxQueues, StoreReads } from '../store.ts';
import { newestFirst, RecordQueries } from './queries.ts';

const byKey = (a: string, aId: string, b: string, bId: string) =>
  a < b ? -1 : a > b ? 1 : aId < bId ? -1 : aId > bId ? 1 : 0;
const oldestFirst = (a: { id: string; created_at: string }, b: { id: string; created_at: string }) =>
  -newestFirst(a, b);

export class Queries extends RecordQueries implements StoreReads {
  async staff() {
    return (await this.records('staff')).sort(oldestFirst);
  }

  async deskLinkByHash(hash: string) {
    return (await this.records('desk_links')).find((link) => link.hash === hash);
  }

  async deskLinksSince(email: string, since: Date) {
    const after = since.toISOString();
    return (await this.records('desk_links')).filter((l) => l.email === email && l.created_at > after);
  }

  async deskSessionByHash(hash: string) {
    return (await this.records('desk_sessions')).find((session) => session.hash === hash);
  }

  async deskSessionsOf(staffId: string) {
    return (await this.records('desk_sessions')).filter((session) => session.staff_id === staffId);
  }

  async savedReplies() {
    return (await this.records('saved_replies')).sort(oldestFirst);
  }

  async inboxQueues(limit: number): Promise<InboxQueues> {
    const head = <T, R>(all: T[], row: (item: T) => R) => ({
      first: all.slice(0, limit).map(row),
      total: all.length,
    });
    const requests = await this.records('requests');
    const unanswered = requests
      .filter((r) => r.status === 'received' && !r.replied_at)
      .sort((a, b) => byKey(a.reply_due_at, a.id, b.reply_due_at, b.id));
    // A request not yet replied to at all is the unanswered queue's, so a question on it is not a second row.
    const messages = requests
      .filter(
        (r) => r.awaiting_reply_since && r.status !== 'closed' && (r.replied_at || r.status !== 'received'),
      )
      .sort((a, b) => byKey(a.awaiting_reply_since!, a.id, b.awaiting_reply_since!, b.id));
    const ndas = (await this.records('orgs'))
      .filter((o) => o.nda.state === 'accepted' && o.nda.accepted_at)
      .sort((a, b) => byKey(a.nda.accepted_at!, a.id, b.nda.accepted_at!, b.id));
    const access = (await this.records('access_requests'))
      .filter((a) => a.status === 'pending')
      .sort(oldestFirst);
    const samples = (await this.records('samples'))
      .filter((s) => s.status === 'pending_verification')
      .sort(oldestFirst);
    // The summaries hold all but a request's data types: only the rows shown are read whole.
    const shown = await this.wholeOf('requests', unanswered.slice(0, limit));
    return {
      unanswered: {
        first: shown.map((r) => ({
          id: r.id,
          org_id: r.org_id,
          data_types: r.data_types,
          created_at: r.created_at,
          reply_due_at: r.reply_due_at,
        })),
        total: unanswered.length,
      },
      messages: head(messages, (r) => ({
        id: r.id,
        org_id: r.org_id,
        awaiting_reply_since: r.awaiting_reply_since!,
      })),
      access: head(access, ({ id, name, organisation, created_at }) => ({
        id,
        name,
        organisation,
        created_at,
      })),
      ndas: head(ndas, ({ id, name, nda }) => ({ id, name, accepted_at: nda.accepted_at! })),
      samples: head(samples, ({ id, org_id, listing_id, created_at }) => ({
        id,
        org_id,
        listing_id,
        created_at,
      })),
    };
  }

  async failedDeliveries(since: Date) {
    const after = since.toISOString();
    const failed = (await this.records('deliveries'))
      .filter((d) => d.status === 'failed' && d.created_at > after)
      .sort(newestFirst);
    return this.wholeOf('deliveries', failed);
  }

  async orgsByIds(ids: string[]) {
    const wanted = new Set(ids);
    return (await this.records('orgs')).filter((o) => wanted.has(o.id));
  }
}
