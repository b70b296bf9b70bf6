// Sign-in by magic link (contract §8, §14): a 256-bit token mailed as a link, valid 15 minutes (72 hours for the
// first link after an approval or an invitation) and once; only its hash is stored. Following the link only shows
// whose it is (peekSigninToken); a person's confirming POST uses it (redeemSigninToken). Asking for one never tells whether the address has an account: the answer is the same, and only a
// verified account's address gets a mail. Invitations are the same tokens, longer lived, that make the account.
import { createHash } from 'node:crypto';
import { DomainError, notFound } from '../../errors.ts';
import type { Account, Role, SigninTokenRecord } from '../../store/records.ts';
import type { StoreReads, Tx } from '../../store/store.ts';
import { newId } from '../ids.ts';
import { safeNext } from '../next-path.ts';
import { enqueueMail } from '../mail/queue.ts';
import { roleOf } from './caller.ts';
import type { Message } from '../mail/message.ts';
import { roleGranted } from './inviter.ts';
import { invitationMail, invitedElsewhereMail, signinLinkMail } from './mails.ts';
import { hashSecret, newSecret, SECRET_PATTERN } from './secrets.ts';

export const SIGNIN_TTL_MS = 15 * 60_000;
/** The first link after an approval or an invitation: a lab may read that mail hours later (contract §14). */
export const FIRST_LINK_TTL_MS = 72 * 3_600_000;
export const INVITATION_TTL_MS = FIRST_LINK_TTL_MS;
/**
 * Links (sign-in links and invitations) mailed to one address per 15-minute window, whoever asks: a flood reaches
 * an inbox a few times at most.
 */
export const LINKS_PER_EMAIL = 5;
/** Sign-in links asked for from one client address: 10 in 10 minutes is plenty for a person; a flood stops. */
export const SIGNIN_LINKS_PER_IP = { policy: 'signin-per-ip', limit: 10, windowSeconds: 600 };
const LINK_WINDOW_MS = 15 * 60_000;

export function signinLink(siteUrl: URL, token: string, next?: string): string {
  const url = new URL('/signin/callback', siteUrl);
  url.searchParams.set('token', token);
  const back = safeNext(next);
  if (back) url.searchParams.set('next', back);
  return url.href;
}

async function issueToken(
  tx: Tx,
  fields: Pick<SigninTokenRecord, 'email' | 'purpose' | 'account_id' | 'org_id' | 'role' | 'invited_by'>,
  ttlMs: number,
  now: Date,
  id = newId('stk'),
): Promise<{ token: string; record: SigninTokenRecord }> {
  const token = newSecret();
  const record: SigninTokenRecord = {
    id,
    hash: hashSecret(token),
    ...fields,
    created_at: now.toISOString(),
    expires_at: new Date(now.getTime() + ttlMs).toISOString(),
    used_at: null,
  };
  await tx.insert('signin_tokens', record);
  return { token, record };
}

/**
 * The id of the next link `email` may get in this window, or undefined when the window is full. The id names the
 * slot (address, window, count), so two instances racing for the last slot insert the same id: one insert fails
 * on the primary key and its transaction runs again and finds the window full (the store's constraint, not a
 * count that two READ COMMITTED transactions could both pass).
 */
async function nextLinkSlot(reads: StoreReads, email: string, now: Date): Promise<string | undefined> {
  const window = Math.floor(now.getTime() / LINK_WINDOW_MS);
  const taken = await reads.signinTokensSince(email, new Date(window * LINK_WINDOW_MS - 1));
  if (taken.length >= LINKS_PER_EMAIL) return undefined;
  return `stk_${createHash('sha256').update(`${email}\n${window}\n${taken.length}`).digest('base64url').slice(0, 24)}`;
}

/**
 * Mails a sign-in link when `email` (normalised) is a verified, current account's and its limit allows;
 * does nothing otherwise (LINKS_PER_EMAIL per 15-minute window). Returns nothing either way: the caller's answer must not depend on it.
 */
