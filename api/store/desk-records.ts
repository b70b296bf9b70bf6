// The sourcing desk's records (contract §13): staff, their sign-in links and sessions, and saved replies. Staff are
// not lab accounts: no organisation, no key, no NDA. Types only.

export type StaffRole = 'lead' | 'admin';

export type StaffRecord = {
  id: string;
  /** Trimmed and lower case; one record per address (a removed member added again gets the same record back). */
  email: string;
  name: string;
  role: StaffRole;
  created_at: string;
  /** Removed: signs in no more, every session ends at once; kept for the audit trail. */
  removed_at: string | null;
};

/** A desk sign-in link's token (15 minutes, single use): only its SHA-256 is stored. */
export type DeskLinkRecord = {
  id: string;
  hash: string;
  staff_id: string;
  email: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
};

/** A desk session (cookie `dss_desk`): only the SHA-256 of the cookie value is stored. */
export type DeskSessionRecord = {
  id: string;
  hash: string;
  staff_id: string;
  created_at: string;
  last_seen_at: string;
  expires_at: string;
  /** Signed out, or the member removed. */
  ended_at: string | null;
  ip: string;
  user_agent: string;
};

/** A saved reply a lead picks on a request's page (admins keep the list). */
export type SavedReplyRecord = {
  id: string;
  title: string;
  body: string;
  created_at: string;
  created_by: string;
  removed_at: string | null;
};

/**
 * What an audit line (records.ts) says beyond its kind. A staff action (kind `staff_action`): who, by staff id, and
 * what (`request.reply`, `nda.verify`, …), its `org_id` the organisation touched or '' (an access request refused,
 * a saved reply) and its `listing_id` ''. A sample download: the account and the client's address (main records
 * them as of issue 43's download rework; the same optional fields). Absent on older lines.
 */
export type AuditAdditions = {
  /** The staff member acting; null: the operator at the CLI. */
  staff_id?: string | null;
  action?: string;
  ip?: string | null;
  account_id?: string | null;
};
