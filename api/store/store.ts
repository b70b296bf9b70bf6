// The store interface: what the domain asks of storage, and nothing of how an engine keeps it. Types only.
// Engines: json/ (lowdb documents in DATA_DIR, the embedded default) and postgres/ (DATABASE_URL). open-store.ts
// is the one place that picks one; nothing outside api/store/ knows which it talks to.
import type {
  AccessRequestRecord,
  AccessRequestStatus,
  Account,
  ApiKeyRecord,
  AuditRecord,
  DataRequestRecord,
  DemandPostRecord,
  IdempotencyRecord,
  MailRecord,
  MailStatus,
  NdaAcceptanceRecord,
  Org,
  RequestStatus,
  SampleRequestRecord,
  SampleStatus,
  WebhookDeliveryRecord,
  WebhookEndpointRecord,
  SessionRecord,
  SigninTokenRecord,
} from './records.ts';
import type { DeskLinkRecord, DeskSessionRecord, SavedReplyRecord, StaffRecord } from './desk-records.ts';
import type { RecallAcknowledgementRecord, RecallRecord } from './recall-records.ts';

export type Collections = {
  orgs: Org;
  accounts: Account;
  keys: ApiKeyRecord;
  requests: DataRequestRecord;
  demand: DemandPostRecord;
  samples: SampleRequestRecord;
  idempotency: IdempotencyRecord;
  audit: AuditRecord;
  mail: MailRecord;
  webhooks: WebhookEndpointRecord;
  deliveries: WebhookDeliveryRecord;
  sessions: SessionRecord;
  signin_tokens: SigninTokenRecord;
  access_requests: AccessRequestRecord;
  nda_acceptances: NdaAcceptanceRecord;
  staff: StaffRecord;
  desk_links: DeskLinkRecord;
  desk_sessions: DeskSessionRecord;
  saved_replies: SavedReplyRecord;
  recalls: RecallRecord;
  recall_acknowledgements: RecallAcknowledgementRecord;
};
/** Collections worked through as a queue: records `queued` or `sending` are the queue. */
export type QueueCollection = 'mail' | 'deliveries';
export type Collection = keyof Collections;
export type RecordOf<C extends Collection> = Collections[C];

export type KeyWithOwners = { key: ApiKeyRecord; org: Org; account: Account };

/** A page of a list, newest first; `next` is the cursor of the page after it, or null at the end. */
export type Page<T> = { items: T[]; next: string | null };
/** The first rows of a queue and how many it holds in all: the inbox shows a page's worth and says "N more". */
export type QueueHead<T> = { first: T[]; total: number };
/**
 * What waits on the sourcing desk, kind by kind, each the longest waiting first (the inbox, contract §13); a row
 * holds what the inbox shows of it, not the whole record.
 */
export type InboxQueues = {
  /** Data requests received and not replied to; the earliest reply-due first. */
  unanswered: QueueHead<
    Pick<DataRequestRecord, 'id' | 'org_id' | 'data_types' | 'created_at' | 'reply_due_at'>
  >;
  /** Requests replied to and not closed whose lab wrote since; the longest waiting first. */
  messages: QueueHead<Pick<DataRequestRecord, 'id' | 'org_id'> & { awaiting_reply_since: string }>;
  access: QueueHead<Pick<AccessRequestRecord, 'id' | 'name' | 'organisation' | 'created_at'>>;
  /** Organisations whose NDA is accepted and not yet verified; the earliest accepted first. */
  ndas: QueueHead<Pick<Org, 'id' | 'name'> & { accepted_at: string }>;
  /** Sample requests pending verification. */
  samples: QueueHead<Pick<SampleRequestRecord, 'id' | 'org_id' | 'listing_id' | 'created_at'>>;
};
export type PageQuery = { cursor?: string; limit?: number };

/** What the sourcing desk asks (contract §13): its own records, and the queues its inbox reads. */
export interface DeskStoreReads {
  /** The sourcing desk's staff, removed ones included; oldest first (a handful of people). */
  staff(): Promise<StaffRecord[]>;
  /** `hash`: SHA-256 of the token in a desk sign-in link, hex. */
  deskLinkByHash(hash: string): Promise<DeskLinkRecord | undefined>;
  /** Desk links made for `email` after `since` (its link limit). */
  deskLinksSince(email: string, since: Date): Promise<DeskLinkRecord[]>;
  /** `hash`: SHA-256 of the desk session cookie's value, hex. */
  deskSessionByHash(hash: string): Promise<DeskSessionRecord | undefined>;
  /** Every desk session of a staff member, ended ones included. */
  deskSessionsOf(staffId: string): Promise<DeskSessionRecord[]>;
  /** Saved replies, removed ones included; oldest first. */
  savedReplies(): Promise<SavedReplyRecord[]>;