export async function requestSigninLink(
  tx: Tx,
  email: string,
  siteUrl: URL,
  now: Date,
  next?: string,
): Promise<void> {
  const account = await tx.accountByEmail(email);
  if (!account || !account.verified_at || account.removed_at) return;
  const slot = await nextLinkSlot(tx, email, now);
  if (!slot) return;
  await mailSigninLink(tx, account, siteUrl, now, { next, id: slot });
}

type LinkOptions = {
  /** The mail around the link; a plain sign-in mail by default. */
  build?: (link: string, ttlMs: number) => Message;
  ttlMs?: number;
  next?: string;
  id?: string;
};

/** A link for `account`, mailed (also used when the operator approves an access request, living 72 hours). */
export async function mailSigninLink(
  tx: Tx,
  account: Account,
  siteUrl: URL,
  now: Date,
  { build = signinLinkMail, ttlMs = SIGNIN_TTL_MS, next, id }: LinkOptions = {},
): Promise<void> {
  const { token, record } = await issueToken(
    tx,
    { email: account.email, purpose: 'signin', account_id: account.id, org_id: account.org_id, role: null },
    ttlMs,
    now,
    id,
  );
  await enqueueMail(
    tx,
    `signin:${record.id}`,
    account.email,
    build(signinLink(siteUrl, token, next), ttlMs),
    now,
  );
}

/** In the team and able to sign in: an invitation's link would change nothing for them. */
export const isCurrentMember = (account: Account) => !account.removed_at && Boolean(account.verified_at);

/**
 * An invitation: a link that creates the verified account with `role` on first use (or brings back a removed or
 * unverified account of the organisation). A current member is refused (409): team.ts changes their role instead;
 * past the address's link limit, 429 with Retry-After. Another organisation's address is answered as any other (an
 * inviter must not learn that it has an account): its holder is told by mail, and given no link.
 */
export async function mailInvitation(
  tx: Tx,
  input: { email: string; role: Role; orgId: string; invitedBy: string; inviterId: string },
  siteUrl: URL,
  now: Date,
): Promise<SigninTokenRecord> {
  const org = await tx.orgById(input.orgId);
  if (!org) throw notFound(`No organisation ${input.orgId}.`);
  const existing = await tx.accountByEmail(input.email);
  const elsewhere = Boolean(existing && existing.org_id !== org.id);
  if (existing && !elsewhere && isCurrentMember(existing)) {
    throw new DomainError(
      'conflict',
      `${input.email} is already in your team, as ${roleOf(existing)}: there is nothing to invite them to (GET /api/v1/team lists your team).`,
    );
  }
  // An invitation is a link too: one address gets LINKS_PER_EMAIL of either kind per window, whoever sends them.
  const slot = await nextLinkSlot(tx, input.email, now);
  if (!slot) {
    const retryAfter = Math.max(1, Math.ceil((LINK_WINDOW_MS - (now.getTime() % LINK_WINDOW_MS)) / 1000));
    throw new DomainError(
      'rate_limited',
      `${input.email} has had ${LINKS_PER_EMAIL} sign-in links or invitations in the last 15 minutes, the most one address gets: wait ${retryAfter} s (Retry-After), then invite again.`,
      {
        retryAfterSeconds: retryAfter,
        quota: { policy: 'links-per-email', limit: LINKS_PER_EMAIL, windowSeconds: LINK_WINDOW_MS / 1000 },
      },
    );
  }
  const { token, record } = await issueToken(
    tx,
    {
      email: input.email,
      purpose: 'invitation',
      account_id: null,
      org_id: input.orgId,
      role: input.role,
      invited_by: input.inviterId,
    },
    INVITATION_TTL_MS,
    now,
    slot,
  );
  // An address has one account (the store's unique email): a link would only sign them into their own lab.
  const mail = elsewhere
    ? invitedElsewhereMail(org, input.invitedBy)
    : invitationMail(org, input.invitedBy, input.role, signinLink(siteUrl, token), INVITATION_TTL_MS);
  await enqueueMail(tx, `invitation:${record.id}`, input.email, mail, now);
  return record;
}

