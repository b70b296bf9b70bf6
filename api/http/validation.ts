// zod issues → the 422 envelope's `error.fields`: dot path → messages (contract §5).
import type { z } from 'zod';
import { invalid, type FieldErrors } from '../errors.ts';

export function fieldErrors(issues: readonly z.core.$ZodIssue[], unknownHint: string): FieldErrors {
  // No prototype: a field named "toString" or "__proto__" is a key like any other.
  const fields: FieldErrors = Object.create(null);
  const add = (path: string, message: string) => (fields[path] ??= []).push(message);
  for (const issue of issues) {
    if (issue.code === 'unrecognized_keys') {
      const prefix = issue.path.length ? `${issue.path.join('.')}.` : '';
      for (const key of issue.keys) add(prefix + key, `unknown ${unknownHint}`);
    } else {
      add(issue.path.length ? issue.path.join('.') : '(root)', issue.message);
    }
  }
  return fields;
}

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
