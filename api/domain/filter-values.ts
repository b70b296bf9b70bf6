// A query filter's values as people write them (README: catalogue filters): one or more, comma-separated, any of
// which matches (`geography=Germany,Austria`), each resolved to its canonical form; an unknown one is refused naming
// the nearest known value, or saying what to send when none is near. The catalogue and the demand board share it,
// so the same value means the same thing on both.
import { z } from 'zod';
import { closest } from './closest.ts';
import { termKey } from './vocabulary-term.ts';

// Each value is a scan of every listing or post.
const MAX_VALUES = 20;

export type FilterValues = {
  /** Completes `"x" is not …`: "a domain". */
  what: string;
  /** The canonical form of a value, or undefined when it is none. */
  resolve: (value: string) => string | undefined;
  /** The known value nearest to an unknown one, if one is near. */
  suggest: (value: string) => string | undefined;
  /** What to send instead when nothing is near: "use one of …", "e.g. …". */
  instead: string;
};

/** A vocabulary's terms in any case, accents, spaces or hyphens ("Public sector" is public_sector). */
export const termValues = <T extends string>(terms: readonly T[], what: string): FilterValues => ({
  what,
  resolve: (value) => terms.find((term) => term === termKey(value)),
  suggest: (value) => closest(termKey(value), terms),
  instead: `use one of ${terms.join(', ')}`,
});

/** The filter as a zod schema of an optional query parameter: its canonical values without repeats. */
export function valueList({ what, resolve, suggest, instead }: FilterValues) {
  return z
    .string()
    .optional()
    .transform((raw, ctx) => {
      if (raw === undefined) return undefined;
      const values = raw
        .split(',')
        .map((value) => value.trim())
        .filter(Boolean);
      if (values.length === 0) {
        ctx.addIssue({ code: 'custom', message: 'give a value, or leave the parameter out' });
        return z.NEVER;
      }
      if (values.length > MAX_VALUES) {
        ctx.addIssue({ code: 'custom', message: `give at most ${MAX_VALUES} values, separated by commas` });
        return z.NEVER;
      }
      const resolved: string[] = [];
      for (const value of values) {
        const known = resolve(value);
        if (known) {
          if (!resolved.includes(known)) resolved.push(known);
          continue;
        }
        const near = suggest(value);
        ctx.addIssue({
          code: 'custom',
          message: `"${value.slice(0, 60)}" is not ${what}; ${near ? `did you mean "${near}"?` : instead}`,
        });
      }
      return resolved.length ? resolved : undefined;
    });
}
