// The data request body (spec: Data request (input); contract §5): one zod schema validates it, drives
// error.fields, and generates the OpenAPI document.
import { z } from 'zod';
import { freeText } from '../free-text.ts';
import { language } from '../listings/listing-schema.ts';
import { ALL_DATA_TYPES, ALL_DOMAINS, EXCLUSIVITY, TIMELINE_BANDS, VOLUME_BANDS } from '../vocabulary.ts';

const unique = <T>(items: T[]) => new Set(items).size === items.length;

/** "required" when the field is missing, what it should be otherwise. */
const required = (what: string) => (issue: { input: unknown }) =>
  issue.input === undefined ? `required: ${what}` : `must be ${what}`;

export const dataRequestSchema = z
  .strictObject({
    data_types: z
      .array(z.enum(ALL_DATA_TYPES), { error: required('a list of data types, e.g. ["call_audio"]') })
      .min(1, { error: 'name at least one data type' })
      .max(ALL_DATA_TYPES.length)
      .refine(unique, { error: 'names a data type twice' })
      .describe('What one record should be, e.g. call_audio'),
    languages: z
      .array(language)
      .max(50)
      .refine(unique, { error: 'names a language twice' })
      .default([])
      .describe('Language names or codes (English, en, en-US); stored as English names'),
    domains: z
      .array(z.enum(ALL_DOMAINS))
      .max(ALL_DOMAINS.length)
      .refine(unique, { error: 'names a domain twice' })
      .default([])
      .describe('Industries the data should come from'),
    volume: z.enum(VOLUME_BANDS).nullable().default(null).describe('How much data, as a band'),
    timeline: z.enum(TIMELINE_BANDS).nullable().default(null).describe('When the data is needed, as a band'),
    exclusivity: z.enum(EXCLUSIVITY).nullable().default(null).describe('Whether exclusive terms are wanted'),
    description: freeText({
      min: 20,
      max: 5000,
      what: 'the data you need',
      error: required('text describing the data you need'),
    }).describe('Free text: what the data is for, what matters most (20+ visible characters)'),
    publish_to_demand_board: z
      .boolean()
      .default(false)
      .describe(
        'True posts an anonymised version (no organisation, no description) to the public demand board',
      ),
  })
  .meta({ id: 'DataRequestInput' });

export type DataRequestInput = z.output<typeof dataRequestSchema>;
