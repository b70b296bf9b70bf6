// The store's questions in SQL, over a pool (reads outside a transaction) or one client (inside one).
import type { MailRecord, SampleRequestRecord } from '../records.ts';
import type {
  Collection,
  KeyWithOwners,
  Page,
  PageQuery,
  QueueCollection,
  RecordOf,
  StoreReads,
  DeskReads,
} from '../store.ts';
import { ByIdReads } from '../by-id-reads.ts';
import { run, TABLES, type Queryable } from './pg-statements.ts';
import { dueInTurns } from './pg-queue-sql.ts';

type Dated = { id: string; created_at: string };

const encodeCursor = (record: Dated) =>
  Buffer.from(JSON.stringify([record.created_at, record.id])).toString('base64url');

function decodeCursor(cursor: string | undefined): [string, string] | undefined {
  if (cursor === undefined) return undefined;
  try {
    const [createdAt, id] = JSON.parse(Buffer.from(cursor, 'base64url').toString()) as unknown[];
    return typeof createdAt === 'string' && typeof id === 'string' ? [createdAt, id] : undefined;
  } catch {
    return undefined; // a cursor that does not decode starts at the beginning, as in the JSON engine
  }
}

/** The store's reads but the desk's (pg-desk-queries.ts adds those: class PgQueries). */
export class PgRecordQueries extends ByIdReads implements Omit<StoreReads, DeskReads> {
  protected readonly db: Queryable;

  constructor(db: Queryable) {
    super();
    this.db = db;
  }

  protected async docs<C extends Collection>(sql: string, values: unknown[] = []): Promise<RecordOf<C>[]> {
    return (await run<{ doc: RecordOf<C> }>(this.db, sql, values)).rows.map((row) => row.doc);
  }

  protected async byId<C extends Collection>(collection: C, id: string): Promise<RecordOf<C> | undefined> {
    return (await this.docs<C>(`SELECT doc FROM ${TABLES[collection]} WHERE id = $1`, [id]))[0];
  }

