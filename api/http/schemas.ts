// The response bodies of /api/v1 as zod schemas: the handlers' types and the OpenAPI document both come from
// here, so the document cannot drift from what the API sends.
import { z } from 'zod';
import { ERROR_CODE_NAMES } from '../errors.ts';
import { ndaSchema, publicListingSchema } from '../domain/listings/listing-schema.ts';
import { meSchema } from '../domain/labs/views.ts';
import { demandPostSchema, labRequestSchema } from '../domain/requests/views.ts';
import { sampleRequestSchema } from '../domain/samples/views.ts';

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

/** The fields shown only under NDA (contract §5): the listing file's `nda:` block without the sample's location. */
export const ndaFieldsSchema = ndaSchema.omit({ sample_file: true }).meta({ id: 'NdaFields' });

export const listingResponseSchema = z
  .object({
    data: publicListingSchema
      .extend(ndaFieldsSchema.partial().shape)
      .describe(
        'The public fields; with a key whose organisation has accepted the NDA, also the NDA-only fields',
      ),
  })
  .meta({ id: 'ListingResponse' });

export const demandListSchema = z
  .object({ data: z.array(demandPostSchema), count: z.int().min(0) })
  .meta({ id: 'DemandList' });

export const createdRequestSchema = z
  .object({ data: z.object({ id: z.string(), status: z.literal('received') }) })
  .meta({ id: 'CreatedRequest' });

export const labRequestListSchema = z
  .object({ data: z.array(labRequestSchema), count: z.int().min(0) })
  .meta({ id: 'LabRequestList' });

export const labRequestResponseSchema = z
  .object({ data: labRequestSchema })
  .meta({ id: 'LabRequestResponse' });

export const sampleAcceptedSchema = z
  .object({ status: z.literal('pending_verification') })
  .meta({ id: 'SampleAccepted' });

export const sampleRequestListSchema = z
  .object({ data: z.array(sampleRequestSchema), count: z.int().min(0) })
  .meta({ id: 'SampleRequestList' });

export const meResponseSchema = z.object({ data: meSchema }).meta({ id: 'MeResponse' });

export const healthSchema = z.object({ status: z.enum(['ok', 'unavailable']) }).meta({ id: 'Health' });
