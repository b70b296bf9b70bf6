// The schema's migrations, in order. Kept as TypeScript, not .sql files beside it, because the site's build
// bundles this module into dist/server (the /demand/ page reads the store), where no file beside it would exist.
// Append a migration; never edit one that has run.

export const MIGRATIONS: readonly { name: string; sql: string }[] = [
  {
    name: '001-records.sql',
    sql: `
-- Every record is kept whole as jsonb (the same shape as the JSON engine's files), with the fields the store's
-- queries filter and sort on as generated columns, so that they can carry indexes and constraints.

CREATE TABLE orgs (
  id text PRIMARY KEY,
  doc jsonb NOT NULL,
  created_at text GENERATED ALWAYS AS (doc->>'created_at') STORED
);

CREATE TABLE accounts (
  id text PRIMARY KEY,
  doc jsonb NOT NULL,
  org_id text GENERATED ALWAYS AS (doc->>'org_id') STORED REFERENCES orgs (id),
  email text GENERATED ALWAYS AS (doc->>'email') STORED UNIQUE
);

CREATE TABLE api_keys (
  id text PRIMARY KEY,
  doc jsonb NOT NULL,
  org_id text GENERATED ALWAYS AS (doc->>'org_id') STORED REFERENCES orgs (id),
  account_id text GENERATED ALWAYS AS (doc->>'account_id') STORED REFERENCES accounts (id),
  hash text GENERATED ALWAYS AS (doc->>'hash') STORED UNIQUE,
  created_at text GENERATED ALWAYS AS (doc->>'created_at') STORED
);
CREATE INDEX api_keys_org ON api_keys (org_id, created_at);

CREATE TABLE data_requests (
  id text PRIMARY KEY,
  doc jsonb NOT NULL,
  org_id text GENERATED ALWAYS AS (doc->>'org_id') STORED REFERENCES orgs (id),
  status text GENERATED ALWAYS AS (doc->>'status') STORED,
  created_at text GENERATED ALWAYS AS (doc->>'created_at') STORED,
  reply_due_at text GENERATED ALWAYS AS (doc->>'reply_due_at') STORED,
  replied_at text GENERATED ALWAYS AS (doc->>'replied_at') STORED
);
CREATE INDEX data_requests_newest ON data_requests (created_at DESC, id DESC);
CREATE INDEX data_requests_org_newest ON data_requests (org_id, created_at DESC, id DESC);
CREATE INDEX data_requests_unanswered ON data_requests (reply_due_at) WHERE status = 'received' AND replied_at IS NULL;

CREATE TABLE demand_posts (
  id text PRIMARY KEY,
  doc jsonb NOT NULL,
  created_at text GENERATED ALWAYS AS (doc->>'created_at') STORED,
  removed_at text GENERATED ALWAYS AS (doc->>'removed_at') STORED
);
CREATE INDEX demand_posts_live ON demand_posts (created_at DESC, id DESC) WHERE removed_at IS NULL;

CREATE TABLE sample_requests (
  id text PRIMARY KEY,
  doc jsonb NOT NULL,
  org_id text GENERATED ALWAYS AS (doc->>'org_id') STORED REFERENCES orgs (id),
  status text GENERATED ALWAYS AS (doc->>'status') STORED,
  created_at text GENERATED ALWAYS AS (doc->>'created_at') STORED
);
CREATE INDEX sample_requests_org ON sample_requests (org_id, created_at DESC);
CREATE INDEX sample_requests_status ON sample_requests (status, created_at DESC);

-- The id is "<org id>:<Idempotency-Key>": unique per organisation by the primary key.
CREATE TABLE idempotency_records (
  id text PRIMARY KEY,
  doc jsonb NOT NULL
);

CREATE TABLE audit_log (
  id text PRIMARY KEY,
  doc jsonb NOT NULL,
  org_id text GENERATED ALWAYS AS (doc->>'org_id') STORED,
  at text GENERATED ALWAYS AS (doc->>'at') STORED
);
CREATE INDEX audit_log_org ON audit_log (org_id, at DESC);
CREATE INDEX audit_log_newest ON audit_log (at DESC);

CREATE TABLE mail (
  id text PRIMARY KEY,
  doc jsonb NOT NULL,
  status text GENERATED ALWAYS AS (doc->>'status') STORED,
  next_attempt_at text GENERATED ALWAYS AS (doc->>'next_attempt_at') STORED,
  lease_until text GENERATED ALWAYS AS (doc->>'lease_until') STORED,
  created_at text GENERATED ALWAYS AS (doc->>'created_at') STORED
);
-- The queue: only undelivered mail is in this index, however much has gone out.
CREATE INDEX mail_undelivered ON mail (next_attempt_at) WHERE status IN ('queued', 'sending');
CREATE INDEX mail_newest ON mail (created_at DESC);
`,
  },
  {
    name: '002-self-serve.sql',
    sql: `
-- Self-serve (issue 21): dashboard sessions, sign-in tokens, access requests and NDA acceptances. Secrets are
-- stored only as SHA-256 hashes (unique: a hash names one session or token). Accounts made before roles are admins.

CREATE TABLE sessions (
  id text PRIMARY KEY,
  doc jsonb NOT NULL,
  hash text GENERATED ALWAYS AS (doc->>'hash') STORED UNIQUE,
  account_id text GENERATED ALWAYS AS (doc->>'account_id') STORED REFERENCES accounts (id)
);
CREATE INDEX sessions_account ON sessions (account_id);

CREATE TABLE signin_tokens (
  id text PRIMARY KEY,
  doc jsonb NOT NULL,
  hash text GENERATED ALWAYS AS (doc->>'hash') STORED UNIQUE,
  email text GENERATED ALWAYS AS (doc->>'email') STORED,
  created_at text GENERATED ALWAYS AS (doc->>'created_at') STORED
);
CREATE INDEX signin_tokens_email ON signin_tokens (email, created_at);

CREATE TABLE access_requests (
  id text PRIMARY KEY,
  doc jsonb NOT NULL,
  email text GENERATED ALWAYS AS (doc->>'email') STORED,
  status text GENERATED ALWAYS AS (doc->>'status') STORED,
  created_at text GENERATED ALWAYS AS (doc->>'created_at') STORED
);
CREATE INDEX access_requests_email ON access_requests (email, created_at);
CREATE INDEX access_requests_newest ON access_requests (created_at DESC, id DESC);

CREATE TABLE nda_acceptances (
  id text PRIMARY KEY,
  doc jsonb NOT NULL,
  org_id text GENERATED ALWAYS AS (doc->>'org_id') STORED REFERENCES orgs (id),
  created_at text GENERATED ALWAYS AS (doc->>'created_at') STORED
);
CREATE INDEX nda_acceptances_org ON nda_acceptances (org_id, created_at DESC);

CREATE INDEX accounts_org ON accounts (org_id);
UPDATE accounts SET doc = doc || '{"role":"admin"}'::jsonb WHERE NOT doc ? 'role';
`,
  },
  {
    name: '003-webhooks.sql',
    sql: `
CREATE TABLE webhook_endpoints (
  id text PRIMARY KEY,
  doc jsonb NOT NULL,
  org_id text GENERATED ALWAYS AS (doc->>'org_id') STORED REFERENCES orgs (id),
  created_at text GENERATED ALWAYS AS (doc->>'created_at') STORED,
  deleted_at text GENERATED ALWAYS AS (doc->>'deleted_at') STORED
);
CREATE INDEX webhook_endpoints_org ON webhook_endpoints (org_id, created_at) WHERE deleted_at IS NULL;

CREATE TABLE webhook_deliveries (
  id text PRIMARY KEY,
  doc jsonb NOT NULL,
  endpoint_id text GENERATED ALWAYS AS (doc->>'endpoint_id') STORED REFERENCES webhook_endpoints (id),
  status text GENERATED ALWAYS AS (doc->>'status') STORED,
  next_attempt_at text GENERATED ALWAYS AS (doc->>'next_attempt_at') STORED,
  lease_until text GENERATED ALWAYS AS (doc->>'lease_until') STORED,
  created_at text GENERATED ALWAYS AS (doc->>'created_at') STORED
);
-- As for mail: only what is still to be delivered is in the queue's index.
CREATE INDEX webhook_deliveries_undelivered ON webhook_deliveries (next_attempt_at) WHERE status IN ('queued', 'sending');
CREATE INDEX webhook_deliveries_endpoint ON webhook_deliveries (endpoint_id, created_at DESC, id DESC);
`,
  },
  {
    name: '004-demand-post-of-request.sql',
    sql: `
-- A request's post comes down when the lab withdraws the request.
CREATE INDEX demand_posts_request ON demand_posts ((doc->>'request_id'));
`,
  },
  {
    name: '005-deliveries-due-by-endpoint.sql',
    sql: `
-- A claim takes turns between endpoints: each endpoint's oldest undelivered, found without reading another's.
CREATE INDEX webhook_deliveries_due_by_endpoint ON webhook_deliveries (endpoint_id, next_attempt_at)
  WHERE status IN ('queued', 'sending');
`,
  },
  {
    name: '006-deliveries-due-by-time-dropped.sql',
    sql: `
-- The queue's index by time alone goes: the planner took it for one endpoint's oldest too, and read past every other
-- endpoint's deliveries to find none (870 ms a claim, with one endpoint of fifty holding 66,000 due).
DROP INDEX webhook_deliveries_undelivered;
`,
  },
  {
    name: '007-invitations-of-org.sql',
    sql: `
-- The team page lists an organisation's invitations, among every sign-in link ever sent.
CREATE INDEX signin_tokens_invitations ON signin_tokens ((doc->>'org_id'), created_at DESC)
  WHERE doc->>'purpose' = 'invitation';
`,
  },
  {
    name: '008-thread-and-reminders.sql',
    sql: `
-- The two-way thread and the desk's reminders (contract §13): what the inbox and the reminder pass ask for, each
-- from an index that holds only the few requests waiting, however many are stored.
ALTER TABLE data_requests
  ADD COLUMN awaiting_reply_since text GENERATED ALWAYS AS (doc->>'awaiting_reply_since') STORED,
  ADD COLUMN overdue_mailed_at text GENERATED ALWAYS AS (doc->>'overdue_mailed_at') STORED,
  ADD COLUMN owner_id text GENERATED ALWAYS AS (doc->>'owner_id') STORED;
CREATE INDEX data_requests_awaiting_reply ON data_requests (awaiting_reply_since, id)
  WHERE awaiting_reply_since IS NOT NULL;
CREATE INDEX data_requests_overdue_unmailed ON data_requests (reply_due_at)
  WHERE status = 'received' AND replied_at IS NULL AND overdue_mailed_at IS NULL;
CREATE INDEX data_requests_owner ON data_requests (owner_id, created_at DESC, id DESC) WHERE owner_id IS NOT NULL;
`,
  },
  {
    name: '009-desk-staff.sql',
    sql: `
-- The sourcing desk (contract §13): staff, their sign-in links and sessions (secrets as SHA-256 hashes, unique),
-- and saved replies. One staff record per address.
CREATE TABLE staff (
  id text PRIMARY KEY,
  doc jsonb NOT NULL,
  email text GENERATED ALWAYS AS (doc->>'email') STORED UNIQUE,
  created_at text GENERATED ALWAYS AS (doc->>'created_at') STORED
);

CREATE TABLE desk_links (
  id text PRIMARY KEY,
  doc jsonb NOT NULL,
  hash text GENERATED ALWAYS AS (doc->>'hash') STORED UNIQUE,
  email text GENERATED ALWAYS AS (doc->>'email') STORED,
  created_at text GENERATED ALWAYS AS (doc->>'created_at') STORED
);
CREATE INDEX desk_links_email ON desk_links (email, created_at);

CREATE TABLE desk_sessions (
  id text PRIMARY KEY,
  doc jsonb NOT NULL,
  hash text GENERATED ALWAYS AS (doc->>'hash') STORED UNIQUE,
  staff_id text GENERATED ALWAYS AS (doc->>'staff_id') STORED REFERENCES staff (id)
);
CREATE INDEX desk_sessions_staff ON desk_sessions (staff_id);

-- The inbox's webhook row: deliveries that failed for good, newest first, without reading the delivered ones.
CREATE INDEX webhook_deliveries_failed ON webhook_deliveries (created_at DESC) WHERE status = 'failed';

CREATE TABLE saved_replies (
  id text PRIMARY KEY,
  doc jsonb NOT NULL,
  created_at text GENERATED ALWAYS AS (doc->>'created_at') STORED
);
`,
  },
  {
    name: '014-recalls.sql',
    sql: `
-- Recalls (contract §15): a lab lists those it was told of (recipients holds organisation ids), the operator those of
-- a listing. An acknowledgement's id is "<recall id>:<org id>": a second one by the same organisation is refused.
CREATE TABLE recalls (
  id text PRIMARY KEY,
  doc jsonb NOT NULL,
  listing_id text GENERATED ALWAYS AS (doc->>'listing_id') STORED,
  created_at text GENERATED ALWAYS AS (doc->>'created_at') STORED
);
CREATE INDEX recalls_listing ON recalls (listing_id, created_at DESC);
CREATE INDEX recalls_recipients ON recalls USING gin ((doc->'recipients'));

CREATE TABLE recall_acknowledgements (
  id text PRIMARY KEY,
  doc jsonb NOT NULL,
  recall_id text GENERATED ALWAYS AS (doc->>'recall_id') STORED REFERENCES recalls (id),
  org_id text GENERATED ALWAYS AS (doc->>'org_id') STORED REFERENCES orgs (id),
  created_at text GENERATED ALWAYS AS (doc->>'created_at') STORED
);
CREATE INDEX recall_acknowledgements_recall ON recall_acknowledgements (recall_id, created_at);
`,
  },
  {
    name: '015-desk-inbox.sql',
    sql: `
-- The desk's inbox (contract §13) reads the NDAs accepted and waiting for verification: a handful of 2,000 orgs.
CREATE INDEX orgs_nda_accepted ON orgs ((doc->'nda'->>'accepted_at'), id) WHERE doc->'nda'->>'state' = 'accepted';
`,
  },
  {
    name: '016-inbox-order.sql',
    sql: `
-- The desk's inbox reads each queue's first rows in its order straight off an index holding only what waits.
DROP INDEX data_requests_unanswered;
CREATE INDEX data_requests_unanswered ON data_requests (reply_due_at, id) WHERE status = 'received' AND replied_at IS NULL;
CREATE INDEX access_requests_pending ON access_requests (created_at, id) WHERE status = 'pending';
CREATE INDEX sample_requests_pending ON sample_requests (created_at, id) WHERE status = 'pending_verification';
`,
  },
];
