// The SSRF guard (contract §10): a webhook goes only to a public address. The host is resolved when the endpoint
// is registered (to refuse it with a clear message) and again on every connection, through `guardedLookup`, so a
// name that later resolves to 127.0.0.1 or a cloud metadata address (DNS rebinding) is still refused. A post
// checks the URL itself first (refusedOutright): an endpoint registered while WEBHOOK_ALLOW_PRIVATE was set is
// not sent to once it is not.
//
// Names are asked of the name servers directly (c-ares: dns.resolve4/6), not through getaddrinfo (dns.lookup),
// which waits in libuv's thread pool of four: a lab's name server that never answers would hold the threads the
// store's fsyncs need, and every write of every lab would wait with it. So /etc/hosts is not read for endpoints.
import type { LookupAddress, LookupAllOptions, LookupOneOptions } from 'node:dns';
import { Resolver } from 'node:dns/promises';
import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';

/** A name server gets 2 s, then 4 s: a name is resolved or given up within about 6 s, inside a post's 10 s. */
const nameServers = () => new Resolver({ timeout: 2_000, tries: 2 });
let defaultResolver: Resolver | undefined;

/** IPv4-compatible IPv6 (::a.b.c.d, RFC 4291 §2.5.5.1): deprecated, and ipaddr.js calls ::127.0.0.1 `unicast`. */
const IPV4_COMPATIBLE = ipaddr.parseCIDR('::/96');

/** Only ipaddr.js's `unicast` is public: loopback, private, link-local, carrier-grade NAT, 6to4, NAT64 and the rest are not. */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  const parsed = ipaddr.process(address);
  if (parsed.kind() === 'ipv6' && parsed.match(IPV4_COMPATIBLE)) return false;
  return parsed.range() === 'unicast';
}

/**
 * What a refusal says of an address that is not public. A name's address is not named, only its kind: a lab's
 * admin must not learn, by registering names, what our own network's names resolve to. An address the URL itself
 * gives is named, since the lab wrote it.
 */
function notPublic(host: string, address: string): string {
  if (isIP(host.replace(/^\[|\]$/g, ''))) return `resolves to ${address}, which is not a public address`;
  const kind = ipaddr.isValid(address) ? ipaddr.process(address).range() : 'unknown';
  return `resolves to a ${RANGE_WORDS[kind] ?? 'reserved'} address, which is not a public address`;
}

/** ipaddr.js's range names, as a lab reads them. */
const RANGE_WORDS: Record<string, string> = {
  loopback: 'loopback',
  private: 'private',
  uniqueLocal: 'private',
  linkLocal: 'link-local',
  carrierGradeNat: 'carrier-grade NAT',
  unspecified: 'unspecified',
  multicast: 'multicast',
  broadcast: 'broadcast',
  unicast: 'IPv4-compatible', // the one unicast form refused (isPublicAddress)
};

/**
 * Why a URL may not be posted to before any name is resolved: it is not https, or its host is an address that is
 * not public. Node's \`lookup\` hook is never asked about an address written in the URL, so a post checks this itself.
 */
export function refusedOutright(url: URL): string | undefined {
  if (url.protocol !== 'https:') return `${url.protocol.slice(0, -1)} is not https`;
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (ipaddr.isValid(host) && !isPublicAddress(host)) return `${host} is not a public address`;
  return undefined;
}

/**
 * Every address `host` names, IPv4 and IPv6, through `resolver`'s name servers (an address as itself, and
 * `localhost` as loopback, as RFC 6761 has every resolver do); throws, saying why, when it names none.
 */
export async function resolveHost(host: string, resolver?: Resolver): Promise<LookupAddress[]> {
  const bare = host.replace(/^\[|\]$/g, '').replace(/\.$/, '');
  const family = isIP(bare);
  if (family) return [{ address: bare, family }];
  if (/(^|\.)localhost$/i.test(bare))
    return [
      { address: '127.0.0.1', family: 4 },
      { address: '::1', family: 6 },
    ];
  const dns = resolver ?? (defaultResolver ??= nameServers());
  const [v4, v6] = await Promise.allSettled([dns.resolve4(bare), dns.resolve6(bare)]);
  const addresses = [
    ...(v4.status === 'fulfilled' ? v4.value.map((address) => ({ address, family: 4 })) : []),
    ...(v6.status === 'fulfilled' ? v6.value.map((address) => ({ address, family: 6 })) : []),
  ];
  if (addresses.length > 0) return addresses;
  const code = v4.status === 'rejected' ? (v4.reason as NodeJS.ErrnoException).code : undefined;
  throw new Error(
    code === 'ETIMEOUT' || code === 'ECONNREFUSED'
      ? `no answer from the name servers for ${bare}`
      : `${bare} does not resolve`,
  );
}

export type AddressCheck = { ok: true } | { ok: false; reason: string };

/** Resolves `host` and says whether every address it names is public. */
export async function checkHost(host: string, resolver?: Resolver): Promise<AddressCheck> {
  let addresses: LookupAddress[];
  try {
    addresses = await resolveHost(host, resolver);
  } catch (error) {
    return { ok: false, reason: (error as Error).message };
  }
  const inner = addresses.find((entry) => !isPublicAddress(entry.address));
  return inner ? { ok: false, reason: `its host ${notPublic(host, inner.address)}` } : { ok: true };
}

export class PrivateAddressError extends Error {}

type LookupCallback = (error: Error | null, address: string | LookupAddress[], family?: number) => void;

/** A `lookup` for node:http(s), through `resolver`, that refuses to connect to an address that is not public. */
export function guardedLookupThrough(resolver?: Resolver) {
  return (hostname: string, options: LookupOneOptions | LookupAllOptions, callback: LookupCallback): void => {
    resolveHost(hostname, resolver).then(
      (found) => {
        const inner = found.find((entry) => !isPublicAddress(entry.address));
        if (inner)
          return callback(new PrivateAddressError(`${hostname} ${notPublic(hostname, inner.address)}`), []);
        const wanted = options.family === 4 || options.family === 6 ? options.family : undefined;
        const addresses = wanted ? found.filter((entry) => entry.family === wanted) : found;
        if (addresses.length === 0) return callback(new Error(`${hostname} has no IPv${wanted} address`), []);
        if (options.all) return callback(null, addresses);
        callback(null, addresses[0]!.address, addresses[0]!.family);
      },
      (error: Error) => callback(error, []),
    );
  };
}

export const guardedLookup = guardedLookupThrough();
