// A sign-in page's form, the lab's (/signin/) and the desk's (/desk/signin/): the same checks (same origin, the
// body's size), the same answer whether or not the address is known, and the same refusal when the limits are hit.
import type { AstroGlobal } from 'astro';
import type { ActionContext } from '../../../api/actions/context.ts';
import { signinLinkSchema } from '../../../api/domain/labs/schemas.ts';
import { DomainError } from '../../../api/errors.ts';
import { emptyForm, failed, readForm, showError, validate, type FormState } from '../self-serve/forms.ts';
import { actingOnPage, pageRuntime } from '../self-serve/runtime.ts';

export type LinkPage = {
  /** The action that mails the link (api/actions/signin.ts, desk-signin.ts). */
  ask(context: ActionContext, email: string, next?: string): Promise<unknown>;
  /** Where a link may lead back to: the path when it is one of ours, otherwise nothing. */
  safeNext(next: string | null | undefined): string | undefined;
  /** An address the email field's hint shows, e.g. lead@lab.example. */
  example: string;
};

/** The form to show (what was typed, errors by field) and whether a link was asked for. */
export async function askForLinkOnPage(
  astro: AstroGlobal,
  page: LinkPage,
): Promise<{ form: FormState; sent: boolean }> {
  let form = emptyForm({ next: page.safeNext(astro.url.searchParams.get('next')) ?? '' });
  if (astro.request.method !== 'POST') return { form, sent: false };
  try {
    form = await readForm(astro, pageRuntime(astro).config.siteUrl);
    const input = validate(signinLinkSchema, { email: form.values.email ?? '' }, form, {
      email: `Enter your work email, e.g. ${page.example}`,
    });
    if (!input) {
      failed(form, astro);
      return { form, sent: false };
    }
    await page.ask(actingOnPage(astro), input.email, page.safeNext(form.values.next));
    return { form, sent: true };
  } catch (error) {
    if (error instanceof DomainError && error.code === 'rate_limited')
      astro.response.headers.set('Retry-After', String(error.retryAfterSeconds ?? 600));
    showError(error, form, astro);
    return { form, sent: false };
  }
}
