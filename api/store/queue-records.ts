// The queues' records: mail and webhook deliveries, and the endpoints deliveries go to. Types only; records.ts
// re-exports them, so the rest of the code names one place.

export type MailStatus = 'queued' | 'sending' | 'sent' | 'failed';

/** An NDA acceptance's signed copy (PDF), regenerated from its record at send time. */
export type MailAttachmentRef = { kind: 'nda_certificate'; org_id: string; acceptance_id: string };

export type MailRecord = {
  id: string;
  /** What caused it, e.g. `request:<id>:lead`: one mail per event, never two. */
  event: string;
  to: string;
  subject: string;
  /** Where the recipient's answer goes (the sourcing lead), when not to the sender; absent on older mail. */
  reply_to?: string | null;
  /** The body, until it is sent (then it is in the outbox or with the mail server) or has failed; then null. */
  text: string | null;
  html: string | null;
  /** Files made when the mail is sent, from the records named (never stored as bytes); absent: none. */
  attachments?: MailAttachmentRef[];
  status: MailStatus;
  attempts: number;
  next_attempt_at: string;
  /** While `sending`: until when the sender that claimed it holds it; after that another may. */
  lease_until: string | null;
  last_error: string | null;
  created_at: string;
  sent_at: string | null;
};

export type WebhookEventType =
  | 'request.created'
  | 'request.status_changed'
  | 'request.replied'
  | 'sample.link_sent'
  | 'sample.rejected'
  | 'nda.verified'
  | 'nda.revoked'
  | 'key.created'
  | 'key.revoked'
  | 'listing.recalled'
  | 'webhook.test';

export type WebhookEndpointRecord = {
  id: string;
  org_id: string;
  url: string;
  /** The events it receives; every event when empty. */
  events: WebhookEventType[];
  /** The signing secret (`whsec_…`), encrypted: it must be read back to sign, so it cannot be only hashed. */
  secret_sealed: string;
  created_at: string;
  created_by: string | null;
  deleted_at: string | null;
  /** Set when the account that made it was removed: it receives nothing more (absent on older records). */
  disabled_at?: string | null;
  disabled_reason?: string | null;
};

export type DeliveryStatus = 'queued' | 'sending' | 'delivered' | 'failed';

/** One event for one endpoint: its `id` is the `webhook-id`, the same on every attempt. */
export type WebhookDeliveryRecord = {
  id: string;
  endpoint_id: string;
  org_id: string;
  type: WebhookEventType;
  /** The body as first sent, until delivered; then null (the log keeps what happened, not what was said). */
  body: string | null;
  status: DeliveryStatus;
  attempts: number;
  next_attempt_at: string;
  /** While `sending`: until when the sender that claimed it holds it. */
  lease_until: string | null;
  last_status_code: number | null;
  last_error: string | null;
  created_at: string;
  delivered_at: string | null;
};
