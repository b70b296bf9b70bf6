// The session of a dashboard page: the same cookie and the same check as the API (api/domain/labs/sessions.ts).
// Without a live session a page sends the browser to /signin/?next=<itself>, so it lands back after signing in.
import type { AstroGlobal } from 'astro';
import { lab } from '../../../api/actions/context.ts';
import type { Caller } from '../../../api/domain/labs/caller.ts';
import {
  checkSession,
  sessionValueOf,
  touchSession,
  type SessionCheck,
} from '../../../api/domain/labs/sessions.ts';
import type { PageRuntime } from './runtime.ts';
import { signedInPage, type SessionKind, type SignedInPage } from './signed-in-page.ts';

export { clientAddress } from './runtime.ts';

/** `acting`: what a page hands an action, with the signed-in lab as the actor. */
export type PageSession = SignedInPage<{ caller: Caller }>;

const LAB_SESSION: SessionKind<Extract<SessionCheck, { ok: true }>, { caller: Caller }> = {
  signinPath: '/signin/',
  valueOf: sessionValueOf,
  check: checkSession,
  who: ({ caller }) => ({ caller }),
  actor: ({ caller }) => lab(caller),
  touch: (tx, { caller }, now) => touchSession(tx, caller.session!, now),
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
