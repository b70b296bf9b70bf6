// The response bodies of /api/v1 as zod schemas: the handlers' types and the OpenAPI document both come from
// here, so the document cannot drift from what the API sends.
import { z } from 'zod';
import { ERROR_CODE_NAMES } from '../errors.ts';
import { ndaSchema, publicListingSchema } from '../domain/listings/listing-schema.ts';
import { apiKeySchema, invitationViewSchema, meSchema, teamMemberSchema } from '../domain/labs/views.ts';
import {
  demandPostSchema,
  labRequestDetailSchema,
  labRequestSchema,
  matchSchema,
} from '../domain/requests/views.ts';
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
  .object({
    data: z.array(publicListingSchema),
    count: z.int().min(0),
    nearest: z
      .array(z.object({ id: z.string(), title: z.string() }))
      .optional()
      .describe('Only when nothing matches: up to three listings nearest to the query, best first'),
  })
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

/** A page of a list (contract §9): `count` is this page's; `next_cursor` null at the end. */
const page = <T extends z.ZodType>(item: T) => ({
  data: z.array(item),
  count: z.int().min(0).describe('How many are in this page'),
  next_cursor: z.string().nullable().describe('Pass as cursor for the next page; null when this is the last'),
});

export const demandListSchema = z.object(page(demandPostSchema)).meta({ id: 'DemandList' });

export const createdRequestSchema = z
  .object({
    data: z.object({
      id: z.string(),
      status: z.literal('received'),
      matches: z.array(matchSchema).max(5).describe('Public listings that fit, best first'),
    }),
  })
  .meta({ id: 'CreatedRequest' });

export const labRequestListSchema = z.object(page(labRequestSchema)).meta({ id: 'LabRequestList' });

export const labRequestResponseSchema = z
  .object({ data: labRequestDetailSchema })
  .meta({ id: 'LabRequestResponse' });

export const sampleAcceptedSchema = z
  .object({
    status: z.literal('pending_verification'),
    id: z.string().describe('smp_…: follow it at GET /api/v1/sample-requests/{id} (the Location header)'),
  })
  .meta({ id: 'SampleAccepted' });

export const sampleRequestListSchema = z.object(page(sampleRequestSchema)).meta({ id: 'SampleRequestList' });

export const sampleRequestResponseSchema = z
  .object({ data: sampleRequestSchema })
  .meta({ id: 'SampleRequestResponse' });

export const meResponseSchema = z.object({ data: meSchema }).meta({ id: 'MeResponse' });

export const healthSchema = z.object({ status: z.enum(['ok', 'unavailable']) }).meta({ id: 'Health' });

// Self-serve (contract §8).
export const accessReceivedSchema = z
  .object({ data: z.object({ status: z.literal('received') }) })
  .meta({ id: 'AccessRequestReceived' });

export const signinLinkSentSchema = z
  .object({
    data: z.object({
      status: z.literal('sent_if_known').describe('The same whether or not the address has an account'),
      message: z.string(),
    }),
  })
  .meta({ id: 'SigninLinkAnswer' });

export const ndaSummarySchema = z
  .object({
    data: z.object({
      version: z.string(),
      sha256: z.string().describe('SHA-256 of the NDA file as published, hex'),
      url: z.url().describe('Where the NDA is shown'),
    }),
  })
  .meta({ id: 'Nda' });

export const ndaAcceptedSchema = z
  .object({
    data: z.object({
      acceptance: z.object({
        id: z.string(),
        org_id: z.string(),
        account_id: z.string(),
        version: z.string(),
        sha256: z.string(),
        signer_name: z.string(),
        signer_title: z.string(),
        created_at: z.iso.datetime(),
      }),
      nda: meSchema.shape.nda,
    }),
  })
  .meta({ id: 'NdaAccepted' });

export const keyListSchema = z
  .object({ data: z.array(apiKeySchema), count: z.int().min(0) })
  .meta({ id: 'ApiKeyList' });

export const createdKeySchema = z
  .object({
    data: apiKeySchema.extend({ key: z.string().describe('The key itself: shown this once, never again') }),
  })
  .meta({ id: 'CreatedApiKey' });

export const rotatedKeySchema = z
  .object({
    data: apiKeySchema.extend({
      key: z.string().describe('The successor: shown this once, never again'),
      replaces: apiKeySchema.describe('The old key, refused from its revoked_at (after the grace)'),
    }),
  })
  .meta({ id: 'RotatedApiKey' });

export const teamListSchema = z
  .object({ data: z.array(teamMemberSchema), count: z.int().min(0) })
  .meta({ id: 'Team' });

export const invitationCreatedSchema = z
  .object({ data: invitationViewSchema })
  .meta({ id: 'InvitationCreated' });

export const invitationListSchema = z
  .object({ data: z.array(invitationViewSchema), count: z.int().min(0) })
  .meta({ id: 'Invitations' });
