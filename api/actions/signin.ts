// Sign-in links (contract §8): asked for at /signin/ or POST /api/v1/session/link, limited to 10 per client address
// in 10 minutes by one counter per process, whichever door is used (and per email address in the store).
import { requestSigninLink, SIGNIN_LINKS_PER_IP } from '../domain/labs/signin.ts';
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

/** Mails a link when the address is a verified account's; the same answer either way (no account enumeration). */
export async function askForSigninLink(context: ActionContext, email: string, next?: string) {
  takeSigninSlot(context);
  await transactAndKick(context, (tx) =>
    requestSigninLink(tx, email, context.config.siteUrl, context.now, next),
  );
}
