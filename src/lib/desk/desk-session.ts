// The session of a desk page (contract §13): the desk's own cookie and check (api/domain/desk/desk-sessions.ts).
// Without a live desk session, a lab's included, a page sends the browser to /desk/signin/?next=<itself>.
import type { AstroGlobal } from 'astro';
import { staffActor, type ActionContext } from '../../../api/actions/context.ts';
import { checkDeskSession, deskValueOf, touchDeskSession } from '../../../api/domain/desk/desk-sessions.ts';
import { csrfTokenOf } from '../../../api/domain/labs/sessions.ts';
import type { StaffRecord } from '../../../api/store/desk-records.ts';
import { actingOnPage, pageRuntime, type PageRuntime } from '../self-serve/runtime.ts';

/** What a desk page has: the runtime, who is signed in, the forms' CSRF token, and `acting` for actions. */
export type DeskPage = PageRuntime & {
  staff: StaffRecord;
  csrf: string;
  value: string;
  now: Date;
  acting: ActionContext;
};

export async function deskSession(astro: AstroGlobal): Promise<DeskPage | Response> {
  const runtime = pageRuntime(astro);
  const now = new Date();
  astro.response.headers.set('Cache-Control', 'private, no-store');
  const value = deskValueOf(astro.request.headers.get('cookie'), runtime.config.siteUrl);
  const check = value ? await checkDeskSession(runtime.store, value, now) : undefined;
  if (!value || !check?.ok) {
    const next = astro.url.pathname + astro.url.search;
    return astro.redirect(`/desk/signin/?next=${encodeURIComponent(next)}`, 303);
  }
  if (check.stale) await runtime.store.transact((tx) => touchDeskSession(tx, check.session, now));
  const acting = { ...actingOnPage(astro, undefined, now), actor: staffActor(check.staff) };
  return { ...runtime, staff: check.staff, csrf: csrfTokenOf(value), value, now, acting };
}
