// The session of a dashboard page: the same cookie and the same check as the API (api/domain/labs/sessions.ts).
// Without a live session a page sends the browser to /signin/?next=<itself>, so it lands back after signing in.
import type { AstroGlobal } from 'astro';
import { lab } from '../../../api/actions/context.ts';
import type { Caller } from '../../../api/domain/labs/caller.ts';
import { checkSession, sessionValueOf, touchSession } from '../../../api/domain/labs/sessions.ts';
import type { Tx } from '../../../api/store/store.ts';
import type { PageRuntime } from './runtime.ts';
import { signedInPage, type SessionKind, type SignedInPage } from './signed-in-page.ts';

export { clientAddress } from './runtime.ts';

/** `acting`: what a page hands an action, with the signed-in lab as the actor. */
export type PageSession = SignedInPage<{ caller: Caller }>;

const LAB_SESSION: SessionKind<{ caller: Caller }> = {
  signinPath: '/signin/',
  valueOf: sessionValueOf,
  async check(reads, value, now) {
    const check = await checkSession(reads, value, now);
    if (!check.ok) return undefined;
    const { caller } = check;
    const touch = check.stale ? (tx: Tx) => touchSession(tx, caller.session!, now) : undefined;
    return { who: { caller }, actor: lab(caller), touch };
  },
};

export const pageSession = (astro: AstroGlobal) => signedInPage(astro, LAB_SESSION);

/**
 * Whether a page anyone may see (/access/, /signin/) is seen by someone signed in, so its header can lead to the
 * dashboard. Only looks: it neither refuses, redirects nor touches the session.
 */
export async function isSignedIn(astro: AstroGlobal, runtime: PageRuntime): Promise<boolean> {
  const value = sessionValueOf(astro.request.headers.get('cookie'), runtime.config.siteUrl);
  return value ? (await checkSession(runtime.store, value, new Date())).ok : false;
}
