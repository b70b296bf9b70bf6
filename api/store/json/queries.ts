// The store's questions answered over what memory holds of the records (layout.ts: whole, or the fields queries
// filter and sort on), with the whole records of an answer read last: the same code for the store's committed
// records and for a transaction's view of them (its own writes on top).
import { ByIdReads } from '../by-id-reads.ts';
import type { Caps } from '../queue-order.ts';
import type {
  Collection,
  DeskReads,
  Page,
  PageQuery,
  QueueCollection,
  RecordOf,
  StoreReads,
} from '../store.ts';
import type { Summary } from './layout.ts';
import { newestFirst, page } from './pages.ts';

export { newestFirst };

export interface RecordSource {
  /** The whole record (read from its segment if memory holds only its summary). */
  get<C extends Collection>(collection: C, id: string): RecordOf<C> | undefined;
  /** Every record of the collection as memory holds it. */
  summaries<C extends Collection>(collection: C): Summary<C>[];
  /** How many data requests the organisation made after `after` (an ISO time). */
  requestCountAfter(orgId: string, after: string): number;
  /** The newest `limit` of those, newest first, as memory holds them. */
  newestRequestsAfter(orgId: string, after: string, limit: number): Summary<'requests'>[];
  /** Up to `limit` of a queue's records due at `now` (an ISO time), in the order senders take them (queue-order.ts). */
  due<C extends QueueCollection>(collection: C, now: string, limit: number, caps?: Caps): Summary<C>[];
}

/** The store's reads but the desk's (desk-queries.ts adds those: class Queries). */
export class RecordQueries extends ByIdReads implements Omit<StoreReads, DeskReads> {
  readonly #source: RecordSource;
  /** Runs before every answer: the store brings itself up to date there; a transaction is already. */
  readonly #ready: () => Promise<void>;

  constructor(source: RecordSource, ready: () => Promise<void> = async () => {}) {
    super();
    this.#source = source;
    this.#ready = ready;
  }

  protected async byId<C extends Collection>(collection: C, id: string): Promise<RecordOf<C> | undefined> {
    await this.#ready();
    return this.#source.get(collection, id);
  }

