// Free text people write (a data request's description): a minimum counted in characters a reader can see, and
// refused when it holds what no reader can see or no store can write back (control characters, lone surrogates).
import { z } from 'zod';

// Control characters other than tab, line feed and a carriage return that starts a CRLF (form posts send CRLF).
const CONTROL = /[\0-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f]|\r(?!\n)/;
// What takes no room on the page: format characters (zero-width space, joiners, BOM), combining marks (counted
// with the letter they sit on) and the blank letters Unicode keeps (Hangul fillers, braille blank). Spaces and
// newlines between words count, as they always did.
const INVISIBLE = /^[\p{Cc}\p{Cf}\p{M}\u115f\u1160\u3164\uffa0\u2800]$/u;
const SPACING = /^[\t\n\r]$/;

/** Code points a reader sees: a zero-width space or a NUL is not a character of a description. */
export function visibleLength(text: string): number {
  let count = 0;
  for (const char of text) if (SPACING.test(char) || !INVISIBLE.test(char)) count += 1;
  return count;
}

type FreeTextOptions = {
  min: number;
  max: number;
  /** Completes "describe … in at least N visible characters". */
  what: string;
  /** The message when the value is missing or not a string. */
  error?: z.core.$ZodStringParams['error'];
};

/** A trimmed text field of `min` to `max` characters, `min` of them visible. */
export function freeText({ min, max, what, error }: FreeTextOptions) {
  // "at least 1 visible characters" reads wrong: one character is asked as what it is, some text to see.
  const tooShort =
    min === 1
      ? `write ${what} in visible characters`
      : `describe ${what} in at least ${min} visible characters`;
  return z
    .string({ error })
    .trim()
    .min(min, { error: tooShort }) // the length bounds stay plain checks, so the OpenAPI document shows them
    .max(max, { error: `keep it within ${max.toLocaleString('en')} characters` })
    .superRefine((text, context) => {
      if (!text.isWellFormed()) {
        context.addIssue({
          code: 'custom',
          message: 'must be valid Unicode text (it holds a lone surrogate)',
        });
      } else if (CONTROL.test(text)) {
        context.addIssue({
          code: 'custom',
          message: 'must not hold control characters (newlines and tabs are fine)',
        });
      } else if (text.length >= min && visibleLength(text) < min) {
        context.addIssue({ code: 'custom', message: tooShort });
      }
    });
}
