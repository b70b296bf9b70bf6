// Form posts to the self-serve pages, without JavaScript: the same Origin rule as the API's session requests, the
// session's CSRF token, and errors kept by field (the API's error.fields) so each shows beside its input with
// what was typed still in it.
import type { AstroGlobal } from 'astro';
import type { z } from 'zod';
import { csrfMatches } from '../../../api/domain/labs/sessions.ts';
import { sameOrigin } from '../../../api/http/authentication.ts';
import { isFormPost, readText } from '../../../api/http/body.ts';
import { DomainError, type FieldErrors } from '../../../api/errors.ts';
import { fieldErrors } from '../../../api/field-errors.ts';
import { pageRuntime } from './runtime.ts';
import { setStatus } from './status.ts';

export type FormState = {
  values: Record<string, string>;
  /** Checkbox groups and other repeated fields. */
  lists: Record<string, string[]>;
  errors: FieldErrors;
  /** The message over the form (role=alert) when something failed. */
  message?: string;
  /** What the page shows after a success. */
  done?: unknown;
};

export const emptyForm = (values: Record<string, string> = {}): FormState => ({
  values,
  lists: {},
  errors: {},
});

export class FormRefused extends Error {}

/**
 * Reads a POST's fields after the checks every form gets: from the site's own origin (SITE_URL), within
 * MAX_BODY_BYTES as the API's bodies are (413, nothing of it shown back), and, when signed in, with the session's
 * CSRF token. Throws FormRefused (the page answers 403) or an DomainError (413, 415) otherwise.
 */
export async function readForm(
  astro: AstroGlobal,
  siteUrl: URL,
  session?: { value: string },
): Promise<FormState> {
  const headers = astro.request.headers;
  if (!sameOrigin(headers.get('origin'), headers.get('referer'), siteUrl)) {
    throw new FormRefused('This form must be sent from this site. Reload the page and send it again.');
  }
  const data = await readFormBody(astro.request, pageRuntime(astro).config.maxBodyBytes);
  if (session && !csrfMatches(session.value, data.get('csrf'))) {
    throw new FormRefused(
      'This form is missing its security token or it has expired. Reload the page and send it again.',
    );
  }
  // No prototype: a field named "__proto__" or "constructor" is a field like any other.
  const state: FormState = { values: Object.create(null), lists: Object.create(null), errors: {} };
  for (const [name, value] of data) {
    if (name === 'csrf') continue;
    state.values[name] = value;
    (state.lists[name] ??= []).push(value);
  }
  return state;
}

/**
 * The body through the API's own reader (api/http/body.ts), so a page takes no more than MAX_BODY_BYTES either:
 * request.formData() read any size (Astro's node adapter allows 1 GiB). Our forms send no files, so only
 * urlencoded bodies are read, keeping every value of a repeated field.
 */
async function readFormBody(request: Request, maxBodyBytes: number): Promise<URLSearchParams> {
  if (!isFormPost(request)) {
    throw new DomainError(
      'unsupported_media_type',
      'Send this form from its page: the body must be application/x-www-form-urlencoded.',
    );
  }
  try {
    return new URLSearchParams(await readText(request, maxBodyBytes));
  } catch (error) {
    if (!(error instanceof DomainError) || error.status !== 413) throw error;
    throw new DomainError(
      'payload_too_large',
      `What you sent is larger than ${maxBodyBytes} bytes; shorten the longest field and send it again.`,
    );
  }
}

/**
 * Validates with the endpoint's schema: the parsed value, or the state with errors by field. `whenEmpty`: what a
 * field left empty is told instead of the schema's rule for a malformed value ("Enter your work email, …" rather
 * than "must be one plain address …").
 */
export function validate<S extends z.ZodType>(
  schema: S,
  input: unknown,
  state: FormState,
  whenEmpty: Record<string, string> = {},
): z.output<S> | undefined {
  const result = schema.safeParse(input);
  if (result.success) return result.data as z.output<S>;
  state.errors = fieldErrors(result.error.issues, 'field');
  for (const [name, message] of Object.entries(whenEmpty)) {
    if (state.errors[name] && !(state.values[name] ?? '').trim()) state.errors[name] = [message];
  }
  state.message = 'Please correct the fields marked below.';
  return undefined;
}

/** A DomainError from an action becomes the form's message (and its fields); anything else is rethrown. */
export function showError(error: unknown, state: FormState, astro: AstroGlobal): void {
  if (error instanceof FormRefused) {
    setStatus(astro, 403);
    state.message = error.message;
    return;
  }
  if (!(error instanceof DomainError)) throw error;
  setStatus(astro, error.status);
  // With fields, each message shows beside its field: over the form, one line points there (not a second copy).
  state.message = error.fields ? 'Please correct the fields marked below.' : error.message;
  if (error.fields) state.errors = error.fields;
}

/**
 * The messages for one field, its items' included: error.fields names a list's items `name.0`, `name.1`, …, so a
 * group of checkboxes shows the error of the one value refused.
 */
export const errorsFor = (state: FormState, name: string): string[] =>
  Object.entries(state.errors)
    .filter(([key]) => key === name || key.startsWith(`${name}.`))
    .flatMap(([, messages]) => messages);

/** Marks the answer as a form that failed validation (422), as the API would. */
export function failed(state: FormState, astro: AstroGlobal): void {
  if (Object.keys(state.errors).length) setStatus(astro, 422);
}
