// The JSON engine's queue index against a plain scan of every record: whatever was queued, moved and sent, it finds
// the same due records, each receiver's (and only its) in the order of their next attempt, the receivers by their
// earliest.
import fc from 'fast-check';
import { expect, test } from 'vitest';
import { DueQueue } from '../../api/store/json/due-queue.ts';
import type { QueueRecord } from '../../api/store/queue-order.ts';

const time = (second: number) => new Date(Date.UTC(2026, 10, 20, 9, 0, second)).toISOString();

const change = fc.record({
  id: fc.integer({ min: 0, max: 30 }).map((n) => `d_${n}`),
  receiver: fc.constantFrom('wh_a', 'wh_b', 'wh_c'),
  second: fc.integer({ min: 0, max: 20 }),
  status: fc.constantFrom('queued', 'queued', 'sending', 'delivered', 'failed'),
});

test('finds what a scan of every record finds, grouped by receiver, earliest first', () => {
  fc.assert(
    fc.property(
      fc.array(change, { maxLength: 80 }),
      fc.integer({ min: 0, max: 20 }),
      (changes, nowSecond) => {
        const queue = new DueQueue();
        const records = new Map<string, QueueRecord>();
        for (const { id, receiver, second, status } of changes) {
          // A record keeps its endpoint for life: the first change of an id decides it.
          const record: QueueRecord = {
            id,
            endpoint_id: records.get(id)?.endpoint_id ?? receiver,
            status: status as QueueRecord['status'],
            next_attempt_at: time(second),
            lease_until: null,
          };
          records.set(id, record);
          queue.track(record);
        }
        const now = time(nowSecond);
        const found = [...queue.receiversDue(now)].map(([receiver, ids]) => ({ receiver, ids: [...ids] }));

        const waiting = [...records.values()].filter(
          (r) => (r.status === 'queued' || r.status === 'sending') && r.next_attempt_at <= now,
        );
        expect(found.flatMap(({ ids }) => ids).sort()).toEqual(waiting.map((r) => r.id).sort());
        const at = (id: string) => records.get(id)!.next_attempt_at;
        for (const { receiver, ids } of found) {
          expect(ids.map((id) => records.get(id)!.endpoint_id)).toEqual(ids.map(() => receiver));
          expect(ids.map(at)).toEqual(ids.map(at).sort());
        }
        const firsts = found.map(({ ids }) => at(ids[0]!));
        expect(firsts).toEqual([...firsts].sort());
      },
    ),
    { numRuns: 500 },
  );
});
