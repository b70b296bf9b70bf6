// The session of a dashboard page: the same cookie and the same check as the API (api/domain/labs/sessions.ts).
// Without a live session a page sends the browser to /signin/?next=<itself>, so it lands back after signing in.
import type { AstroGlobal } from 'astro';
import type { Caller } from '../../../api/domain/labs/caller.ts';
import {
  checkSession,
  csrfTokenOf,
  sessionValueOf,
  touchSession,
} from '../../../api/domain/labs/sessions.ts';
import type { ActionContext } from '../../../api/actions/context.ts';
import { actingOnPage, pageRuntime, type PageRuntime } from './runtime.ts';

export { clientAddress } from './runtime.ts';

/** `acting`: what a page hands an action, with the signed-in lab as the actor. */
export type PageSession = PageRuntime & {
  caller: Caller;
  csrf: string;
  value: string;
  now: Date;
  acting: ActionContext;
};

export async function pageSession(astro: AstroGlobal): Promise<PageSession | Response> {
  const runtime = pageRuntime(astro);
  const now = new Date();
  // Signed-in pages are never cached, by the browser or anything between.
  astro.response.headers.set('Cache-Control', 'private, no-store');
  const value = sessionValueOf(astro.request.headers.get('cookie'), runtime.config.siteUrl);
  const check = value ? await checkSession(runtime.store, value, now) : undefined;
  if (!value || !check?.ok) {
    const next = astro.url.pathname + astro.url.search;
    return astro.redirect(`/signin/?next=${encodeURIComponent(next)}`, 303);
  }
  if (check.stale) await runtime.store.transact((tx) => touchSession(tx, check.caller.session!, now));
  const acting = actingOnPage(astro, check.caller, now);
  return { ...runtime, caller: check.caller, csrf: csrfTokenOf(value), value, now, acting };
}

/**
 * Whether a page anyone may see (/access/, /signin/) is seen by someone signed in, so its header can lead to the
 * dashboard. Only looks: it neither refuses, redirects nor touches the session.
 */
export async function isSignedIn(astro: AstroGlobal, runtime: PageRuntime): Promise<boolean> {
  const value = sessionValueOf(astro.request.headers.get('cookie'), runtime.config.siteUrl);
  return value ? (await checkSession(runtime.store, value, new Date())).ok : false;
}
