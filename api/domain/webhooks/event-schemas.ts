// What each webhook event carries (contract §10), as zod schemas: the OpenAPI document's `webhooks` section is
// generated from them, and the HTTP tests parse every event received against them.
import { z } from 'zod';
import type { WebhookEventType } from '../../store/records.ts';
import { NDA_STATES } from '../labs/views.ts';
import { REQUEST_OUTCOMES, REQUEST_STATUSES } from '../vocabulary.ts';

const at = z.iso.datetime();
const requestStatus = z.enum(REQUEST_STATUSES);

const requestChange = { id: z.string().describe('The data request'), status: requestStatus, at };

const keyData = z.object({
  id: z.string(),
  name: z.string().nullable(),
  prefix: z.string().describe('dss_ and the first 4 characters: enough to recognise the key, never the key'),
  created_at: at,
  expires_at: at.nullable(),
  revoked_at: at.nullable().describe('After a rotation with grace, when the old key stops working'),
});

const ndaData = z.object({
  organisation_id: z.string(),
  state: z.enum(NDA_STATES),
  accepted_at: at.nullable(),
  verified_at: at.nullable(),
  revoked_at: at.nullable(),
});

/** A recall as the lab sees it: in the listing.recalled event and in GET /api/v1/recalls. */
export const recallData = z.object({
  id: z.string().describe('The recall (rcl_…)'),
  listing_id: z.string(),
  reason: z.string(),
  items: z
    .array(
      z.object({
        id: z.string().describe('The item withdrawn: a call, a study, a document'),
        files: z
          .array(z.object({ path: z.string(), sha256: z.string() }))
          .describe(
            "The sample files that hold it, with the SHA-256 the sample's manifest.json gives; none when no sample held it",
          ),
      }),
    )
    .min(1),
  created_at: at,
});

export const EVENT_DATA = {
  'request.created': z.object({
    id: z.string(),
    status: z.literal('received'),
    created_at: at,
    listing_id: z.string().nullable(),
    matches: z.array(z.unknown()).describe('As in the 201 answer of POST /api/v1/requests'),
  }),
  'request.status_changed': z.object({
    ...requestChange,
    previous_status: requestStatus,
    outcome: z.enum(REQUEST_OUTCOMES).nullable(),
    message: z.string().nullable(),
  }),
  'request.replied': z.object({ ...requestChange, message: z.string().nullable() }),
  'sample.link_sent': z.object({
    id: z.string().describe('The sample request'),
    listing_id: z.string(),
    status: z.literal('link_sent'),
    link_expires_at: at.describe('The link itself goes only to the account’s mailbox'),
  }),
  'sample.rejected': z.object({
    id: z.string(),
    listing_id: z.string(),
    status: z.literal('rejected'),
    reason: z.string().nullable(),
  }),
  'nda.verified': ndaData,
  'nda.revoked': ndaData,
  'key.created': keyData,
  'key.revoked': keyData,
  'listing.recalled': recallData.extend({
    acknowledge: z.string().describe('Where to attest the deletion: POST { deleted: true, statement }'),
  }),
  'webhook.test': z.object({ endpoint_id: z.string(), message: z.string() }),
} satisfies Record<WebhookEventType, z.ZodType>;

/** When each event is sent: for the guides (/docs/api/, llms.txt) and the OpenAPI document. */
export const EVENT_WHEN: Record<keyof typeof EVENT_DATA, string> = {
  'request.created': 'A data request of your organisation was stored',
  'request.status_changed':
    'A data request moved: in review, proposal sent, closed (with its outcome), or withdrawn',
  'request.replied': "The sourcing lead replied to a data request (the reply's text is in data.message)",
  'sample.link_sent':
    "A sample's download link went to the account's mailbox (the link itself only goes there)",
  'sample.rejected': 'A sample request was refused, with the reason',
  'nda.verified': "The operator verified your organisation's NDA acceptance: sample links go out",
  'nda.revoked': 'Your NDA was revoked: NDA-only fields and samples stop at once',
  'key.created': 'An API key was issued to your organisation (never the key itself)',
  'key.revoked': 'An API key was revoked, or rotated (revoked_at says when it stops working)',
  'listing.recalled':
    'Items of a listing your organisation received a sample of, or licensed, were withdrawn: delete them, then acknowledge',
  'webhook.test': 'You asked for a test event (POST /api/v1/webhooks/{id}/test); to this endpoint only',
};

/** The body of every webhook POST: `{ type, timestamp, data }`. */
export const eventSchema = (type: WebhookEventType) =>
  z.strictObject({ type: z.literal(type), timestamp: at, data: EVENT_DATA[type] });
