// What a recall and an acknowledgement take (contract §15): checked once here, whichever door asks (the CLI, the
// desk's form, the API, the dashboard's form).
import { z } from 'zod';
import { invalid } from '../../errors.ts';
import { fieldErrors } from '../../field-errors.ts';

/** An item as the sample and the delivery name it: a call, a study, a file (`C-3b211e91e264`, `calls/x.wav`). */
export const ITEM_ID = /^[A-Za-z0-9][A-Za-z0-9._/-]{0,199}$/;

export const recallSchema = z.strictObject({
  items: z
    .array(
      z
        .string()
        .trim()
        .regex(ITEM_ID, 'an item id is letters, digits, ".", "_", "-" or "/", e.g. C-3b211e91e264'),
    )
    .min(1, 'name at least one item, e.g. C-3b211e91e264')
    .max(500, 'at most 500 items in one recall; make another for the rest'),
  reason: z
    .string()
    .trim()
    .min(1, 'say why, e.g. "The speaker withdrew consent"')
    .max(2000, 'at most 2,000 characters'),
});
export type RecallInput = z.output<typeof recallSchema>;

export const acknowledgementSchema = z.strictObject({
  deleted: z.literal(true, 'send deleted: true once the items are deleted from your copies'),
  statement: z
    .string()
    .trim()
    .min(
      1,
      'say what was deleted and where, e.g. "Deleted from our training store and backups on 2026-11-28"',
    )
    .max(2000, 'at most 2,000 characters'),
});
export type AcknowledgementInput = z.output<typeof acknowledgementSchema>;

/** `value` as `schema` reads it, or the 422 naming each failing field. */
export function checked<S extends z.ZodType>(schema: S, value: unknown, what: string): z.output<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data as z.output<S>;
  const fields = fieldErrors(result.error.issues, 'field');
  throw invalid(`The ${what} is invalid: ${Object.keys(fields).join(', ')}. See error.fields.`, fields);
}
