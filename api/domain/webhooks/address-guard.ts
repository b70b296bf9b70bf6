// The SSRF guard (contract §10): a webhook goes only to a public address. The host is resolved when the endpoint
// is registered (to refuse it with a clear message) and again on every connection, through `guardedLookup`, so a
// name that later resolves to 127.0.0.1 or a cloud metadata address (DNS rebinding) is still refused. A post
// checks the URL itself first (refusedOutright): an endpoint registered while WEBHOOK_ALLOW_PRIVATE was set is
// not sent to once it is not.
import type { LookupAddress, LookupAllOptions, LookupOneOptions } from 'node:dns';
import { lookup } from 'node:dns';
import { lookup as lookupAll } from 'node:dns/promises';
import ipaddr from 'ipaddr.js';

/** Only ipaddr.js's `unicast` is public: loopback, private, link-local, carrier-grade NAT, 6to4, NAT64 and the rest are not. */
export function isPublicAddress(address: string): boolean {
  return ipaddr.isValid(address) && ipaddr.process(address).range() === 'unicast';
}

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

export type AddressCheck = { ok: true } | { ok: false; reason: string };

/** Resolves `host` and says whether every address it names is public. */
export async function checkHost(host: string): Promise<AddressCheck> {
  let addresses: LookupAddress[];
  try {
    addresses = await lookupAll(host.replace(/^\[|\]$/g, ''), { all: true });
  } catch {
    return { ok: false, reason: `its host ${host} does not resolve` };
  }
  const inner = addresses.find((entry) => !isPublicAddress(entry.address));
  return inner
    ? { ok: false, reason: `its host resolves to ${inner.address}, which is not a public address` }
    : { ok: true };
}

export class PrivateAddressError extends Error {}

/** A `lookup` for node:http(s) that refuses to connect to an address that is not public. */
export function guardedLookup(
  hostname: string,
  options: LookupOneOptions | LookupAllOptions,
  callback: (error: Error | null, address: string | LookupAddress[], family?: number) => void,
): void {
  lookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) return callback(error, []);
    const inner = addresses.find((entry) => !isPublicAddress(entry.address));
    if (inner)
      return callback(
        new PrivateAddressError(`${hostname} resolves to ${inner.address}, not a public address`),
        [],
      );
    if (options.all) return callback(null, addresses);
    callback(null, addresses[0]!.address, addresses[0]!.family);
  });
}
