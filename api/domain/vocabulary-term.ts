// A term of a fixed vocabulary as a person writes it: any case, and spaces or hyphens for its underscores
// ("Public sector", "Call audio", "open-to-both", "Request.Created"). An unknown one is refused naming the
// closest term, so a 422 says what was meant. The JSON Schema still lists the terms as they are stored.
import { z } from 'zod';
import { closest } from './closest.ts';

/** "Public sector", "public-sector", " PUBLIC_SECTOR " → "public_sector". */
export function termKey(value: string): string {
  return value
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .trim()
    .toLowerCase()
    .replace(/[\s_-]+/g, '_');
}

/**
 * `what`: the term's kind with its article, as a message reads it ("a domain"). `explain` may say more about a
 * value that is not a term (e.g. that "withdrawn" is an outcome, not a status).
 */
export function vocabularyTerm<const T extends readonly string[]>(
  terms: T,
  what: string,
  explain: (key: string) => string | undefined = () => undefined,
) {
  return z
    .string({ error: `must be ${what} written as text, e.g. "${terms[0]}"` })
    .max(100, { error: `must be ${what}: one of ${terms.join(', ')}` })
    .meta({ enum: [...terms] })
    .transform((value, ctx): T[number] => {
      const key = termKey(value);
      if (terms.includes(key)) return key;
      const near = closest(key, terms);
      const all = terms.join(', ');
      ctx.addIssue({
        code: 'custom',
        message:
          explain(key) ??
          `"${value.slice(0, 100)}" is not ${what} we know; ${near ? `the closest is "${near}" (all: ${all})` : `use one of ${all}`}`,
      });
      return z.NEVER;
    });
}