  /** The inbox's queues, each its first `limit` and its total, in one question (one round trip on PostgreSQL). */
  inboxQueues(limit: number): Promise<InboxQueues>;
  /** Webhook deliveries that failed for good (24 h of attempts) made after `since`, newest first. */
  failedDeliveries(since: Date): Promise<WebhookDeliveryRecord[]>;
  /** The organisations of `ids` that exist, in no set order (the inbox's names: only those it shows). */
  orgsByIds(ids: string[]): Promise<Org[]>;
}
export type DeskReads = keyof DeskStoreReads;

/** The questions the domain asks. Every answer is current: a write by any process is seen at once. */
export interface StoreReads extends DeskStoreReads {
  orgById(id: string): Promise<Org | undefined>;
  /** Oldest first. */
  orgs(): Promise<Org[]>;
  accountById(id: string): Promise<Account | undefined>;
  /** `email` as stored: trimmed and lower case. */
  accountByEmail(email: string): Promise<Account | undefined>;
  keyById(id: string): Promise<ApiKeyRecord | undefined>;
  /**
   * The key whose hash is `hash` (SHA-256 of the whole key, hex), with its organisation and account: the caller of
   * a request, in one question.
   */
  keyWithOwners(hash: string): Promise<KeyWithOwners | undefined>;
  /** Oldest first. */
  keysOf(orgId: string): Promise<ApiKeyRecord[]>;
  /** The organisation's accounts, removed ones included; oldest first. */
  accountsOf(orgId: string): Promise<Account[]>;

  /** `hash`: SHA-256 of the session cookie's value, hex. */
  sessionByHash(hash: string): Promise<SessionRecord | undefined>;
  /** Every session of the account, ended ones included. */
  sessionsOf(accountId: string): Promise<SessionRecord[]>;
  /** `hash`: SHA-256 of the token in the link, hex. */
  signinTokenByHash(hash: string): Promise<SigninTokenRecord | undefined>;
  /** Tokens made for `email` after `since` (its sign-in limit). */
  signinTokensSince(email: string, since: Date): Promise<SigninTokenRecord[]>;
  /** The organisation's invitations, used, cancelled and expired ones included; newest first. */
  invitationsOf(orgId: string): Promise<SigninTokenRecord[]>;

  accessRequestById(id: string): Promise<AccessRequestRecord | undefined>;
  /** Newest first. */
  accessRequests(query: { status?: AccessRequestStatus }): Promise<AccessRequestRecord[]>;
  /** Access requests made after `since`, every address's, newest first (their daily and hourly caps). */
  accessRequestsSince(since: Date): Promise<AccessRequestRecord[]>;

  /** The organisation's NDA acceptances, newest first. */
  ndaAcceptances(orgId: string): Promise<NdaAcceptanceRecord[]>;

  requestById(id: string): Promise<DataRequestRecord | undefined>;
  /** Newest first; every organisation's when `orgId` is left out. */
  requests(query: { orgId?: string; status?: RequestStatus } & PageQuery): Promise<Page<DataRequestRecord>>;
  /** How many data requests the organisation made after `since` (its hourly cap), without reading them. */
  requestCountSince(orgId: string, since: Date): Promise<number>;
  /** The organisation's newest `limit` data requests made after `since`, newest first (its hour's digest). */
  requestsSince(orgId: string, since: Date, limit: number): Promise<DataRequestRecord[]>;
  /** Received, unanswered and due before `now`; the longest overdue first. */
  overdueRequests(now: Date): Promise<DataRequestRecord[]>;
  /**
   * Received and unanswered, reply due in [from, to), whose overdue mail is not queued yet (overdue_mailed_at
   * unset); the longest overdue first.
   */
  overdueUnmailed(from: Date, to: Date): Promise<DataRequestRecord[]>;
  /** Requests with a lab message not yet answered (awaiting_reply_since set); the longest waiting first. */
  awaitingReply(): Promise<DataRequestRecord[]>;

  demandPostById(id: string): Promise<DemandPostRecord | undefined>;
  /** The post a request put on the board, if it asked for one (removed or not). */
  demandPostOf(requestId: string): Promise<DemandPostRecord | undefined>;
  /** Posts still on the board (not removed), newest first. */
  demandPosts(query?: PageQuery): Promise<Page<DemandPostRecord>>;

  sampleById(id: string): Promise<SampleRequestRecord | undefined>;
  /** Newest first. */
  samples(query: { orgId?: string; status?: SampleStatus }): Promise<SampleRequestRecord[]>;
  /** Newest first, one page (GET /api/v1/sample-requests). */
  samplePage(query: { orgId: string } & PageQuery): Promise<Page<SampleRequestRecord>>;
  /** The organisation's sample requests made after `since` (for its daily cap). */
  samplesSince(orgId: string, since: Date): Promise<SampleRequestRecord[]>;

