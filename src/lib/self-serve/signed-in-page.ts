// The one way a signed-in page starts, the dashboard's and the desk's: read its session cookie, check it as the
// API does, mark it seen when stale, and otherwise send the browser to its sign-in page with ?next=<itself>.
// What differs is a SessionKind: the cookie, the record behind it and who acts (session.ts, desk/desk-session.ts).
import type { AstroGlobal } from 'astro';
import type { ActionContext, Actor } from '../../../api/actions/context.ts';
import { csrfTokenOf } from '../../../api/domain/labs/sessions.ts';
import type { StoreReads, Tx } from '../../../api/store/store.ts';
import { actingOnPage, pageRuntime, type PageRuntime } from './runtime.ts';

/** A live session: who is behind it (spread into the page), who acts, and the write marking it seen if stale. */
export type LiveSession<Who> = { who: Who; actor: Actor; touch?: (tx: Tx) => Promise<unknown> };

export type SessionKind<Who> = {
  /** The page a browser without a live session is sent to. */
  signinPath: string;
  /** The session cookie's value in a Cookie header (each kind has its own cookie). */
  valueOf(cookieHeader: string | null, siteUrl: URL): string | undefined;
  check(reads: StoreReads, value: string, now: Date): Promise<LiveSession<Who> | undefined>;
};

/** `acting`: what a page hands an action; `csrf`: its forms' token; `value`: the cookie's, for readForm. */
export type SignedInPage<Who> = PageRuntime &
  Who & { csrf: string; value: string; now: Date; acting: ActionContext };

export async function signedInPage<Who extends object>(
  astro: AstroGlobal,
  kind: SessionKind<Who>,
): Promise<SignedInPage<Who> | Response> {
  const runtime = pageRuntime(astro);
  const now = new Date();
  // Signed-in pages are never cached, by the browser or anything between.
  astro.response.headers.set('Cache-Control', 'private, no-store');
  const value = kind.valueOf(astro.request.headers.get('cookie'), runtime.config.siteUrl);
  const live = value ? await kind.check(runtime.store, value, now) : undefined;
  if (!value || !live) {
    const next = astro.url.pathname + astro.url.search;
    return astro.redirect(`${kind.signinPath}?next=${encodeURIComponent(next)}`, 303);
  }
  if (live.touch) await runtime.store.transact(live.touch);
  const acting = { ...actingOnPage(astro, undefined, now), actor: live.actor };
  return { ...runtime, ...live.who, csrf: csrfTokenOf(value), value, now, acting };
}
