// Who is calling (contract §5, §8): a bearer API key, or a dashboard session cookie. A present but invalid key is
// refused on every endpoint, public ones too; a key takes precedence over a cookie. An unsafe request made with a
// session must come from the site itself (Origin, or Referer without one): a cookie travels with requests other
// sites make, a header does not. Helpers for handlers: requireLab, requireSession, requireAdmin.
import { authenticate, wasRotated } from '../domain/labs/api-keys.ts';
import type { Caller } from '../domain/labs/caller.ts';
import { checkSession, sessionValueOf, touchSession } from '../domain/labs/sessions.ts';
import { DomainError } from '../errors.ts';
import { siteOrigins } from '../site-url.ts';
import type { Store, StoreReads } from '../store/store.ts';
import type { ApiRequest, Context } from './types.ts';

export type { Caller } from '../domain/labs/caller.ts';

const BEARER = /^Bearer[ ]+(\S+)\s*$/i;

const WHY_REFUSED = {
  malformed: 'is not an API key (check that it was copied whole: dss_ and 38 characters)',
  unknown: 'is not a valid API key',
  revoked: 'has been revoked; create a new key in the dashboard (/dashboard/keys/)',
  rotated:
    'was revoked when it was rotated: use the key that replaced it, or create a new one in the dashboard (/dashboard/keys/)',
  expired: 'has expired; create a new key in the dashboard (/dashboard/keys/)',
};

/** The caller behind an Authorization header; throws 401 for a header that fails. */
export async function callerOf(authorization: string, reads: StoreReads, now = new Date()): Promise<Caller> {
  const token = BEARER.exec(authorization)?.[1];
  if (!token) throw unauthorized('The Authorization header must be "Bearer <API_KEY>".', 'invalid_request');
  const check = await authenticate(reads, token, now);
  if (!check.ok) {
    // Only a rotated key has a successor to point to; asked on this refusal alone, so a valid key costs no more.
    const why = check.reason === 'revoked' && (await wasRotated(reads, token)) ? 'rotated' : check.reason;
    throw unauthorized(`The key in the Authorization header ${WHY_REFUSED[why]}.`, 'invalid_token');
  }
  return check.caller;
}

/**
 * The caller behind the session cookie, if it names a live session; undefined without one (a stale cookie on a
 * public endpoint is no error). Writes the session's last use at most every few minutes, not awaited.
 */
export async function sessionCallerOf(
  request: ApiRequest,
  store: Store,
  siteUrl: URL,
  now: Date,
  onError: (error: unknown) => void,
): Promise<Caller | undefined> {
  const value = sessionValueOf(request.headers.get('cookie'), siteUrl);
  if (!value) return undefined;
  const check = await checkSession(store, value, now);
  if (!check.ok) return undefined;
  if (check.stale) store.transact((tx) => touchSession(tx, check.caller.session!, now)).catch(onError);
  return check.caller;
}

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * 403 unless an unsafe request made with a session comes from the site's own origin. `keysAccepted`: whether the
 * endpoint also takes an API key, which the refusal then offers as the way to call it from elsewhere.
 */
export function checkSessionOrigin(request: ApiRequest, siteUrl: URL, keysAccepted: boolean): void {
  if (!UNSAFE.has(request.method)) return;
  if (sameOrigin(request.headers.get('origin'), request.headers.get('referer'), siteUrl)) return;
  const elsewhere = keysAccepted
    ? 'From elsewhere, use an API key.'
    : `This is done from the dashboard, ${new URL('/dashboard/', siteUrl).href}.`;
  throw new DomainError(
    'forbidden',
    `A request made with a session cookie must come from ${siteUrl.origin} (its Origin header). ${elsewhere}`,
  );
}

export function sameOrigin(origin: string | null, referer: string | null, siteUrl: URL): boolean {
  const from = origin ?? referer;
  if (!from || from === 'null') return false;
  try {
    return siteOrigins(siteUrl).includes(new URL(from).origin);
  } catch {
    return false;
  }
}

export function unauthorized(message: string, error?: 'invalid_request' | 'invalid_token'): DomainError {
  // RFC 6750 §3: the challenge says which scheme, and why a token was refused.
  const challenge = error ? `Bearer realm="api", error="${error}"` : 'Bearer realm="api"';
  return new DomainError('unauthorized', message, { headers: { 'WWW-Authenticate': challenge } });
}

/** The lab behind a key or a session; 401 without one. */
export function requireLab(context: Pick<Context, 'caller'>): Caller {
  if (context.caller) return context.caller;
  throw unauthorized(
    'This endpoint needs an API key ("Authorization: Bearer <API_KEY>") or a dashboard session (sign in at /signin/).',
  );
}

/** A signed-in person, not a key: keys never manage keys, the team, the NDA or webhooks (403 forbidden). */
export function requireSession(context: Pick<Context, 'caller'>): Caller {
  const { caller } = context;
  // Not "use an API key": none would do here.
  if (!caller) {
    throw unauthorized(
      'This is done from the dashboard, signed in: sign in (again, if your session ended) at /signin/. An API key cannot do this.',
    );
  }
  if (caller.kind === 'session') return caller;
  throw new DomainError(
    'forbidden',
    'An API key cannot do this: keys, the team, the NDA and webhooks are managed from the dashboard, signed in (/dashboard/).',
  );
}

/** A signed-in admin of the organisation (403 forbidden for a member or a key). */
export function requireAdmin(context: Pick<Context, 'caller'>): Caller {
  const caller = requireSession(context);
  if (caller.role === 'admin') return caller;
  throw new DomainError(
    'forbidden',
    'Only an admin of your organisation can do this; ask one of your admins (GET /api/v1/team lists them).',
  );
}
