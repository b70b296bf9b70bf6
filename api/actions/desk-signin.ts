// Staff sign-in to the desk (contract §13, §14): a link asked for at /desk/signin/ (the same per-address counter as
// the labs' links), confirmed by a POST that uses it once, ends any desk session that browser held and starts one.
import { createDeskSession, endDeskSessionOf } from '../domain/desk/desk-sessions.ts';
import { redeemDeskLink, requestDeskLink } from '../domain/desk/desk-links.ts';
import { transactAndKick, type ActionContext } from './context.ts';
import { afterTheAnswer, takeSigninSlot } from './signin.ts';

/** Mails a link when the address is current staff's; the same answer, in the same time, either way. */
export async function askForDeskLink(context: ActionContext, email: string, next?: string) {
  takeSigninSlot(context);
  await afterTheAnswer(context, 'desk sign-in link', () =>
    transactAndKick(context, (tx) => requestDeskLink(tx, email, context.config.siteUrl, context.now, next)),
  );
}

/**
 * The person confirmed: the token is used, the browser's previous desk session (its cookie value, if any) ends,
 * and a new one starts. Why not, when the token cannot be used.
 */
export function confirmDeskSignin(context: ActionContext, token: string, previous: string | undefined) {
  const meta = {
    ip: context.clientIp ?? 'unknown',
    userAgent: context.userAgent ?? '',
    ttlDays: context.config.sessionTtlDays,
  };
  return context.store.transact(async (tx) => {
    const redeemed = await redeemDeskLink(tx, token, context.now);
    if (!redeemed.ok) return redeemed;
    if (previous) await endDeskSessionOf(tx, previous, context.now);
    const session = await createDeskSession(tx, redeemed.staff, meta, context.now);
    return { ok: true as const, staff: redeemed.staff, session };
  });
}

/** Signing out ends the session record, not just the cookie. */
export function signOutDesk(context: ActionContext, value: string) {
  return context.store.transact((tx) => endDeskSessionOf(tx, value, context.now));
}
