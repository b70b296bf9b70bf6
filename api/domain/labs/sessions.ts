// Dashboard sessions (contract §8), after the OWASP Session Management cheat sheet: a 256-bit random cookie value,
// only its SHA-256 stored; an idle end (2 days) and an absolute one (SESSION_TTL_DAYS); signing out ends the
// record, not just the cookie; a removed account's sessions end at once. The CSRF token of the dashboard's forms
// is derived from the cookie value (a keyed hash), so it is per session, unguessable, and stored nowhere.
import { createHash } from 'node:crypto';
import type { Account, SessionRecord } from '../../store/records.ts';
import type { StoreReads, Tx } from '../../store/store.ts';
import { newId } from '../ids.ts';
import { roleOf, type Caller } from './caller.ts';
import { cookieName, cookieValue, sessionOver, setCookie } from '../cookies.ts';
import { hashSecret, newSecret, sameSecret } from './secrets.ts';

export const IDLE_MS = 2 * 86_400_000;
/** last_seen_at is written at most this often: a write per page view would cost more than it tells. */
export const TOUCH_MS = 5 * 60_000;

/** `__Host-` (Secure, Path=/, no Domain) when the site is served over https; browsers refuse it over http. */
export const sessionCookieName = (siteUrl: URL) => cookieName(siteUrl, 'dss_session');

export const sessionCookie = (siteUrl: URL, value: string, maxAgeSeconds: number) =>
  setCookie(siteUrl, 'dss_session', value, maxAgeSeconds, 'Lax');

export const clearedSessionCookie = (siteUrl: URL) => sessionCookie(siteUrl, '', 0);

/** The session cookie's value in a Cookie header, if it has our shape. */
export const sessionValueOf = (cookieHeader: string | null | undefined, siteUrl: URL) =>
  cookieValue(cookieHeader, sessionCookieName(siteUrl));

/** The forms' CSRF token for the session whose cookie is `value`. */
export const csrfTokenOf = (value: string) =>
  createHash('sha256').update(`csrf:${value}`).digest('base64url').slice(0, 32);

export const csrfMatches = (value: string, token: unknown) =>
  typeof token === 'string' && sameSecret(csrfTokenOf(value), token);

/** A new session for a verified account; the cookie value is returned once and only its hash kept. */
export async function createSession(
  tx: Tx,
  account: Account,
  meta: { ip: string; userAgent: string; ttlDays: number },
  now: Date,
  id = newId('ses'),
): Promise<{ value: string; record: SessionRecord; maxAgeSeconds: number }> {
  const { value, maxAgeSeconds, fields } = newSessionBasis(meta, now);
  const record: SessionRecord = { id, account_id: account.id, org_id: account.org_id, ...fields };
  await tx.insert('sessions', record);
  return { value, record, maxAgeSeconds };
}

export type SessionMeta = { ip: string; userAgent: string; ttlDays: number };

/**
 * What every session of ours starts with, a lab's or the desk's: a new cookie value (returned once), its hash, the
 * times it ends, and where it was started from.
 */
export function newSessionBasis(meta: SessionMeta, now: Date) {
  const value = newSecret();
  const maxAgeSeconds = meta.ttlDays * 86_400;
  const fields = {
    hash: hashSecret(value),
    created_at: now.toISOString(),
    last_seen_at: now.toISOString(),
    expires_at: new Date(now.getTime() + maxAgeSeconds * 1000).toISOString(),
    ended_at: null,
    ip: meta.ip,
    user_agent: meta.userAgent.slice(0, 300),
  };
  return { value, maxAgeSeconds, fields };
}

export type SessionCheck =
  | { ok: true; caller: Caller; stale: boolean }
  | { ok: false; reason: 'unknown' | 'ended' | 'idle' | 'expired' };

/** The caller behind a session cookie value, or why there is none. `stale`: last_seen_at is worth writing. */
export async function checkSession(reads: StoreReads, value: string, now: Date): Promise<SessionCheck> {
  const session = await reads.sessionByHash(hashSecret(value));
  if (!session) return { ok: false, reason: 'unknown' };
  const over = sessionOver(session, now, IDLE_MS);
  if (over) return { ok: false, reason: over };
  const at = now.getTime();
  const [org, account] = await Promise.all([
    reads.orgById(session.org_id),
    reads.accountById(session.account_id),
  ]);
  if (!org || !account || account.removed_at || account.org_id !== org.id)
    return { ok: false, reason: 'ended' };
  const caller: Caller = { kind: 'session', org, account, role: roleOf(account), key: null, session };
  return { ok: true, caller, stale: at - Date.parse(session.last_seen_at) >= TOUCH_MS };
}

export const touchSession = (tx: Tx, session: SessionRecord, now: Date) =>
  tx.update('sessions', session.id, { last_seen_at: now.toISOString() });

export async function endSession(tx: Tx, session: SessionRecord, now: Date): Promise<void> {
  if (!session.ended_at) await tx.update('sessions', session.id, { ended_at: now.toISOString() });
}

/** Every live session of the account (sign out everywhere, removal from the team); how many. */
export async function endAllSessions(tx: Tx, accountId: string, now: Date): Promise<number> {
  let ended = 0;
  for (const session of await tx.sessionsOf(accountId)) {
    if (session.ended_at) continue;
    await tx.update('sessions', session.id, { ended_at: now.toISOString() });
    ended++;
  }
  return ended;
}
