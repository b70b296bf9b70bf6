// What a lab sees of itself behind its key (GET /api/v1/me, contract §8): its organisation, the key, and the
// organisation's NDA state. A zod schema (which types the view and documents it in OpenAPI) and the function.
import { z } from 'zod';
import type { Caller } from './api-keys.ts';

export const NDA_STATES = ['none', 'accepted', 'verified', 'revoked'] as const;

export const meSchema = z
  .object({
    organisation: z.object({ id: z.string(), name: z.string() }),
    key: z.object({
      id: z.string(),
      prefix: z.string().describe('dss_ and the first 4 characters: enough to recognise the key'),
      created_at: z.iso.datetime(),
      last_used_at: z.iso.datetime().nullable().describe('Written at most once an hour'),
    }),
    nda: z.object({
      state: z
        .enum(NDA_STATES)
        .describe(
          'accepted: NDA-only fields and sample requests are open; verified: sample links go out too; revoked: both stopped',
        ),
      accepted_at: z.iso.datetime().nullable(),
      verified_at: z.iso.datetime().nullable(),
      revoked_at: z.iso.datetime().nullable(),
    }),
  })
  .meta({ id: 'Me' });

export function meView({ org, key }: Caller): z.output<typeof meSchema> {
  const { nda } = org;
  // The store keeps a revoked NDA as state "none" with its revocation time; the lab is told which it is.
  const state = nda.state === 'none' && nda.revoked_at ? 'revoked' : nda.state;
  return {
    organisation: { id: org.id, name: org.name },
    key: { id: key.id, prefix: key.prefix, created_at: key.created_at, last_used_at: key.last_used_at },
    nda: { state, accepted_at: nda.accepted_at, verified_at: nda.verified_at, revoked_at: nda.revoked_at },
  };
}
