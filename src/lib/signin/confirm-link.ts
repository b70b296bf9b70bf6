// The confirm step of a sign-in link (contract §14), for every door whose mailed links sign in (the labs'
// /signin/callback; the desk's too). Following a link (GET, HEAD: a person, a mail scanner, a link previewer) only
// shows whose it is; the person's POST uses it. That POST carries a CSRF token derived from a pre-session cookie
// this page set (OWASP's login-CSRF advice: a token tied to the browser before any session exists), besides the
// site's Origin; a form on another site can neither read the cookie nor send the Origin.
import type { AstroGlobal } from 'astro';
import { cookieValue } from '../../../api/domain/cookies.ts';
import { csrfTokenOf } from '../../../api/domain/labs/sessions.ts';
import { newSecret } from '../../../api/domain/labs/secrets.ts';
import { safeNext } from '../../../api/domain/next-path.ts';
import { FormRefused, readForm } from '../self-serve/forms.ts';

/** Lives as long as a person may take to press the button: an hour. */
const PRESESSION_SECONDS = 3600;

const presessionName = (siteUrl: URL) => (siteUrl.protocol === 'https:' ? '__Host-dss_signin' : 'dss_signin');

/** SameSite=Strict: it is sent only by this site's own pages, which is all the confirming POST is. */
function presessionCookie(siteUrl: URL, value: string, maxAge: number): string {
  const secure = siteUrl.protocol === 'https:' ? '; Secure' : '';
  return `${presessionName(siteUrl)}=${value}; Path=/; Max-Age=${maxAge}; HttpOnly; SameSite=Strict${secure}`;
}

const presessionOf = (astro: Pick<AstroGlobal, 'request'>, siteUrl: URL) =>
  cookieValue(astro.request.headers.get('cookie'), presessionName(siteUrl));

/**
 * The headers every answer of a link's page carries: never cached, not indexed, and the token never sent to
 * another site as a Referer. `same-origin`, not `no-referrer`: under no-referrer Chromium sends the confirming
 * POST with `Origin: null`, which the Origin check must refuse.
 */
export function linkPageHeaders(headers: Headers): void {
  headers.set('Cache-Control', 'no-store');
  headers.set('Referrer-Policy', 'same-origin');
  headers.set('X-Robots-Tag', 'noindex');
}

/** The confirm form's CSRF token; the pre-session cookie is set when the browser has none yet. */
export function confirmCsrf(astro: Pick<AstroGlobal, 'request' | 'response'>, siteUrl: URL): string {
  let value = presessionOf(astro, siteUrl);
  if (!value) {
    value = newSecret();
    astro.response.headers.append('Set-Cookie', presessionCookie(siteUrl, value, PRESESSION_SECONDS));
  }
  return csrfTokenOf(value);
}

/** Ends the pre-session cookie once it has done its job. */
export const clearedPresession = (siteUrl: URL) => presessionCookie(siteUrl, '', 0);

export type Confirmed = { token: string; next: string | undefined };

/**
 * Reads a confirming POST: from this site (Origin), with the CSRF token of the pre-session cookie this browser was
 * given on the link's page. Throws FormRefused (the page answers 403) otherwise.
 */
export async function readConfirmation(astro: AstroGlobal, siteUrl: URL): Promise<Confirmed> {
  const value = presessionOf(astro, siteUrl);
  if (!value) {
    throw new FormRefused(
      'This browser did not keep the sign-in page’s cookie, so the link cannot be confirmed here: allow cookies for this site, then open the link from your mail again.',
    );
  }
  const form = await readForm(astro, siteUrl, { value });
  return { token: form.values.token ?? '', next: safeNext(form.values.next) };
}
