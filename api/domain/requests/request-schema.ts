// The data request body (spec: Data request (input); contract §5, §9): one zod schema validates it, drives
// error.fields, and generates the OpenAPI document and the MCP tool's input schema.
import { z } from 'zod';
import { freeText } from '../free-text.ts';
import { language, LISTING_ID_PATTERN } from '../listings/listing-schema.ts';
import { ALL_DATA_TYPES, ALL_DOMAINS, EXCLUSIVITY } from '../vocabulary.ts';
import { vocabularyTerm } from '../vocabulary-term.ts';
import { required } from '../zod-messages.ts';
import { intendedUseSchema } from '../rights/fit.ts';
import { BAND_EXAMPLES, bandPattern, MAX_BAND_LENGTH, parseBand, type BandKind } from './bands.ts';

const unique = <T>(items: T[]) => new Set(items).size === items.length;

/** A domain of the vocabulary in any case and spacing; an unknown one names the closest known value. */
const domain = vocabularyTerm(ALL_DOMAINS, 'a domain');

/** A band as labs write it: stored as written and normalised (bands.ts). */
const band = (kind: BandKind) =>
  z
    .string({ error: `must be a band written as text, e.g. ${BAND_EXAMPLES[kind]}` })
    .max(MAX_BAND_LENGTH, {
      error: `must be at most ${MAX_BAND_LENGTH} characters, e.g. ${BAND_EXAMPLES[kind]}`,
    })
    // Documents the shape in JSON Schema; the parser below is what decides (units, and 1-5 rather than 5-1).
    .meta({ pattern: bandPattern(kind) })
    .transform((value, ctx) => {
      const parsed = parseBand(kind, value);
      if (parsed.ok) return parsed.band;
      ctx.addIssue({ code: 'custom', message: parsed.message });
      return z.NEVER;
    });

export const dataRequestSchema = z
  .strictObject({
    data_types: z
      .array(vocabularyTerm(ALL_DATA_TYPES, 'a data type'), {
        error: required('a list of data types, e.g. ["call_audio"]'),
      })
      .min(1, { error: 'name at least one data type' })
      .max(ALL_DATA_TYPES.length, {
        error: `name at most the ${ALL_DATA_TYPES.length} data types, each once`,
      })
      .refine(unique, { error: 'names a data type twice' })
      .describe('What one record should be, e.g. call_audio (any case and spacing: "Call audio")'),
    // null is "none", as for the optional fields below: a client that sends every field may send it so.
    languages: z
      .array(language, { error: 'must be a list of languages, e.g. ["English", "es"], or left out' })
      .max(50, { error: 'name at most 50 languages' })
      .refine(unique, { error: 'names a language twice' })
      .nullable()
      .transform((names) => names ?? [])
      .default([])
      .describe('Language names or codes (English, en, en-US); stored as English names'),
    domains: z
      .array(domain, { error: 'must be a list of domains, e.g. ["insurance"], or left out' })
      .max(ALL_DOMAINS.length, { error: `name at most the ${ALL_DOMAINS.length} domains, each once` })
      .refine(unique, { error: 'names a domain twice' })
      .nullable()
      .transform((names) => names ?? [])
      .default([])
      .describe(
        `Industries the data should come from, in any case and spacing ("Public sector" is public_sector): ${ALL_DOMAINS.join(', ')}`,
      ),
    volume: band('volume')
      .nullable()
      .default(null)
      .describe(
        `How much data: a range or an open band with a size (KB…PB) or an amount (hours, studies, images, series, records, calls; k and M allowed), e.g. ${BAND_EXAMPLES.volume}`,
      ),
    timeline: band('timeline')
      .nullable()
      .default(null)
      .describe(`When the data is needed, in days, weeks, months or years, e.g. ${BAND_EXAMPLES.timeline}`),
    exclusivity: vocabularyTerm(EXCLUSIVITY, 'an exclusivity')
      .nullable()
      .default(null)
      .describe('Whether exclusive terms are wanted (any case and spacing: "Open to both")'),
    // Any string here, with the id's shape documented: whether it names a listing, and which one was meant if not,
    // is checkListingId's answer (it knows the catalogue), so a malformed id also gets the closest one.
    listing_id: z
      .string({ error: 'must be a listing id as a string, e.g. "us-auto-insurance-claims-calls"' })
      .max(80, { error: 'must be a listing id (at most 80 characters); GET /api/v1/catalog lists them' })
      .meta({ pattern: LISTING_ID_PATTERN.source })
      .nullable()
      .default(null)
      .describe('The catalogue listing this request is about, if any (GET /api/v1/catalog lists the ids)'),
    description: freeText({
      min: 20,
      max: 5000,
      what: 'the data you need',
      error: required('text describing the data you need'),
    }).describe('Free text: what the data is for, what matters most (20+ visible characters)'),
    intended_use: intendedUseSchema
      .nullable()
      .default(null)
      .describe(
        "How the data would be used, as POST /api/v1/catalog/{id}/fit takes it: each match then says whether that use fits the listing's licence",
      ),
    publish_to_demand_board: z
      .boolean({
        error: (issue) =>
          typeof issue.input === 'string' && /^(true|false)$/i.test(issue.input.trim())
            ? `send ${issue.input.trim().toLowerCase()} without quotes: a JSON boolean`
            : 'must be true (post an anonymised version to the demand board) or false, without quotes',
      })
      .default(false)
      .describe(
        'True posts an anonymised version (no organisation, no description) to the public demand board',
      ),
  })
  .meta({ id: 'DataRequestInput' });

export type DataRequestInput = z.output<typeof dataRequestSchema>;

/** POST /api/v1/requests/{id}/withdraw: no body, or a reason the sourcing lead reads. */
export const withdrawalSchema = z
  .strictObject({
    reason: freeText({
      min: 1,
      max: 1000,
      what: 'why you withdraw',
      error: 'must be text saying why you withdraw',
    })
      .optional()
      .describe(
        'Why the request is withdrawn (optional): shown in its history and mailed to the sourcing lead',
      ),
  })
  .meta({ id: 'Withdrawal' });
