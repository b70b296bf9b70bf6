import { expect, test } from 'vitest';
import { nextBusinessDay } from '../../api/domain/requests/business-days.ts';
import { retryDelay } from '../../api/domain/mail/delivery.ts';

// 2026-11-16 is a Monday.
test.each([
  ['Monday morning', '2026-11-16T09:00:00Z', '2026-11-17T09:00:00.000Z'],
  ['Thursday afternoon', '2026-11-19T15:30:00Z', '2026-11-20T15:30:00.000Z'],
  ['Friday evening', '2026-11-20T18:45:00Z', '2026-11-23T18:45:00.000Z'],
  ['Friday just before midnight', '2026-11-20T23:59:59Z', '2026-11-23T23:59:59.000Z'],
  ['Saturday', '2026-11-21T10:00:00Z', '2026-11-23T10:00:00.000Z'],
  ['Sunday', '2026-11-22T02:00:00Z', '2026-11-23T02:00:00.000Z'],
  ['over a month end', '2026-11-30T12:00:00Z', '2026-12-01T12:00:00.000Z'],
  ['over a year end (Thursday 31 December)', '2026-12-31T12:00:00Z', '2027-01-01T12:00:00.000Z'],
])('a request on %s is due by the next business day', (_when, from, due) => {
  expect(nextBusinessDay(new Date(from)).toISOString()).toBe(due);
});

test('mail retries back off from 2 s, doubling, to at most 10 minutes', () => {
  expect([1, 2, 3, 4, 10, 50].map(retryDelay)).toEqual([2000, 4000, 8000, 16000, 600000, 600000]);
});
