// Our session cookies, the labs' (`dss_session`, SameSite=Lax) and the desk's (`dss_desk`, SameSite=Strict): one
// way to name, set, read and age them. `__Host-` (Secure, Path=/, no Domain) when the site is served over https.
import { SECRET_PATTERN } from './labs/secrets.ts';

export const cookieName = (siteUrl: URL, base: string) =>
  siteUrl.protocol === 'https:' ? `__Host-${base}` : base;

export function setCookie(
  siteUrl: URL,
  base: string,
  value: string,
  maxAgeSeconds: number,
  sameSite: 'Lax' | 'Strict',
): string {
  const secure = siteUrl.protocol === 'https:' ? '; Secure' : '';
  const name = cookieName(siteUrl, base);
  return `${name}=${value}; Path=/; Max-Age=${maxAgeSeconds}; HttpOnly; SameSite=${sameSite}${secure}`;
}

/** The cookie's value in a Cookie header, if it has the shape of our secrets. */
export function cookieValue(header: string | null | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) {
      const value = part.slice(eq + 1).trim();
      return SECRET_PATTERN.test(value) ? value : undefined;
    }
  }
  return undefined;
}

/** A session record's end, if it has come: signed out, past its absolute end, or idle too long. */
export function sessionOver(
  session: { ended_at: string | null; expires_at: string; last_seen_at: string },
  now: Date,
  idleMs: number,
): 'ended' | 'expired' | 'idle' | undefined {
  if (session.ended_at) return 'ended';
  if (Date.parse(session.expires_at) <= now.getTime()) return 'expired';
  if (Date.parse(session.last_seen_at) + idleMs <= now.getTime()) return 'idle';
  return undefined;
}
