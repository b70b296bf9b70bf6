// The records the store holds, as every engine stores them. Types only.
import type { Range } from '../domain/requests/bands.ts';
import type { AuditAdditions } from './desk-records.ts';
import type { DataType, Domain, Exclusivity, RequestOutcome, RequestStatus } from '../domain/vocabulary.ts';
import type { InternalNote, RequestMessage } from './thread-records.ts';
import type {
  DeliveryStatus,
  MailAttachmentRef,
  MailRecord,
  MailStatus,
  WebhookDeliveryRecord,
  WebhookEndpointRecord,
  WebhookEventType,
} from './queue-records.ts';

export type { InternalNote, RequestMessage, RequestOutcome, RequestStatus };
export type {
  DeliveryStatus,
  MailAttachmentRef,
  MailRecord,
  MailStatus,
  WebhookDeliveryRecord,
  WebhookEndpointRecord,
  WebhookEventType,
};

export type NdaState = 'none' | 'accepted' | 'verified';

export type Org = {
  id: string;
  name: string;
  created_at: string;
  nda: {
    state: NdaState;
    accepted_at: string | null;
    verified_at: string | null;
    revoked_at: string | null;
    /** The NDA version accepted from the dashboard, and who signed it; absent on acceptances the operator recorded. */
    version?: string | null;
    accepted_by?: string | null;
  };
};

/** admin: keys, team and the NDA; member: requests and samples. Records from before roles existed are admins. */
export type Role = 'admin' | 'member';

export type Account = {
  id: string;
  org_id: string;
  email: string;
  name: string | null;
  verified_at: string | null;
  created_at: string;
  /** Absent on accounts made before roles: read as admin (roleOf in domain/labs/roles.ts). */
  role?: Role;
  /** Removed from the team: signs in no more; kept, as every record is, for the audit trail. */
  removed_at?: string | null;
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
  /** May be in the future: a key rotated with a grace period is refused from then on. */
  revoked_at: string | null;
  replaced_by: string | null;
  /** Given from the dashboard; absent on keys the operator issued. */
  name?: string | null;
  /** Refused from then on, with a 401 that says it expired. */
  expires_at?: string | null;
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

/** The fields of a data request a listing is compared on (api/domain/requests/matching.ts). */
export type MatchField = 'data_type' | 'language' | 'domain' | 'geography' | 'volume';
/** A public listing that fits the request: which of the request's asks it meets and which it does not. */
export type RequestMatch = {
  listing_id: string;
  title: string;
  url: string;
  matched: MatchField[];
  missing: MatchField[];
  /** Only when the request carries an intended use: whether it fits the listing's licence (issue 43). */
  fit?: { fits: boolean; reasons: { field: string; says: string }[] };
};

export type DataRequestRecord = RequestFacets & {
  id: string;
  org_id: string;
  account_id: string;
  /** null when made from a dashboard session. */
  key_id: string | null;
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
  /** How the lab means to use the data (issue 43, api/domain/rights/fit.ts); absent on older records. */
  intended_use?: {
    purposes: string[];
    commercial?: boolean;
    territories?: string[];
    term_months?: number;
  } | null;
  // The thread and the desk's fields (contract §13, thread-records.ts); absent on older records: empty, null.
  messages?: RequestMessage[];
  notes?: InternalNote[];
  owner_id?: string | null;
  awaiting_reply_since?: string | null;
  overdue_mailed_at?: string | null;
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
  /** null when made from a dashboard session. */
  key_id: string | null;
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
  /**
   * The lab's own (disclosures, downloads, links), or the sourcing team's, never shown to the lab: a desk step
   * (staff_action) or, on a request (request_…), its owner or an internal note.
   */
  kind:
    'nda_disclosure' | 'sample_download' | 'sample_link' | 'staff_action' | 'request_owner' | 'request_note';
  org_id: string;
  key_id: string | null;
  listing_id: string | null;
  detail: string | null;
  /** The team's entries on a request: the request (listing null). */
  request_id?: string;
} & AuditAdditions;

/** A dashboard session (contract §8): only the SHA-256 of the cookie value is stored. */
export type SessionRecord = {
  id: string;
  /** SHA-256 of the cookie value, hex. */
  hash: string;
  account_id: string;
  org_id: string;
  created_at: string;
  /** Written at most every few minutes; the session ends after 2 idle days from it. */
  last_seen_at: string;
  /** The absolute end (SESSION_TTL_DAYS after sign-in). */
  expires_at: string;
  /** Signed out, removed from the team, or every session ended. */
  ended_at: string | null;
  ip: string;
  user_agent: string;
};

/** A sign-in link's token (15 minutes, or 72 hours after an approval; single use), or an invitation's (72 hours): only its SHA-256 is stored. */
export type SigninTokenRecord = {
  id: string;
  hash: string;
  email: string;
  purpose: 'signin' | 'invitation';
  /** The account it signs in; null for an invitation whose account is made on first use. */
  account_id: string | null;
  org_id: string;
  /** For an invitation: the role the new account gets. */
  role: Role | null;
  created_at: string;
  expires_at: string;
  used_at: string | null;
  /** An invitation an admin cancelled before it was used (absent on records made before cancelling existed). */
  cancelled_at?: string | null;
  /** For an invitation: the account that sent it (absent on invitations sent before it was recorded). */
  invited_by?: string | null;
};

export type AccessRequestStatus = 'pending' | 'approved' | 'rejected';

export type AccessRequestRecord = {
  id: string;
  organisation: string;
  name: string;
  email: string;
  intended_use: string;
  verticals: string[];
  status: AccessRequestStatus;
  created_at: string;
  decided_at: string | null;
  reason: string | null;
  /** Once approved: the organisation made or joined, and the admin account made. */
  org_id: string | null;
  account_id: string | null;
  /** Where the requester was going (a path of this site): the approval mail's link lands there (contract §14). */
  next?: string;
};

/** One click-through acceptance of the NDA, as signed: what, by whom, when and from where. */
export type NdaAcceptanceRecord = {
  id: string;
  org_id: string;
  account_id: string;
  version: string;
  sha256: string;
  signer_name: string;
  signer_title: string;
  ip: string;
  user_agent: string;
  created_at: string;
  /** The text accepted, whose SHA-256 is `sha256`, kept for its signed copy; absent on older acceptances. */
  text?: string;
};