  async #all<C extends Collection>(collection: C): Promise<Summary<C>[]> {
    await this.#ready();
    return this.#source.summaries(collection);
  }

  /** For the reads a subclass adds: every record of a collection as memory holds it. */
  protected records<C extends Collection>(collection: C): Promise<Summary<C>[]> {
    return this.#all(collection);
  }

  /** For the reads a subclass adds: the whole records of an answer, in its order. */
  protected wholeOf<C extends Collection>(collection: C, summaries: Summary<C>[]): RecordOf<C>[] {
    return this.#whole(collection, summaries);
  }

  /** The whole records of an answer, in its order. */
  #whole<C extends Collection>(collection: C, summaries: Summary<C>[]): RecordOf<C>[] {
    return summaries.map((summary) => this.#source.get(collection, summary.id)!);
  }

  #wholePage<C extends Collection>(collection: C, { items, next }: Page<Summary<C>>): Page<RecordOf<C>> {
    return { items: this.#whole(collection, items), next };
  }

  async demandPostOf(requestId: string) {
    return (await this.#all('demand')).find((post) => post.request_id === requestId);
  }

  async allRecords<C extends Collection>(collection: C) {
    return this.#whole(collection, await this.#all(collection));
  }

  orgs() {
    return this.#all('orgs');
  }

  async accountByEmail(email: string) {
    return (await this.#all('accounts')).find((account) => account.email === email);
  }

  async keyWithOwners(hash: string) {
    const key = (await this.#all('keys')).find((candidate) => candidate.hash === hash);
    const org = key && this.#source.get('orgs', key.org_id);
    const account = key && this.#source.get('accounts', key.account_id);
    return key && org && account ? { key, org, account } : undefined;
  }

  async keysOf(orgId: string) {
    return (await this.#all('keys')).filter((key) => key.org_id === orgId);
  }

  async accountsOf(orgId: string) {
    return (await this.#all('accounts'))
      .filter((account) => account.org_id === orgId)
      .sort((a, b) => (a.created_at < b.created_at ? -1 : a.created_at > b.created_at ? 1 : 0));
  }

  async sessionByHash(hash: string) {
    return (await this.#all('sessions')).find((session) => session.hash === hash);
  }

  async sessionsOf(accountId: string) {
    return (await this.#all('sessions')).filter((session) => session.account_id === accountId);
  }

  async signinTokenByHash(hash: string) {
    return (await this.#all('signin_tokens')).find((token) => token.hash === hash);
  }

  async signinTokensSince(email: string, since: Date) {
    const after = since.toISOString();
    return (await this.#all('signin_tokens')).filter((t) => t.email === email && t.created_at > after);
  }

  async invitationsOf(orgId: string) {
    return (await this.#all('signin_tokens'))
      .filter((t) => t.purpose === 'invitation' && t.org_id === orgId)
      .sort((a, b) => (a.created_at < b.created_at ? 1 : a.created_at > b.created_at ? -1 : 0));
  }

  async accessRequests(query: { status?: string }) {
    return (await this.#all('access_requests'))
      .filter((r) => !query.status || r.status === query.status)
      .sort(newestFirst);
  }

  async accessRequestsSince(since: Date) {
    const after = since.toISOString();
    return (await this.#all('access_requests')).filter((r) => r.created_at > after).sort(newestFirst);
  }

  async ndaAcceptances(orgId: string) {
    return (await this.#all('nda_acceptances')).filter((a) => a.org_id === orgId).sort(newestFirst);
  }

  async recalls(query: Parameters<StoreReads['recalls']>[0]) {
    return (await this.#all('recalls'))
      .filter(
        (r) =>
          (!query.orgId || r.recipients.includes(query.orgId)) &&
          (!query.listingId || r.listing_id === query.listingId),
      )
      .sort(newestFirst);
  }

  async recallAcknowledgements(recallId: string) {
    return (await this.#all('recall_acknowledgements'))
      .filter((a) => a.recall_id === recallId)
      .sort((a, b) => -newestFirst(a, b));
  }

  async requests(query: Parameters<StoreReads['requests']>[0]) {
    const matching = (await this.#all('requests')).filter(
      (r) => (!query.orgId || r.org_id === query.orgId) && (!query.status || r.status === query.status),
    );
    return this.#wholePage('requests', page(matching.sort(newestFirst), query));
  }

  async requestCountSince(orgId: string, since: Date) {
    await this.#ready();
    return this.#source.requestCountAfter(orgId, since.toISOString());
  }

  async requestsSince(orgId: string, since: Date, limit: number) {
    await this.#ready();
    return this.#whole('requests', this.#source.newestRequestsAfter(orgId, since.toISOString(), limit));
  }

  async overdueRequests(now: Date) {
    const at = now.toISOString();
    const overdue = (await this.#all('requests'))
      .filter((r) => r.status === 'received' && !r.replied_at && r.reply_due_at < at)
      .sort((a, b) => (a.reply_due_at < b.reply_due_at ? -1 : 1));
    return this.#whole('requests', overdue);
  }

  async overdueUnmailed(from: Date, to: Date) {
    const [after, before] = [from.toISOString(), to.toISOString()];
    const overdue = (await this.#all('requests'))
      .filter(
        (r) =>
          r.status === 'received' &&
          !r.replied_at &&
          !r.overdue_mailed_at &&
          r.reply_due_at >= after &&
          r.reply_due_at < before,
      )
      .sort((a, b) => (a.reply_due_at < b.reply_due_at ? -1 : 1));
    return this.#whole('requests', overdue);
  }

  async awaitingReply() {
    const waiting = (await this.#all('requests'))
      .filter((r) => r.awaiting_reply_since)
      .sort((a, b) => (a.awaiting_reply_since! < b.awaiting_reply_since! ? -1 : 1));
    return this.#whole('requests', waiting);
  }

  async demandPosts(query: PageQuery = {}) {
    const live = (await this.#all('demand')).filter((post) => !post.removed_at);
    return page(live.sort(newestFirst), query);
  }

  async samples(query: Parameters<StoreReads['samples']>[0]) {
    return (await this.#all('samples'))
      .filter(
        (s) => (!query.orgId || s.org_id === query.orgId) && (!query.status || s.status === query.status),
      )
      .sort(newestFirst);
  }

  async samplePage(query: Parameters<StoreReads['samplePage']>[0]) {
    const mine = (await this.#all('samples')).filter((s) => s.org_id === query.orgId);
    return page(mine.sort(newestFirst), query);
  }

  async samplesSince(orgId: string, since: Date) {
    const after = since.toISOString();
    return (await this.#all('samples')).filter((s) => s.org_id === orgId && s.created_at > after);
  }

  async auditLog(query: { orgId?: string }) {
    const entries = (await this.#all('audit'))
      .filter((entry) => !query.orgId || entry.org_id === query.orgId)
      .sort((a, b) => (a.at < b.at ? 1 : -1));
    return this.#whole('audit', entries);
  }

  async mailList(query: { status?: string }) {
    const mail = (await this.#all('mail'))
      .filter((mail) => !query.status || mail.status === query.status)
      .sort(newestFirst);
    return this.#whole('mail', mail);
  }

  dueMail(now: Date, limit: number) {
    return this.due('mail', now, limit);
  }

  async webhooksOf(orgId: string) {
    return (await this.#all('webhooks'))
      .filter((hook) => hook.org_id === orgId && !hook.deleted_at)
      .sort((a, b) => -newestFirst(a, b));
  }

  async deliveries(query: Parameters<StoreReads['deliveries']>[0]) {
    const own = (await this.#all('deliveries')).filter((d) => d.endpoint_id === query.endpointId);
    return this.#wholePage('deliveries', page(own.sort(newestFirst), query));
  }

  dueDeliveries(now: Date, limit: number) {
    return this.due('deliveries', now, limit);
  }

  /** A queue's records due now (queued and due, or claimed by a sender whose lease ran out), as senders take them. */
  protected async due<C extends QueueCollection>(
    collection: C,
    now: Date,
    limit: number,
    caps?: Caps,
  ): Promise<RecordOf<C>[]> {
    await this.#ready();
    return this.#whole(collection, this.#source.due(collection, now.toISOString(), limit, caps));
  }
}
