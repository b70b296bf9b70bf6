// A recall as a lab sees it (GET /api/v1/recalls, the listing.recalled event, the dashboard): never the other
// organisations told, nor who recalled.
import type { RecallAcknowledgementRecord, RecallRecord } from '../../store/recall-records.ts';

export const recallView = (recall: RecallRecord) => ({
  id: recall.id,
  listing_id: recall.listing_id,
  reason: recall.reason,
  items: recall.items,
  created_at: recall.created_at,
});

export const acknowledgementView = (ack: RecallAcknowledgementRecord) => ({
  deleted: ack.deleted,
  statement: ack.statement,
  account_id: ack.account_id,
  key_id: ack.key_id,
  ip: ack.ip,
  created_at: ack.created_at,
});

export const labRecallView = (recall: RecallRecord, ack: RecallAcknowledgementRecord | undefined) => ({
  ...recallView(recall),
  acknowledgement: ack ? acknowledgementView(ack) : null,
});
