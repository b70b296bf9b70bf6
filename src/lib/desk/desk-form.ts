// A desk page's POST, the same on every page: the form read with the desk session's CSRF token and the same-origin
// check, the page's action run, and then either the redirect it names (post/redirect/get) or the form shown again
// with the refusal beside its fields (403 for a foreign or tokenless form, the action's status otherwise).
import type { AstroGlobal } from 'astro';
import { emptyForm, readForm, showError, type FormState } from '../self-serve/forms.ts';
import type { DeskPage } from './desk-session.ts';

/**
 * Undefined for a GET; the redirect to answer with when `act` succeeds (it returns where to go); otherwise the form
 * as sent, with its message and field errors (an empty form with the message, when it could not be read).
 */
export async function deskForm(
  astro: AstroGlobal,
  desk: DeskPage,
  act: (form: FormState) => Promise<string>,
): Promise<FormState | Response | undefined> {
  if (astro.request.method !== 'POST') return undefined;
  let form = emptyForm();
  try {
    form = await readForm(astro, desk.config.siteUrl, { value: desk.value });
    return astro.redirect(await act(form), 303);
  } catch (error) {
    showError(error, form, astro);
    return form;
  }
}
