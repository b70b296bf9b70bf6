// What a per-address limit counts: an IPv4 address as it is, an IPv6 address by its /64. One subscriber, one host
// even, is routinely handed a whole /64 (RFC 6177; SLAAC's privacy addresses rotate inside it), so counting /128s
// would give a single client 2^64 budgets.
import ipaddr from 'ipaddr.js';
import type { RateLimiter } from './rate-limit.ts';

export function addressBucket(address: string): string {
  if (!address.includes(':') || !ipaddr.IPv6.isValid(address)) return address;
  const ip = ipaddr.IPv6.parse(address);
  if (ip.isIPv4MappedAddress()) return ip.toIPv4Address().toString();
  return `${new ipaddr.IPv6([...ip.parts.slice(0, 4), 0, 0, 0, 0]).toString()}/64`;
}

/** A limiter that counts each client by its address bucket. */
export const countedByAddress = (limiter: RateLimiter): RateLimiter => ({
  take: (client, now) => limiter.take(addressBucket(client), now),
  get size() {
    return limiter.size;
  },
});