export type TokenRefusal = { ok: false; reason: 'invalid' | 'used' | 'expired' | 'cancelled' };
export type Redeemed = { ok: true; account: Account; tokenId: string } | TokenRefusal;

/** The token's record if it may still be used; else one of four reasons, none of which says whose it is. */
async function usableToken(
  reads: StoreReads,
  token: string,
  now: Date,
): Promise<{ ok: true; record: SigninTokenRecord } | TokenRefusal> {
  if (!SECRET_PATTERN.test(token)) return { ok: false, reason: 'invalid' };
  const record = await reads.signinTokenByHash(hashSecret(token));
  if (!record) return { ok: false, reason: 'invalid' };
  if (record.used_at) return { ok: false, reason: 'used' };
  if (record.cancelled_at) return { ok: false, reason: 'cancelled' };
  if (Date.parse(record.expires_at) <= now.getTime()) return { ok: false, reason: 'expired' };
  return { ok: true, record };
}

/**
 * Whose a link is, without using it (contract §14): what the confirm page shows to the person who followed it.
 * A mail scanner's GET or HEAD changes nothing.
 */
export async function peekSigninToken(
  reads: StoreReads,
  token: string,
  now: Date,
): Promise<{ ok: true; email: string } | TokenRefusal> {
  const usable = await usableToken(reads, token, now);
  return usable.ok ? { ok: true, email: usable.record.email } : usable;
}

/**
 * Uses a token once: the account it signs in (made, for an invitation). `tokenId` names the one session the token
 * may start (sessionIdFor): two redemptions racing on PostgreSQL insert the same session id, and the loser runs
 * again and finds the token used.
 */
export async function redeemSigninToken(tx: Tx, token: string, now: Date): Promise<Redeemed> {
  const usable = await usableToken(tx, token, now);
  if (!usable.ok) return usable;
  const { record } = usable;
  await tx.update('signin_tokens', record.id, { used_at: now.toISOString() });
  if (record.purpose === 'signin') {
    const account = record.account_id ? await tx.accountById(record.account_id) : undefined;
    if (!account || account.removed_at || !account.verified_at) return { ok: false, reason: 'invalid' };
    return { ok: true, account, tokenId: record.id };
  }
  const joined = await joinByInvitation(tx, record, now);
  return joined ? { ok: true, account: joined, tokenId: record.id } : { ok: false, reason: 'invalid' };
}

/** The id of the one session a sign-in token may start. */
export const sessionIdFor = (tokenId: string) =>
  `ses_${createHash('sha256').update(`session\n${tokenId}`).digest('base64url').slice(0, 24)}`;

async function joinByInvitation(tx: Tx, record: SigninTokenRecord, now: Date): Promise<Account | undefined> {
  const existing = await tx.accountByEmail(record.email);
  const role = await roleGranted(tx, record);
  if (!role) return undefined;
  if (existing) {
    // A removed member invited back to the same organisation comes back; another organisation's account stays its.
    if (existing.org_id !== record.org_id) return existing;
    if (!existing.removed_at && existing.verified_at) return existing;
    // Only by an invitation sent after the removal: an unused one from before would undo it.
    if (existing.removed_at && record.created_at <= existing.removed_at) return undefined;
    return tx.update('accounts', existing.id, {
      removed_at: null,
      role,
      verified_at: existing.verified_at ?? now.toISOString(),
    });
  }
  const account: Account = {
    id: newId('acc'),
    org_id: record.org_id,
    email: record.email,
    name: null,
    verified_at: now.toISOString(),
    created_at: now.toISOString(),
    role,
    removed_at: null,
  };
  await tx.insert('accounts', account);
  return account;
}
