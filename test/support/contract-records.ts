// Records for the store contract tests (test/unit/store-contract*.test.ts): one organisation's requests, mail,
// webhook endpoints and deliveries, all made at fixed minutes of one day.
import type { DataRequestRecord, MailRecord, Org, WebhookDeliveryRecord } from '../../api/store/records.ts';
import { mailRecord } from './records.ts';

export const at = (minute: number) => new Date(Date.UTC(2026, 10, 20, 9, minute)).toISOString();

export const org = (id: string): Org => ({
  id,
  name: `Lab ${id}`,
  created_at: at(0),
  nda: { state: 'none', accepted_at: null, verified_at: null, revoked_at: null },
});

export const request = (
  id: string,
  orgId: string,
  minute: number,
  status: DataRequestRecord['status'] = 'received',
): DataRequestRecord => ({
  id,
  org_id: orgId,
  account_id: 'acc_x',
  key_id: 'key_x',
  status,
  created_at: at(minute),
  reply_due_at: at(minute + 60),
  replied_at: null,
  data_types: ['call_audio'],
  languages: [],
  domains: [],
  volume: null,
  timeline: null,
  exclusivity: null,
  description: `Request ${id} for the store contract test.`,
  publish_to_demand_board: false,
});

export const mail = (id: string, status: MailRecord['status'], extra: Partial<MailRecord> = {}) =>
  mailRecord(id, status, at(0), extra);

export const endpoint = (id: string, orgId: string, minute: number, deleted = false) => ({
  id,
  org_id: orgId,
  url: `https://hooks.example/${id}`,
  events: [],
  secret_sealed: 'sealed',
  created_at: at(minute),
  created_by: null,
  deleted_at: deleted ? at(minute + 1) : null,
});
export const delivery = (id: string, minute: number, extra: Partial<WebhookDeliveryRecord> = {}) =>
  ({
    id,
    endpoint_id: 'wh_a1',
    org_id: 'org_a',
    type: 'request.created',
    body: '{}',
    status: 'queued',
    attempts: 0,
    next_attempt_at: at(minute),
    lease_until: null,
    last_status_code: null,
    last_error: null,
    created_at: at(minute),
    delivered_at: null,
    ...extra,
  }) satisfies WebhookDeliveryRecord;
