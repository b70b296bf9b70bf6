// The error envelope every refusal answers (contract §4), as a zod schema: /openapi.json documents it from here.
import { z } from 'zod';
import { ERROR_CODE_NAMES } from '../errors.ts';

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
