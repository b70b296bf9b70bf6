// Per-address limits count an IPv6 client by its /64 (issue 41, item 12): one subscriber holds a whole /64, so
// counting /128s gave one client unlimited budgets. IPv4 is counted per address, as before.
import { describe, expect, test } from 'vitest';
import { addressBucket } from '../../api/http/address-bucket.ts';
import { createLocalLimits } from '../../api/http/limits.ts';

describe('addressBucket', () => {
  test.each([
    ['2001:db8:1:2::1', '2001:db8:1:2::/64'],
    ['2001:db8:1:2:ffff:eeee:dddd:cccc', '2001:db8:1:2::/64'],
    ['2001:0db8:0001:0002:0000:0000:0000:0009', '2001:db8:1:2::/64'],
    ['2001:db8:1:3::1', '2001:db8:1:3::/64'],
    ['::1', '::/64'],
    ['fe80::1%eth0', 'fe80::/64'],
    ['::ffff:203.0.113.9', '203.0.113.9'],
    ['203.0.113.9', '203.0.113.9'],
    ['unknown', 'unknown'],
    ['not:an:address', 'not:an:address'],
  ])('%s counts as %s', (address, bucket) => {
    expect(addressBucket(address)).toBe(bucket);
  });
});

test('two addresses of one /64 share a per-IP window; another /64 has its own', async () => {
  const limits = createLocalLimits({ rateLimitPublicPerMinute: 2, rateLimitKeyPerMinute: 100 });
  const at = Date.now();
  expect((await limits.take('2001:db8:1:2::1', undefined, at)).allowed).toBe(true);
  expect((await limits.take('2001:db8:1:2::2', undefined, at)).allowed).toBe(true);
  expect((await limits.take('2001:db8:1:2:abcd::3', undefined, at)).allowed).toBe(false);
  expect((await limits.take('2001:db8:1:3::1', undefined, at)).allowed).toBe(true);
});
