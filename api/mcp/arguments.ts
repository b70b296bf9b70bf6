// Arguments that become a path or a query string. A body goes to the endpoint as it is (its schema is the API's
// to check); a path or a query string is made here, so its arguments are checked first and refused as the API
// refuses a body: 422 `invalid`, naming each argument in error.fields.
import { z } from 'zod';
import { fieldErrors } from '../field-errors.ts';
import { refusal, type ApiAnswer } from './door.ts';

export type Args = Record<string, unknown>;

const required = (issue: { input: unknown }) =>
  issue.input === undefined ? 'required: a string' : 'must be a string';

/**
 * Exactly the named arguments, each a string (none for a tool without arguments), or the refusal naming each
 * argument that is missing, not a string, or unknown. `takes`: every argument the tool takes, when some were read
 * before (idempotency_key), for the refusal to name them all.
 */
export function stringArguments<N extends string>(
  args: Args,
  names: readonly N[],
  takes: readonly string[] = names,
): { ok: true; values: Record<N, string> } | { ok: false; answer: ApiAnswer } {
  const schema = z.strictObject(
    Object.fromEntries(names.map((name) => [name, z.string({ error: required }).min(1)])),
  );
  const parsed = schema.safeParse(args);
  if (parsed.success) return { ok: true, values: parsed.data as Record<N, string> };
  const fields = fieldErrors(parsed.error.issues, `argument; this tool takes ${takes.join(', ') || 'none'}`);
  const answer = refusal(
    'invalid',
    `Invalid arguments: ${Object.keys(fields).join(', ')}. See error.fields.`,
    fields,
  );
  return { ok: false, answer };
}

/** A path segment as the router reads it: encoded, with dots too, so that no argument can climb to another path. */
export const segment = (value: string) => encodeURIComponent(value).replaceAll('.', '%2E');

/**
 * Query parameters from arguments: strings as they are, a list of strings comma-separated, anything else as JSON
 * (the endpoint then refuses it). null is an argument left unset, as clients that send every parameter send it
 * (the request body reads it so too).
 */
export function withQuery(path: string, args: Args): string {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(args)) {
    if (value === undefined || value === null) continue;
    // A list of strings is what a filter's comma-separated alternatives are: models often send them so.
    const strings = Array.isArray(value) && value.every((item) => typeof item === 'string');
    query.append(name, typeof value === 'string' ? value : strings ? value.join(',') : JSON.stringify(value));
  }
  const search = query.toString();
  return search ? `${path}?${search}` : path;
}
