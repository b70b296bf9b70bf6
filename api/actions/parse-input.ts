// A desk form's or a CLI command's input checked with its schema: the value, or one `invalid` DomainError whose
// message names each field's problem (a CLI line reads whole) and whose fields put each beside its input.
import type { z } from 'zod';
import { invalid } from '../errors.ts';
import { fieldErrors } from '../field-errors.ts';

export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const parsed = schema.safeParse(input);
  if (parsed.success) return parsed.data as z.output<S>;
  const fields = fieldErrors(parsed.error.issues, 'field');
  const said = Object.entries(fields).map(([name, messages]) => `${name}: ${messages.join('; ')}`);
  throw invalid(`Check ${said.join(' and ')}.`, fields);
}
