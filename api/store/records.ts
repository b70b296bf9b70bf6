// The records the store holds, as every engine stores them. Types only.
import type { Range } from '../domain/requests/bands.ts';
import type { MatchField } from '../domain/requests/matching.ts';
import type { DataType, Domain, Exclusivity, RequestOutcome, RequestStatus } from '../domain/vocabulary.ts';

export type { RequestOutcome, RequestStatus };

export type NdaState = 'none' | 'accepted' | 'verified';

export type Org = {
  id: string;
  name: string;
  created_at: string;
  nda: { state: NdaState; accepted_at: string | null; verified_at: string | null; revoked_at: string | null };
};

export type Account = {
  id: string;
  org_id: string;
  email: string;
  name: string | null;
  verified_at: string | null;
  created_at: string;
};

export type ApiKeyRecord = {
  id: string;
  org_id: string;
  account_id: string;
  /** SHA-256 of the whole key, hex. The key itself is never stored. */
  hash: string;
  /** `dss_` and the first 4 random characters: enough for an operator to recognise a key, useless to an attacker. */
  prefix: string;
  created_at: string;
  last_used_at: string | null;
  revoked_at: string | null;
  replaced_by: string | null;
};

/** What a data request asks for: shared by the request and its anonymised demand-board post. */
export type RequestFacets = {
  data_types: DataType[];
  languages: string[];
  domains: Domain[];
  /** As the lab wrote it ("5-20 TB"); records stored before free bands hold one of the five old bands. */
  volume: string | null;
  timeline: string | null;
  exclusivity: Exclusivity | null;
  /** The bands normalised (requests/bands.ts); absent on old records, which are parsed on read instead. */
  volume_range?: Range | null;
  timeline_range?: Range | null;
};

/** One step of a request's life as the lab sees it: a move, or a reply (status unchanged, with its message). */
export type RequestEvent = { at: string; status: RequestStatus; message: string | null };

/** A public listing that fits the request: which of the request's asks it meets and which it does not. */
export type RequestMatch = {
  listing_id: string;
  title: string;
  url: string;
  matched: MatchField[];
  missing: MatchField[];
};

export type DataRequestRecord = RequestFacets & {
  id: string;
  org_id: string;
  account_id: string;
  key_id: string;
  status: RequestStatus;
  created_at: string;
  reply_due_at: string;
  replied_at: string | null;
  description: string;
  publish_to_demand_board: boolean;
  // Absent on records stored before the lifecycle (contract §9): read as null, [] and the events implied.
  listing_id?: string | null;
  outcome?: RequestOutcome | null;
  closed_at?: string | null;
  events?: RequestEvent[];
  matches?: RequestMatch[];
};

export type DemandPostRecord = RequestFacets & {
  id: string;
  /** Internal link for moderation; never public. */
  request_id: string;
  posted_on: string;
  created_at: string;
  removed_at: string | null;
};

export type SampleStatus = 'pending_verification' | 'sent' | 'rejected';

export type SampleRequestRecord = {
  id: string;
  org_id: string;
  account_id: string;
  key_id: string;
  listing_id: string;
  status: SampleStatus;
  created_at: string;
  approved_at: string | null;
  sent_at: string | null;
  rejected_at: string | null;
  reject_reason: string | null;
  /** How many links were mailed (the first, then each fresh one asked for); absent on old records: 0 or 1. */
  links_sent?: number;
};

export type IdempotencyRecord = {
  /** `<org id>:<Idempotency-Key>`: keys are scoped to the organisation. */
  id: string;
  body_sha256: string;
  status: number;
  response: unknown;
  created_at: string;
};

export type AuditRecord = {
  id: string;
  at: string;
  kind: 'nda_disclosure' | 'sample_download' | 'sample_link';
  org_id: string;
  key_id: string | null;
  listing_id: string;
  detail: string | null;
};

export type MailStatus = 'queued' | 'sending' | 'sent' | 'failed';

export type MailRecord = {
  id: string;
  /** What caused it, e.g. `request:<id>:lead`: one mail per event, never two. */
  event: string;
  to: string;
  subject: string;
  /** The body, until it is sent; then null (it is in the outbox or with the mail server, not in our memory). */
  text: string | null;
  html: string | null;
  status: MailStatus;
  attempts: number;
  next_attempt_at: string;
  /** While `sending`: until when the sender that claimed it holds it; after that another may. */
  lease_until: string | null;
  last_error: string | null;
  created_at: string;
  sent_at: string | null;
};
