// Sign-in links (contract §8, §14): asked for at /signin/ or POST /api/v1/session/link, limited to 10 per client
// address in 10 minutes by one counter per process, whichever door is used (and per email address in the store).
// A link is used only by a person's confirming POST: following it (GET, HEAD) shows whose it is and changes nothing.
import {
  sessionIdFor,
  peekSigninToken,
  redeemSigninToken,
  requestSigninLink,
  SIGNIN_LINKS_PER_IP,
  type TokenRefusal,
} from '../domain/labs/signin.ts';
import { createSession, endSession } from '../domain/labs/sessions.ts';
import { hashSecret, SECRET_PATTERN } from '../domain/labs/secrets.ts';
import { maskEmail } from '../domain/mask-email.ts';
import { DomainError } from '../errors.ts';
import { transactAndKick, type ActionContext } from './context.ts';

/** One sign-in link from the client's address, whichever kind (a lab's, the desk's), or 429 past the limit. */
export function takeSigninSlot(context: ActionContext): void {
  const decision = context.signinLimiter?.take(context.clientIp ?? 'unknown', context.now.getTime());
  if (decision && !decision.allowed) {
    throw new DomainError(
      'rate_limited',
      `Too many sign-in links asked for from this address: wait ${decision.retryAfter} s, then ask again.`,
      { retryAfterSeconds: decision.retryAfter, quota: SIGNIN_LINKS_PER_IP },
    );
  }
}

/**
 * Mails a link when the address is a verified account's; the same answer either way (no account enumeration), and
 * in the same time: the lookup, the token and the mail are done after the answer (afterAnswer), where they exist.
 */
export async function askForSigninLink(context: ActionContext, email: string, next?: string) {
  takeSigninSlot(context);
  await afterTheAnswer(context, 'sign-in link', () =>
    transactAndKick(context, (tx) => requestSigninLink(tx, email, context.config.siteUrl, context.now, next)),
  );
}

/**
 * Runs the work only a known address causes once the answer is out (where the door can), so the answer takes the
 * same time for any address; else (the CLI, a test's call) before returning.
 */
export async function afterTheAnswer(context: ActionContext, what: string, work: () => Promise<void>) {
  if (context.afterAnswer) context.afterAnswer.run(what, work);
  else await work();
}

/** Whose a link is, masked ("a…@example.com"), for the confirm page; or why it cannot be used. */
export async function peekSigninLink(
  context: ActionContext,
  token: string,
): Promise<{ ok: true; shown: string } | TokenRefusal> {
  const peeked = await peekSigninToken(context.store, token, context.now);
  return peeked.ok ? { ok: true, shown: maskEmail(peeked.email) } : peeked;
}

/**
 * The person confirmed: the link is used, the session it starts is returned (its cookie value, once), and the
 * session this browser held before (`earlier`, its cookie value) ends: a victim who confirms an attacker's link is
 * not left signed in twice, and their own session does not linger (login CSRF).
 */
export async function confirmSigninLink(
  context: ActionContext,
  token: string,
  earlier: string | undefined,
): Promise<{ ok: true; value: string; maxAgeSeconds: number } | TokenRefusal> {
  const meta = {
    ip: context.clientIp ?? 'unknown',
    userAgent: context.userAgent ?? '',
    ttlDays: context.config.sessionTtlDays,
  };
  return context.store.transact(async (tx) => {
    const redeemed = await redeemSigninToken(tx, token, context.now);
    if (!redeemed.ok) return redeemed;
    const before =
      earlier && SECRET_PATTERN.test(earlier) ? await tx.sessionByHash(hashSecret(earlier)) : undefined;
    if (before) await endSession(tx, before, context.now);
    // One session per token, by id: two confirmations racing cannot both start one (see redeemSigninToken).
    const session = await createSession(
      tx,
      redeemed.account,
      meta,
      context.now,
      sessionIdFor(redeemed.tokenId),
    );
    return { ok: true as const, value: session.value, maxAgeSeconds: session.maxAgeSeconds };
  });
}
