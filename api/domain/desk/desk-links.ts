// Desk sign-in links (contract §13, §14): a 256-bit token mailed to a current staff member's address, valid 15
// minutes and once, only its hash stored. Asking never tells whether an address is staff's. Following the link
// (GET) only shows who it signs in; the page's POST uses it up (a mail scanner's GET leaves it usable).
import type { DeskLinkRecord, StaffRecord } from '../../store/desk-records.ts';
import type { StoreReads, Tx } from '../../store/store.ts';
import { newId } from '../ids.ts';
import { hashSecret, newSecret, SECRET_PATTERN } from '../labs/secrets.ts';
import { LINKS_PER_EMAIL, SIGNIN_TTL_MS } from '../labs/signin.ts';
import { message } from '../mail/message.ts';
import { enqueueMail } from '../mail/queue.ts';

const WINDOW_MS = 15 * 60_000;

/** Where a desk link may send someone after signing in: a desk page of this site, nothing else. */
export const safeDeskNext = (next: string | null | undefined): string | undefined =>
  next && /^\/desk\/[\x21-\x5b\x5d-\x7e]*$/.test(next) && next.length <= 300 ? next : undefined;

export function deskLink(siteUrl: URL, token: string, next?: string): string {
  const url = new URL('/desk/signin/callback', siteUrl);
  url.searchParams.set('token', token);
  const back = safeDeskNext(next);
  if (back) url.searchParams.set('next', back);
  return url.href;
}

const deskLinkMail = (link: string) =>
  message('Your sign-in link for the sourcing desk', [
    {
      paragraphs: [
        `Follow this link to sign in to the sourcing desk. It works once, for ${SIGNIN_TTL_MS / 60_000} minutes.`,
        'If you did not ask for it, ignore this mail: nobody can sign in without the link.',
      ],
      link: { label: 'Sign in to the desk', href: link },
    },
  ]);

/** Mails a link when `email` is a current staff member's and the address's limit allows; nothing otherwise. */
export async function requestDeskLink(tx: Tx, email: string, siteUrl: URL, now: Date, next?: string) {
  const staff = (await tx.staff()).find((member) => member.email === email && !member.removed_at);
  if (!staff) return;
  const windowStart = new Date(Math.floor(now.getTime() / WINDOW_MS) * WINDOW_MS - 1);
  if ((await tx.deskLinksSince(email, windowStart)).length >= LINKS_PER_EMAIL) return;
  const token = newSecret();
  const record: DeskLinkRecord = {
    id: newId('dlk'),
    hash: hashSecret(token),
    staff_id: staff.id,
    email,
    created_at: now.toISOString(),
    expires_at: new Date(now.getTime() + SIGNIN_TTL_MS).toISOString(),
    used_at: null,
  };
  await tx.insert('desk_links', record);
  await enqueueMail(tx, `desk-signin:${record.id}`, email, deskLinkMail(deskLink(siteUrl, token, next)), now);
}

export type DeskLinkState =
  | { ok: true; link: DeskLinkRecord; staff: StaffRecord }
  | { ok: false; reason: 'invalid' | 'used' | 'expired' };

/** What a token would sign in, without using it (the confirm page). */
export async function peekDeskLink(reads: StoreReads, token: string, now: Date): Promise<DeskLinkState> {
  if (!SECRET_PATTERN.test(token)) return { ok: false, reason: 'invalid' };
  const link = await reads.deskLinkByHash(hashSecret(token));
  if (!link) return { ok: false, reason: 'invalid' };
  if (link.used_at) return { ok: false, reason: 'used' };
  if (Date.parse(link.expires_at) <= now.getTime()) return { ok: false, reason: 'expired' };
  const staff = (await reads.staff()).find((member) => member.id === link.staff_id);
  // A member removed since the link was mailed: the link is as good as never sent.
  if (!staff || staff.removed_at) return { ok: false, reason: 'invalid' };
  return { ok: true, link, staff };
}

/** Uses the token once; the staff member it signs in. */
export async function redeemDeskLink(tx: Tx, token: string, now: Date): Promise<DeskLinkState> {
  const state = await peekDeskLink(tx, token, now);
  if (!state.ok) return state;
  // The row write takes its lock on PostgreSQL: two confirmations at once, one sign-in (the other sees it used).
  const link = await tx.update('desk_links', state.link.id, {});
  if (link.used_at) return { ok: false, reason: 'used' };
  await tx.update('desk_links', link.id, { used_at: now.toISOString() });
  return state;
}

/** "a…@example.com": whom a link signs in, said without spelling the address out to someone over a shoulder. */
export const maskedEmail = (email: string) => {
  const at = email.lastIndexOf('@');
  return `${email.slice(0, 1)}…${email.slice(at)}`;
};
