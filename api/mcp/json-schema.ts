// A tool's input and output schemas as MCP lists them: JSON Schema generated from the endpoint's zod schema, as
// /openapi.json is (input: what a caller may send; output: what the endpoint answers). Draft 7, which the SDK's
// client validates structured content with.
import { z } from 'zod';

type JsonSchema = {
  type?: unknown;
  $ref?: string;
  definitions?: Record<string, JsonSchema>;
  [key: string]: unknown;
};

/** Throws at start-up for a schema that is not an object: MCP wants `type: "object"` at the root. */
export function toolJsonSchema(schema: z.ZodType, io: 'input' | 'output'): JsonSchema & { type: 'object' } {
  const { $schema: _schema, ...json } = z.toJSONSchema(schema, {
    io,
    target: 'draft-7',
    unrepresentable: 'any',
  }) as JsonSchema;
  // A schema with an id (`.meta({ id })`) comes out as a reference to its own definition: inlined here.
  const ref = /^#\/definitions\/(.+)$/.exec(json.$ref ?? '')?.[1];
  const root = ref
    ? { ...json.definitions?.[ref], definitions: withoutCopyOf(ref, json.definitions!) }
    : json;
  if (root.type !== 'object') throw new Error(`A tool schema must be an object, not ${String(root.type)}`);
  return root as JsonSchema & { type: 'object' };
}

/** The definitions but the root's own, which is inlined: a second copy in tools/list unless something refers to it. */
function withoutCopyOf(
  ref: string,
  definitions: Record<string, JsonSchema>,
): Record<string, JsonSchema> | undefined {
  const { [ref]: inlined, ...rest } = definitions;
  if (JSON.stringify([inlined, rest]).includes(`"#/definitions/${ref}"`)) return definitions; // recursive: kept
  return Object.keys(rest).length ? rest : undefined;
}