  /** Newest first, one page: `where` is a condition on the table's columns, with $1… as in `values`. */
  async #page<C extends 'requests' | 'demand' | 'samples' | 'deliveries'>(
    collection: C,
    where: string[],
    values: unknown[],
    { cursor, limit }: PageQuery,
  ): Promise<Page<RecordOf<C>>> {
    const after = decodeCursor(cursor);
    const conditions = [...where];
    const params = [...values];
    if (after) {
      params.push(after[0], after[1]);
      conditions.push(`(created_at, id) < ($${params.length - 1}, $${params.length})`);
    }
    const filter = conditions.length ? `WHERE ${conditions.join(' AND ')}` : '';
    const take = limit === undefined ? '' : `LIMIT $${params.push(limit + 1)}`; // a parameter: one statement
    const rows = await this.docs<C>(
      `SELECT doc FROM ${TABLES[collection]} ${filter} ORDER BY created_at DESC, id DESC ${take}`,
      params,
    );
    if (limit === undefined || rows.length <= limit) return { items: rows, next: null };
    const items = rows.slice(0, limit);
    return { items, next: encodeCursor(items[items.length - 1]! as Dated) };
  }

  async demandPostOf(requestId: string) {
    const sql = "SELECT doc FROM demand_posts WHERE doc->>'request_id' = $1";
    return (await this.docs<'demand'>(sql, [requestId]))[0];
  }

  allRecords<C extends Collection>(collection: C) {
    return this.docs<C>(`SELECT doc FROM ${TABLES[collection]}`);
  }

  orgs() {
    return this.docs<'orgs'>('SELECT doc FROM orgs ORDER BY created_at, id');
  }

  async accountByEmail(email: string) {
    return (await this.docs<'accounts'>('SELECT doc FROM accounts WHERE email = $1', [email]))[0];
  }

  async keyWithOwners(hash: string): Promise<KeyWithOwners | undefined> {
    const { rows } = await run<KeyWithOwners>(
      this.db,
      `SELECT k.doc AS key, o.doc AS org, a.doc AS account FROM api_keys k
         JOIN orgs o ON o.id = k.org_id JOIN accounts a ON a.id = k.account_id
        WHERE k.hash = $1`,
      [hash],
    );
    return rows[0];
  }

  keysOf(orgId: string) {
    return this.docs<'keys'>('SELECT doc FROM api_keys WHERE org_id = $1 ORDER BY created_at, id', [orgId]);
  }

  accountsOf(orgId: string) {
    return this.docs<'accounts'>(
      "SELECT doc FROM accounts WHERE org_id = $1 ORDER BY doc->>'created_at', id",
      [orgId],
    );
  }

  async sessionByHash(hash: string) {
    return (await this.docs<'sessions'>('SELECT doc FROM sessions WHERE hash = $1', [hash]))[0];
  }

  sessionsOf(accountId: string) {
    return this.docs<'sessions'>('SELECT doc FROM sessions WHERE account_id = $1', [accountId]);
  }

  async signinTokenByHash(hash: string) {
    return (await this.docs<'signin_tokens'>('SELECT doc FROM signin_tokens WHERE hash = $1', [hash]))[0];
  }

  signinTokensSince(email: string, since: Date) {
    return this.docs<'signin_tokens'>('SELECT doc FROM signin_tokens WHERE email = $1 AND created_at > $2', [
      email,
      since.toISOString(),
    ]);
  }

  invitationsOf(orgId: string) {
    return this.docs<'signin_tokens'>(
      "SELECT doc FROM signin_tokens WHERE doc->>'purpose' = 'invitation' AND doc->>'org_id' = $1 ORDER BY created_at DESC, id DESC",
      [orgId],
    );
  }

  accessRequests(query: { status?: string }) {
    return query.status
      ? this.docs<'access_requests'>(
          'SELECT doc FROM access_requests WHERE status = $1 ORDER BY created_at DESC, id DESC',
          [query.status],
        )
      : this.docs<'access_requests'>('SELECT doc FROM access_requests ORDER BY created_at DESC, id DESC');
  }

  accessRequestsSince(since: Date) {
    return this.docs<'access_requests'>(
      'SELECT doc FROM access_requests WHERE created_at > $1 ORDER BY created_at DESC, id DESC',
      [since.toISOString()],
    );
  }

  ndaAcceptances(orgId: string) {
    return this.docs<'nda_acceptances'>(
      'SELECT doc FROM nda_acceptances WHERE org_id = $1 ORDER BY created_at DESC, id DESC',
      [orgId],
    );
  }

  recalls(query: Parameters<StoreReads['recalls']>[0]) {
    const where: string[] = [];
    const values: unknown[] = [];
    if (query.orgId) where.push(`doc->'recipients' ? $${values.push(query.orgId)}`);
    if (query.listingId) where.push(`listing_id = $${values.push(query.listingId)}`);
    const filter = where.length ? `WHERE ${where.join(' AND ')}` : '';
    return this.docs<'recalls'>(
      `SELECT doc FROM recalls ${filter} ORDER BY created_at DESC, id DESC`,
      values,
    );
  }

  recallAcknowledgements(recallId: string) {
    return this.docs<'recall_acknowledgements'>(
      'SELECT doc FROM recall_acknowledgements WHERE recall_id = $1 ORDER BY created_at, id',
      [recallId],
    );
  }

  requests(query: Parameters<StoreReads['requests']>[0]) {
    const where: string[] = [];
    const values: unknown[] = [];
    if (query.orgId) where.push(`org_id = $${values.push(query.orgId)}`);
    if (query.status) where.push(`status = $${values.push(query.status)}`);
    return this.#page('requests', where, values, query);
  }

  async requestCountSince(orgId: string, since: Date) {
    const { rows } = await run<{ n: number }>(
      this.db,
      'SELECT count(*)::int AS n FROM data_requests WHERE org_id = $1 AND created_at > $2',
      [orgId, since.toISOString()],
    );
    return rows[0]!.n;
  }

  requestsSince(orgId: string, since: Date, limit: number) {
    return this.docs<'requests'>(
      'SELECT doc FROM data_requests WHERE org_id = $1 AND created_at > $2 ORDER BY created_at DESC, id DESC LIMIT $3',
      [orgId, since.toISOString(), limit],
    );
  }

  overdueRequests(now: Date) {
    return this.docs<'requests'>(
      "SELECT doc FROM data_requests WHERE status = 'received' AND replied_at IS NULL AND reply_due_at < $1 ORDER BY reply_due_at",
      [now.toISOString()],
    );
  }

  overdueUnmailed(from: Date, to: Date) {
    return this.docs<'requests'>(
      "SELECT doc FROM data_requests WHERE status = 'received' AND replied_at IS NULL AND overdue_mailed_at IS NULL AND reply_due_at >= $1 AND reply_due_at < $2 ORDER BY reply_due_at",
      [from.toISOString(), to.toISOString()],
    );
  }

  awaitingReply() {
    return this.docs<'requests'>(
      'SELECT doc FROM data_requests WHERE awaiting_reply_since IS NOT NULL ORDER BY awaiting_reply_since, id',
    );
  }

  demandPosts(query: PageQuery = {}) {
    return this.#page('demand', ['removed_at IS NULL'], [], query);
  }

  samples(query: { orgId?: string; status?: SampleRequestRecord['status'] }) {
    const where: string[] = [];
    const values: unknown[] = [];
    if (query.orgId) where.push(`org_id = $${values.push(query.orgId)}`);
    if (query.status) where.push(`status = $${values.push(query.status)}`);
    const filter = where.length ? `WHERE ${where.join(' AND ')}` : '';
    return this.docs<'samples'>(
      `SELECT doc FROM sample_requests ${filter} ORDER BY created_at DESC, id DESC`,
      values,
    );
  }

  samplePage(query: Parameters<StoreReads['samplePage']>[0]) {
    return this.#page('samples', ['org_id = $1'], [query.orgId], query);
  }

  samplesSince(orgId: string, since: Date) {
    return this.docs<'samples'>('SELECT doc FROM sample_requests WHERE org_id = $1 AND created_at > $2', [
      orgId,
      since.toISOString(),
    ]);
  }

  auditLog(query: { orgId?: string }) {
    return query.orgId
      ? this.docs<'audit'>('SELECT doc FROM audit_log WHERE org_id = $1 ORDER BY at DESC', [query.orgId])
      : this.docs<'audit'>('SELECT doc FROM audit_log ORDER BY at DESC');
  }

  mailList(query: { status?: MailRecord['status'] }) {
    return query.status
      ? this.docs<'mail'>('SELECT doc FROM mail WHERE status = $1 ORDER BY created_at DESC, id DESC', [
          query.status,
        ])
      : this.docs<'mail'>('SELECT doc FROM mail ORDER BY created_at DESC, id DESC');
  }

  dueMail(now: Date, limit: number) {
    return this.#due('mail', now, limit);
  }

  webhooksOf(orgId: string) {
    return this.docs<'webhooks'>(
      'SELECT doc FROM webhook_endpoints WHERE org_id = $1 AND deleted_at IS NULL ORDER BY created_at, id',
      [orgId],
    );
  }

  deliveries(query: Parameters<StoreReads['deliveries']>[0]) {
    return this.#page('deliveries', ['endpoint_id = $1'], [query.endpointId], query);
  }

  dueDeliveries(now: Date, limit: number) {
    return this.#due('deliveries', now, limit);
  }

  #due<C extends QueueCollection>(collection: C, now: Date, limit: number) {
    return this.docs<C>(
      `SELECT q.doc FROM (${dueInTurns(collection)}) due JOIN ${TABLES[collection]} q USING (id)
        ORDER BY due.turn, due.next_attempt_at`,
      [now.toISOString(), limit, '{}'],
    );
  }
}
