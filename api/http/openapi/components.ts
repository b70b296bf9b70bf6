// The document's components: each zod schema with a registered id (`.meta({ id })`) becomes a named schema, its
// nested named schemas too, and operations refer to it by $ref (z.toJSONSchema does the conversion).
import { z } from 'zod';
import type { JsonSchema } from '../endpoint.ts';
import { asciiPatterns } from './ascii-patterns.ts';
import { defaultsInWords } from './request-defaults.ts';
import { termsAsWritten } from './terms-as-written.ts';

export type Components = {
  /** The schema as a $ref to its component, or inline when it has no id. */
  ref(schema: z.ZodType, io?: 'input' | 'output'): JsonSchema;
  /** Every component met so far, sorted by name. */
  schemas(): Record<string, JsonSchema>;
};

export function createComponents(): Components {
  const found: Record<string, JsonSchema> = {};
  return {
    ref(schema, io = 'output') {
      const json = z.toJSONSchema(schema, {
        io,
        target: 'draft-2020-12',
        unrepresentable: 'any',
        // What a client sends: vocabulary terms as the server reads them.
        ...(io === 'input' ? { override: termsAsWritten } : {}),
      });
      const text = JSON.stringify(json).replaceAll('"#/$defs/', '"#/components/schemas/');
      const parsed = JSON.parse(text, asciiPatterns) as JsonSchema & { $defs?: Record<string, JsonSchema> };
      // What a client sends: a default is said in words, so that generators leave the field optional.
      if (io === 'input') defaultsInWords(parsed);
      const { $defs = {}, $schema: _schema, ...root } = parsed;
      Object.assign(found, $defs);
      const id = z.globalRegistry.get(schema)?.id;
      if (!id) return root;
      if (!root.$ref) found[id] = root;
      return { $ref: `#/components/schemas/${id}` };
    },
    schemas: () => Object.fromEntries(Object.entries(found).sort(([a], [b]) => (a < b ? -1 : 1))),
  };
}
