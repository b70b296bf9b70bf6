// What a client may send for a vocabulary term, said as the server reads it (domain/vocabulary-term.ts): the
// stored terms, or any of them in any case, with spaces or hyphens for underscores ("Medical imaging",
// "Call audio", "Received"). A document that listed the stored terms only was stricter than the server, and a
// validating proxy refused what the server takes (issue 41, item 16).
import { z } from 'zod';
import type { JsonSchema } from '../endpoint.ts';

type Override = NonNullable<Parameters<typeof z.toJSONSchema>[1]>['override'];

// A term's letters in either case, its underscores as any run of spaces, underscores or hyphens.
const asWritten = (term: string) =>
  term
    .split('_')
    .map((word) =>
      [...word]
        .map((c) => (/[a-z]/.test(c) ? `[${c}${c.toUpperCase()}]` : c.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
        .join(''),
    )
    .join('[\\s_-]+');

/** A regex source that accepts each term as a person writes it, surrounding spaces too. */
export const termsPattern = (terms: readonly string[]) => `^\\s*(?:${terms.map(asWritten).join('|')})\\s*$`;

/**
 * z.toJSONSchema's override for what clients send: a vocabulary term (the only schemas whose metadata carries
 * `enum`, from vocabularyTerm) becomes its stored terms, or the pattern that reads them as written.
 */
export const termsAsWritten: Override = ({ zodSchema, jsonSchema }) => {
  const terms = z.globalRegistry.get(zodSchema as unknown as z.ZodType)?.enum;
  if (!Array.isArray(terms) || !terms.every((term) => typeof term === 'string')) return;
  const schema = jsonSchema as JsonSchema;
  delete schema.enum;
  schema.anyOf = [{ enum: terms }, { pattern: termsPattern(terms) }];
};
