// zod issues → failing fields by dot path, each with its messages: the 422 envelope's `error.fields` (contract §5)
// and the lines a listing file's author reads are both made from this one mapping.
import type { z } from 'zod';
import type { FieldErrors } from './errors.ts';

/** `unknownHint` completes "unknown …" for a field the schema does not know, e.g. "parameter; allowed: a, b". */
export function fieldErrors(
  issues: readonly z.core.$ZodIssue[],
  unknownHint: string,
  root = '(root)',
): FieldErrors {
  // No prototype: a field named "toString" or "__proto__" is a key like any other.
  const fields: FieldErrors = Object.create(null);
  const add = (path: string, message: string) => (fields[path] ??= []).push(message);
  for (const issue of issues) {
    if (issue.code === 'unrecognized_keys') {
      const prefix = issue.path.length ? `${issue.path.join('.')}.` : '';
      for (const key of issue.keys) add(prefix + key, `unknown ${unknownHint}`);
    } else {
      add(issue.path.length ? issue.path.join('.') : root, issue.message);
    }
  }
  return fields;
}
