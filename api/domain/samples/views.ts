// What a lab sees of its own sample requests (GET /api/v1/sample-requests, contract §9): a zod schema (which types
// the view and documents it in OpenAPI) and the function that makes it from the stored record.
import { z } from 'zod';
import type { SampleRequestRecord } from '../../store/records.ts';

export const SAMPLE_REQUEST_STATUSES = ['pending_verification', 'link_sent', 'rejected'] as const;

export const sampleRequestSchema = z
  .object({
    id: z.string(),
    listing_id: z.string(),
    status: z
      .enum(SAMPLE_REQUEST_STATUSES)
      .describe(
        'pending_verification: waiting for the account and the NDA acceptance to be verified; link_sent: the download link was mailed; rejected: see reason',
      ),
    created_at: z.iso.datetime(),
    link_sent_at: z.iso.datetime().nullable(),
    link_expires_at: z.iso.datetime().nullable().describe('When the mailed link stops working'),
    reason: z.string().nullable().describe('Why it was rejected'),
  })
  .meta({ id: 'SampleRequest' });

const STATUS = {
  pending_verification: 'pending_verification',
  sent: 'link_sent',
  rejected: 'rejected',
} as const;

/** `linkTtlSeconds`: a link expires that long after it was signed, which is when it was sent (fulfilment.ts). */
export function sampleView(
  sample: SampleRequestRecord,
  linkTtlSeconds: number,
): z.output<typeof sampleRequestSchema> {
  const sentAt = sample.sent_at === null ? null : Math.floor(Date.parse(sample.sent_at) / 1000);
  return {
    id: sample.id,
    listing_id: sample.listing_id,
    status: STATUS[sample.status],
    created_at: sample.created_at,
    link_sent_at: sample.sent_at,
    link_expires_at: sentAt === null ? null : new Date((sentAt + linkTtlSeconds) * 1000).toISOString(),
    reason: sample.reject_reason,
  };
}
