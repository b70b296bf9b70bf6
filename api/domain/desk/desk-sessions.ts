// Desk sessions (contract §13): the labs' session rules (api/domain/labs/sessions.ts: a 256-bit cookie value, only
// its hash stored, an idle and an absolute end, a per-session CSRF token derived from the value) under a cookie of
// their own, `dss_desk`, SameSite=Strict: no other site can make a browser send it, even on a link. A removed
// member's session is refused on its next request, whatever the record says.
import { cookieName, cookieValue, sessionOver, setCookie } from '../cookies.ts';
import { IDLE_MS, newSessionBasis, TOUCH_MS, type SessionMeta } from '../labs/sessions.ts';
import { hashSecret } from '../labs/secrets.ts';
import { newId } from '../ids.ts';
import type { DeskSessionRecord, StaffRecord } from '../../store/desk-records.ts';
import type { StoreReads, Tx } from '../../store/store.ts';

const BASE = 'dss_desk';

export const deskCookieName = (siteUrl: URL) => cookieName(siteUrl, BASE);
export const deskCookie = (siteUrl: URL, value: string, maxAgeSeconds: number) =>
  setCookie(siteUrl, BASE, value, maxAgeSeconds, 'Strict');
export const clearedDeskCookie = (siteUrl: URL) => deskCookie(siteUrl, '', 0);
export const deskValueOf = (header: string | null | undefined, siteUrl: URL) =>
  cookieValue(header, deskCookieName(siteUrl));

export async function createDeskSession(
  tx: Tx,
  staff: StaffRecord,
  meta: SessionMeta,
  now: Date,
  id = newId('dss'),
): Promise<{ value: string; record: DeskSessionRecord; maxAgeSeconds: number }> {
  const { value, maxAgeSeconds, fields } = newSessionBasis(meta, now);
  const record: DeskSessionRecord = { id, staff_id: staff.id, ...fields };
  await tx.insert('desk_sessions', record);
  return { value, record, maxAgeSeconds };
}

export type DeskCheck =
  | { ok: true; staff: StaffRecord; session: DeskSessionRecord; stale: boolean }
  | { ok: false; reason: 'unknown' | 'ended' | 'idle' | 'expired' };

/** The staff member behind a desk cookie value, or why there is none. */
export async function checkDeskSession(reads: StoreReads, value: string, now: Date): Promise<DeskCheck> {
  const session = await reads.deskSessionByHash(hashSecret(value));
  if (!session) return { ok: false, reason: 'unknown' };
  const over = sessionOver(session, now, IDLE_MS);
  if (over) return { ok: false, reason: over };
  const staff = (await reads.staff()).find((member) => member.id === session.staff_id);
  if (!staff || staff.removed_at) return { ok: false, reason: 'ended' };
  return { ok: true, staff, session, stale: now.getTime() - Date.parse(session.last_seen_at) >= TOUCH_MS };
}

export const touchDeskSession = (tx: Tx, session: DeskSessionRecord, now: Date) =>
  tx.update('desk_sessions', session.id, { last_seen_at: now.toISOString() });

/** Ends the session the cookie `value` names, if it is live (signing out, or signing in over it). */
export async function endDeskSessionOf(tx: Tx, value: string, now: Date): Promise<void> {
  const session = await tx.deskSessionByHash(hashSecret(value));
  if (session && !session.ended_at)
    await tx.update('desk_sessions', session.id, { ended_at: now.toISOString() });
}
