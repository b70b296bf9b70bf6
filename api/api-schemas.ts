// The response bodies of /api/v1 as zod schemas: the handlers' types and the OpenAPI document both come from
// here, so the document cannot drift from what the API sends.
import { z } from 'zod';
import { ERROR_CODE_NAMES } from './errors.ts';
import { publicListingSchema } from './listing-schema.ts';
import { ALL_DATA_TYPES, ALL_DOMAINS, EXCLUSIVITY, TIMELINE_BANDS, VOLUME_BANDS } from './vocabulary.ts';

export const errorSchema = z
  .object({
    error: z.object({
      code: z.enum(ERROR_CODE_NAMES).describe('Stable: switch on this, not on the message'),
      message: z.string().describe('What went wrong and what to do next'),
      fields: z
        .record(z.string(), z.array(z.string()))
        .optional()
        .describe('On 422: each failing field by dot path (e.g. languages.0) with its messages'),
    }),
  })
  .meta({ id: 'Error' });

export const catalogListSchema = z
  .object({ data: z.array(publicListingSchema), count: z.int().min(0) })
  .meta({ id: 'CatalogList' });

export const ndaFieldsSchema = z
  .object({
    owner: z.object({ name: z.string(), kind: z.string(), country: z.string() }),
    deidentification_report: z.object({
      method: z.string(),
      standard: z.string(),
      performed_by: z.string(),
      date: z.string(),
      summary: z.string(),
    }),
    composition: z.record(z.string(), z.unknown()).describe('Exact counts and breakdowns'),
  })
  .meta({ id: 'NdaFields' });

export const listingResponseSchema = z
  .object({
    data: publicListingSchema
      .extend(ndaFieldsSchema.partial().shape)
      .describe(
        'The public fields; with a key whose organisation has accepted the NDA, also the NDA-only fields',
      ),
  })
  .meta({ id: 'ListingResponse' });

const band = <T extends readonly [string, ...string[]]>(values: T) => z.enum(values).nullable();

/** What a request asks for: the request and its anonymised demand post both carry these. */
const facetsShape = {
  data_types: z.array(z.enum(ALL_DATA_TYPES)),
  languages: z.array(z.string()),
  domains: z.array(z.enum(ALL_DOMAINS)),
  volume: band(VOLUME_BANDS),
  timeline: band(TIMELINE_BANDS),
  exclusivity: band(EXCLUSIVITY),
};

export const demandPostSchema = z
  .object({ id: z.string(), ...facetsShape, posted_on: z.iso.date() })
  .meta({ id: 'DemandPost' });

export const demandListSchema = z
  .object({ data: z.array(demandPostSchema), count: z.int().min(0) })
  .meta({ id: 'DemandList' });

export const createdRequestSchema = z
  .object({ data: z.object({ id: z.string(), status: z.literal('received') }) })
  .meta({ id: 'CreatedRequest' });

export const labRequestSchema = z
  .object({
    id: z.string(),
    status: z.enum(['received', 'in_review']),
    created_at: z.iso.datetime(),
    reply_due_at: z.iso.datetime().describe('One business day after created_at'),
    ...facetsShape,
    description: z.string(),
    publish_to_demand_board: z.boolean(),
  })
  .meta({ id: 'LabRequest' });

export const labRequestListSchema = z
  .object({ data: z.array(labRequestSchema), count: z.int().min(0) })
  .meta({ id: 'LabRequestList' });

export const labRequestResponseSchema = z
  .object({ data: labRequestSchema })
  .meta({ id: 'LabRequestResponse' });

export const sampleAcceptedSchema = z
  .object({ status: z.literal('pending_verification') })
  .meta({ id: 'SampleAccepted' });

export const healthSchema = z.object({ status: z.enum(['ok', 'unavailable']) }).meta({ id: 'Health' });
