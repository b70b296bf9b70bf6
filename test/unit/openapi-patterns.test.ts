// Every pattern in /openapi.json is ASCII (issue 41, item 17: Prism crashes on the volume and timeline bands'
// –, —, ≥ and ≤), and the escaped patterns accept and refuse exactly what the schemas' own regexes do.
import fc from 'fast-check';
import { expect, test } from 'vitest';
import { z } from 'zod';
import { dataRequestSchema } from '../../api/domain/requests/request-schema.ts';
import { apiDocument } from '../../api/handlers/endpoints.ts';

type Band = { anyOf: { pattern?: string }[] };
type Schema = { properties: Record<'volume' | 'timeline', Band> };

const document = apiDocument(new URL('http://localhost:4321')) as {
  components: { schemas: Record<string, Schema> };
};

function patterns(value: unknown, found: string[] = []): string[] {
  if (Array.isArray(value)) for (const item of value) patterns(item, found);
  else if (value && typeof value === 'object')
    for (const [key, item] of Object.entries(value))
      if (key === 'pattern' && typeof item === 'string') found.push(item);
      else patterns(item, found);
  return found;
}

test('no pattern in the document holds a character outside ASCII', () => {
  const all = patterns(document);
  expect(all.length).toBeGreaterThan(0);
  for (const pattern of all) expect(pattern, pattern).toMatch(/^[\x20-\x7e]*$/);
});

// The bands as the schema holds them (raw characters), beside the document's.
const held = (
  z.toJSONSchema(dataRequestSchema, { io: 'input', unrepresentable: 'any' }) as unknown as {
    $defs: Record<string, Schema>;
  }
).$defs.DataRequestInput!;
const written = document.components.schemas.DataRequestInput!;
const patternOf = (schema: Schema, field: 'volume' | 'timeline') =>
  schema.properties[field].anyOf.find((branch) => branch.pattern)!.pattern!;

const SAMPLES = [
  '1–5 TB',
  '500 GB — 2 TB',
  '≥ 10 TB',
  '≤3 months',
  '2 to 4 weeks',
  '3–6 months',
  '10+ TB',
  '1-5 TB',
];
const text = fc.stringMatching(/^[0-9 ,.kKmMTBGhoursdaywekt<>+≥≤–—-]{0,20}$/);

test.each(['volume', 'timeline'] as const)(
  'the %s band is written in ASCII and matches what it matched',
  (field) => {
    const asHeld = new RegExp(patternOf(held, field));
    const asWritten = new RegExp(patternOf(written, field));
    expect(asHeld.source).toMatch(/[–—]/); // the schema's own regex does hold them
    for (const sample of SAMPLES) expect(asWritten.test(sample), sample).toBe(asHeld.test(sample));
    expect(SAMPLES.filter((sample) => asWritten.test(sample)).length).toBeGreaterThan(0);
    fc.assert(fc.property(text, (value) => asWritten.test(value) === asHeld.test(value)));
  },
);
