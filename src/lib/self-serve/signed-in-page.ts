// The one way a signed-in page starts, the dashboard's and the desk's: read its session cookie, check it as the
// API does, mark it seen when stale, and otherwise send the browser to its sign-in page with ?next=<itself>.
// What differs is a SessionKind: the cookie, the record behind it and who acts (session.ts, desk/desk-session.ts).
import type { AstroGlobal } from 'astro';
import type { ActionContext, Actor } from '../../../api/actions/context.ts';
import { csrfTokenOf } from '../../../api/domain/labs/sessions.ts';
import type { StoreReads, Tx } from '../../../api/store/store.ts';
import { actingOnPage, pageRuntime, type PageRuntime } from './runtime.ts';

/** What a kind's check says of a live session (api/domain/labs/sessions.ts, desk/desk-sessions.ts). */
type Live = { ok: true; stale: boolean };

export type SessionKind<Check extends Live, Who> = {
  /** The page a browser without a live session is sent to. */
  signinPath: string;
  /** The session cookie's value in a Cookie header (each kind has its own cookie). */
  valueOf(cookieHeader: string | null, siteUrl: URL): string | undefined;
  check(reads: StoreReads, value: string, now: Date): Promise<Check | { ok: false }>;
  /** What the page gets of a live session (spread into it), and who acts in the actions it calls. */
  who(check: Check): Who;
  actor(check: Check): Actor;
  /** Marks the session seen, when the check says it is stale. */
  touch(tx: Tx, check: Check, now: Date): Promise<unknown>;
};

/** `acting`: what a page hands an action; `csrf`: its forms' token; `value`: the cookie's, for readForm. */
export type SignedInPage<Who> = PageRuntime &
  Who & { csrf: string; value: string; now: Date; acting: ActionContext };

export async function signedInPage<Check extends Live, Who extends object>(
  astro: AstroGlobal,
  kind: SessionKind<Check, Who>,
): Promise<SignedInPage<Who> | Response> {
  const runtime = pageRuntime(astro);
  const now = new Date();
  // Signed-in pages are never cached, by the browser or anything between.
  astro.response.headers.set('Cache-Control', 'private, no-store');
  const value = kind.valueOf(astro.request.headers.get('cookie'), runtime.config.siteUrl);
  const check = value ? await kind.check(runtime.store, value, now) : undefined;
  if (!value || !check?.ok) {
    const next = astro.url.pathname + astro.url.search;
    return astro.redirect(`${kind.signinPath}?next=${encodeURIComponent(next)}`, 303);
  }
  const live = check as Check;
  if (live.stale) await runtime.store.transact((tx) => kind.touch(tx, live, now));
  const acting = { ...actingOnPage(astro, undefined, now), actor: kind.actor(live) };
  return { ...runtime, ...kind.who(live), csrf: csrfTokenOf(value), value, now, acting };
}
