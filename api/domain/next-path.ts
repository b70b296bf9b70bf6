// Where a browser goes after signing in (contract §14): a path of this site and nothing else. A `next` comes from
// a link anyone can write, so anything that a browser or a proxy could read as another host is dropped: `//evil`,
// `/\evil`, a scheme, an encoded slash or backslash at the start, a control character, a non-ASCII character
// (a Location header carries ASCII only).
const PRINTABLE_PATH = /^\/[\x21-\x5b\x5d-\x7e]*$/; // printable ASCII but the backslash, from a single slash
const MAX_NEXT = 300;

export function safeNext(next: string | null | undefined): string | undefined {
  if (!next || next.length > MAX_NEXT || !PRINTABLE_PATH.test(next)) return undefined;
  let decoded: string;
  try {
    decoded = decodeURIComponent(next);
  } catch {
    return undefined; // a broken escape: no browser agrees on what it means
  }
  // Decoded once (what a server in front might do): still one slash at the start, nothing that breaks a line.
  if (/^\/[/\\]/.test(decoded) || /[\x00-\x1f\x7f\\]/.test(decoded)) return undefined;
  const base = new URL('http://site.invalid/');
  const resolved = new URL(next, base);
  return resolved.origin === base.origin ? next : undefined;
}
