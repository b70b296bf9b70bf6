// The sourcing desk's reads (contract §13) over what memory holds: its own small collections whole, and the inbox's
// queues (unanswered requests, failed deliveries) from the summaries the store keeps of them (layout.ts).
import type { InboxQueues, QueueHead, StoreReads } from '../store.ts';
import type { Summary } from './layout.ts';
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
    const head = <T>(all: T[]) => ({ first: all.slice(0, limit), total: all.length });
    const whole = async ({ first, total }: QueueHead<Summary<'requests'>>) => ({
      first: await this.wholeOf('requests', first),
      total,
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
    return {
      unanswered: await whole(head(unanswered)),
      messages: await whole(head(messages)),
      access: head(
        (await this.records('access_requests')).filter((a) => a.status === 'pending').sort(oldestFirst),
      ),
      ndas: head(ndas),
      samples: head(
        (await this.records('samples')).filter((s) => s.status === 'pending_verification').sort(oldestFirst),
      ),
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
