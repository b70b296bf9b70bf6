// zod issues → failing fields by dot path, each with its messages: the 422 envelope's `error.fields` (contract §5)
// and the lines a listing file's author reads are both made from this one mapping.
import type { z } from 'zod';
import type { FieldErrors } from './errors.ts';
// Installs the plain wording of every issue no schema words itself: whatever reports field errors imports this.
import './domain/zod-messages.ts';

/** `unknownHint` completes "unknown …" for a field the schema does not know, e.g. "parameter; allowed: a, b". */
export function fieldErrors(
  issues: readonly z.core.$ZodIssue[],
  unknownHint: string,
  root = '(root)',
): FieldErrors {
  // No prototype: a field named "toString" or "__proto__" is a key like any other.
  const fields: FieldErrors = Object.create(null);
  const pathOf = (issue: z.core.$ZodIssue) => (issue.path.length ? issue.path.join('.') : root);
  // One problem, one message: a value of the wrong type has that problem only (zod 4 also runs a list's size check
  // on a string that is no list), and two checks that say the same thing (an int's safe range and its max) say it once.
  const mistyped = new Set(issues.filter((issue) => issue.code === 'invalid_type').map(pathOf));
  const add = (path: string, message: string) => {
    const messages = (fields[path] ??= []);
    if (!messages.includes(message)) messages.push(message);
  };
  for (const issue of issues) {
    if (issue.code === 'unrecognized_keys') {
      const prefix = issue.path.length ? `${issue.path.join('.')}.` : '';
      for (const key of issue.keys) add(prefix + key, `unknown ${unknownHint}`);
    } else if (issue.code === 'invalid_type' || !mistyped.has(pathOf(issue))) {
      add(pathOf(issue), issue.message);
    }
  }
  return fields;
}
