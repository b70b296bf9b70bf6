// Records as the store holds them, for tests that put them in directly.
import type { MailRecord } from '../../api/store/records.ts';

/** A mail in the queue's shape: due at `due`, made then, no lease, no error, not sent. */
export const mailRecord = (
  id: string,
  status: MailRecord['status'],
  due: string,
  extra: Partial<MailRecord> = {},
): MailRecord => ({
  id,
  event: `test:${id}`,
  to: 'lab@example.com',
  subject: 's',
  text: 't',
  html: '<p>t</p>',
  status,
  attempts: 0,
  next_attempt_at: due,
  lease_until: null,
  last_error: null,
  created_at: due,
  sent_at: null,
  ...extra,
});
