// The client address a rate limit counts: the socket's, or with TRUST_PROXY the one our proxy appended to
// X-Forwarded-For (the rightmost entry). The leftmost entries are whatever the client chose to send.

/** `::ffff:203.0.113.9` → `203.0.113.9`, so one IPv4 client has one bucket whichever way it connects. */
export function normaliseIp(address: string): string {
  return address.startsWith('::ffff:') && address.includes('.') ? address.slice(7) : address;
}

export function clientIp(
  socketAddress: string | undefined,
  forwardedFor: string | string[] | undefined,
  trustProxy: boolean,
): string {
  if (trustProxy && forwardedFor) {
    const header = Array.isArray(forwardedFor) ? forwardedFor.join(',') : forwardedFor;
    const rightmost = header.split(',').pop()?.trim();
    if (rightmost) return normaliseIp(rightmost);
  }
  return normaliseIp(socketAddress ?? 'unknown');
}