  recallById(id: string): Promise<RecallRecord | undefined>;
  /** Newest first: those told to `orgId`, of `listingId`, or every one. */
  recalls(query: { orgId?: string; listingId?: string }): Promise<RecallRecord[]>;
  /** A recall's acknowledgements, oldest first. */
  recallAcknowledgements(recallId: string): Promise<RecallAcknowledgementRecord[]>;

  /** `id`: `<org id>:<Idempotency-Key>`. */
  idempotencyRecord(id: string): Promise<IdempotencyRecord | undefined>;

  /** Newest first. */
  auditLog(query: { orgId?: string }): Promise<AuditRecord[]>;

  mailById(id: string): Promise<MailRecord | undefined>;
  /** Newest first. */
  mailList(query: { status?: MailStatus }): Promise<MailRecord[]>;
  /** Mail to send now: queued and due, or claimed by a sender whose lease has run out; oldest first. */
  dueMail(now: Date, limit: number): Promise<MailRecord[]>;

  webhookById(id: string): Promise<WebhookEndpointRecord | undefined>;
  /** The organisation's endpoints not deleted, oldest first. */
  webhooksOf(orgId: string): Promise<WebhookEndpointRecord[]>;
  deliveryById(id: string): Promise<WebhookDeliveryRecord | undefined>;
  /** An endpoint's deliveries, newest first. */
  deliveries(query: { endpointId: string } & PageQuery): Promise<Page<WebhookDeliveryRecord>>;
  /**
   * Deliveries to attempt now: queued and due, or claimed by a sender whose lease ran out; oldest first, taking turns
   * between endpoints (queue-order.ts).
   */
  dueDeliveries(now: Date, limit: number): Promise<WebhookDeliveryRecord[]>;

  /** Every record of a collection, in no promised order: for moving a store whole (`ops store copy`). */
  allRecords<C extends Collection>(collection: C): Promise<RecordOf<C>[]>;
}

/** Receivers that get no more than so many records of one claim (endpoints that answer slowly); others any number. */
export type Caps = ReadonlyMap<string, number>;

/** A transaction: its reads see its own writes; its writes take effect together, or not at all. */
export interface Tx extends StoreReads {
  insert<C extends Collection>(collection: C, record: RecordOf<C>): Promise<void>;
  /** Inserts `record` unless its id is taken (an id made from an event); true if it was inserted. */
  insertNew<C extends Collection>(collection: C, record: RecordOf<C>): Promise<boolean>;
  /** Throws if there is no such record. */
  update<C extends Collection>(collection: C, id: string, patch: Partial<RecordOf<C>>): Promise<RecordOf<C>>;
  /** `update` for each of `changes` (distinct ids), in one statement where the engine can. */
  updateEach<C extends Collection>(
    collection: C,
    changes: { id: string; patch: Partial<RecordOf<C>> }[],
  ): Promise<void>;
  /**
   * Leases up to `limit` of a queue's records due at `now` (as `dueMail` finds them) to this sender until
   * `leaseUntil`: each becomes `sending`, and no other sender gets it until the lease ends. In the order of `dueMail`
   * and `dueDeliveries`, and no more for a receiver (a delivery's endpoint) than its cap in `caps`.
   */
  lease<C extends QueueCollection>(
    collection: C,
    now: Date,
    limit: number,
    leaseUntil: string,
    caps?: Caps,
  ): Promise<RecordOf<C>[]>;
  /**
   * Moves to `renewedUntil` the lease of those of `ids` still held under `leaseUntil`: a sender still at work keeps
   * what it claimed. A record whose outcome is recorded, or that another sender has taken since, is left alone.
   */
  renewLease<C extends QueueCollection>(
    collection: C,
    ids: readonly string[],
    leaseUntil: string,
    renewedUntil: string,
  ): Promise<void>;
}

export interface Store extends StoreReads {
  /** Where the data lives, said to the operator (a folder or a database host), never a secret. */
  readonly location: string;
  /**
   * Runs `work` in a transaction and resolves with its result once the change is durable. If `work` throws,
   * nothing it wrote is kept. Keep `work` to store calls: it may hold other writers while it runs.
   */
  transact<T>(work: (tx: Tx) => Promise<T>): Promise<T>;
  /** Readable and writable now (GET /api/v1/health). */
  healthy(): Promise<boolean>;
  /** Resolves once every transaction asked for so far is durable. */
  close(): Promise<void>;
}
