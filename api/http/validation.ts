// Query strings against a strict zod object: unknown, repeated and invalid parameters are one 422 naming each.
import type { z } from 'zod';
import { invalid, type FieldErrors } from '../errors.ts';
import { fieldErrors } from '../field-errors.ts';

/** Parses the query string against a strict zod object: unknown and repeated parameters are refused too. */
export function parseQuery<S extends z.ZodType>(
  params: URLSearchParams,
  schema: S,
  allowed: readonly string[],
): z.output<S> {
  const query: Record<string, string> = Object.create(null);
  const fields: FieldErrors = Object.create(null);
  for (const [name, value] of params) {
    if (name in query) fields[name] = ['give this parameter once'];
    query[name] = value;
  }
  const result = schema.safeParse(query);
  if (!result.success)
    Object.assign(fields, fieldErrors(result.error.issues, `parameter; allowed: ${allowed.join(', ')}`));
  const names = Object.keys(fields);
  if (names.length) {
    throw invalid(
      `Invalid query parameter${names.length > 1 ? 's' : ''}: ${names.join(', ')}. See error.fields for the allowed values.`,
      fields,
    );
  }
  return result.data as z.output<S>;
}

/** For endpoints that take no query parameters: any given is refused, as on the lists. */
export function noQuery(params: URLSearchParams): void {
  const names = [...new Set(params.keys())];
  if (!names.length) return;
  const fields: FieldErrors = Object.create(null);
  for (const name of names) fields[name] = ['unknown parameter; this endpoint takes none'];
  throw invalid(`This endpoint takes no query parameters: ${names.join(', ')}. See error.fields.`, fields);
}

/** A body against a zod schema: 422 `invalid` naming each failing field, with `what` in the message. */
export function parseBody<S extends z.ZodType>(
  schema: S,
  value: unknown,
  what: string,
  unknownHint = 'field; see /openapi.json for the body schema',
): z.output<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data as z.output<S>;
  const fields = fieldErrors(result.error.issues, unknownHint);
  throw invalid(`The ${what} is invalid: ${Object.keys(fields).join(', ')}. See error.fields.`, fields);
}
