// Parameter objects: the query schema's properties, and the path ids declarations name.
import { z } from 'zod';
import type { JsonSchema } from '../endpoint.ts';
import { asciiPatterns } from './ascii-patterns.ts';
import { termsAsWritten } from './terms-as-written.ts';

/** A query schema's properties, each an optional query parameter with its description. */
export function queryParameters(schema: z.ZodObject): JsonSchema[] {
  const json = JSON.parse(
    JSON.stringify(z.toJSONSchema(schema, { io: 'input', override: termsAsWritten })),
    asciiPatterns,
  ) as {
    properties: Record<string, JsonSchema>;
  };
  return Object.entries(json.properties).map(([name, property]) => {
    const { description, ...parameterSchema } = property;
    return { name, in: 'query', required: false, description, schema: parameterSchema };
  });
}

/** The `{id}` of a path. */
export const pathId = (
  description: string | undefined,
  example: string,
  schema: JsonSchema = { type: 'string', maxLength: 80 },
): JsonSchema => ({ name: 'id', in: 'path', required: true, description, schema, example });
