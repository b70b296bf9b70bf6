// What a lab sees of itself (GET /api/v1/me, contract §8), its keys, its team and its invitations: zod schemas
// (which type the views and document them in OpenAPI) and the functions that make them from stored records.
import { z } from 'zod';
import type { Account, ApiKeyRecord, Org, SigninTokenRecord } from '../../store/records.ts';
import { roleOf, type Caller } from './caller.ts';

export const NDA_STATES = ['none', 'accepted', 'verified', 'revoked'] as const;
export const ROLES = ['admin', 'member'] as const;

export const apiKeySchema = z
  .object({
    id: z.string(),
    name: z.string().nullable(),
    prefix: z.string().describe('dss_ and the first 4 characters: enough to recognise the key'),
    created_at: z.iso.datetime(),
    last_used_at: z.iso.datetime().nullable().describe('Written at most once an hour'),
    expires_at: z.iso.datetime().nullable(),
    revoked_at: z.iso
      .datetime()
      .nullable()
      .describe('May be in the future: a key rotated with grace works until then'),
    replaced_by: z.string().nullable(),
    state: z.enum(['active', 'grace', 'revoked', 'expired']),
  })
  .meta({ id: 'ApiKey' });

export const teamMemberSchema = z
  .object({
    id: z.string(),
    email: z.string(),
    name: z.string().nullable(),
    role: z.enum(ROLES),
    created_at: z.iso.datetime(),
  })
  .meta({ id: 'TeamMember' });

const ndaViewSchema = z.object({
  state: z
    .enum(NDA_STATES)
    .describe(
      'accepted: NDA-only fields and sample requests are open; verified: sample links go out too; revoked: both stopped',
    ),
  version: z.string().nullable().describe('The version accepted from the dashboard'),
  accepted_at: z.iso.datetime().nullable(),
  accepted_by: z.string().nullable().describe('The signer, "name, title"'),
  verified_at: z.iso.datetime().nullable(),
  revoked_at: z.iso.datetime().nullable(),
});

export const meSchema = z
  .object({
    organisation: z.object({ id: z.string(), name: z.string() }),
    account: teamMemberSchema.optional().describe('With a session: the signed-in account'),
    key: apiKeySchema.optional().describe('With a key: the key'),
    role: z.enum(ROLES),
    nda: ndaViewSchema,
    rate_limit: z
      .object({ policy: z.string(), limit: z.int(), remaining: z.int(), reset: z.int().describe('Seconds') })
      .nullable(),
  })
  .meta({ id: 'Me' });

export function keyView(key: ApiKeyRecord, now: Date): z.output<typeof apiKeySchema> {
  const at = now.getTime();
  const state =
    key.revoked_at && Date.parse(key.revoked_at) <= at
      ? 'revoked'
      : key.expires_at && Date.parse(key.expires_at) <= at
        ? 'expired'
        : key.revoked_at
          ? 'grace'
          : 'active';
  return {
    id: key.id,
    name: key.name ?? null,
    prefix: key.prefix,
    created_at: key.created_at,
    last_used_at: key.last_used_at,
    expires_at: key.expires_at ?? null,
    revoked_at: key.revoked_at,
    replaced_by: key.replaced_by,
    state,
  };
}

export const invitationViewSchema = z
  .object({
    id: z.string(),
    email: z.string(),
    role: z.enum(ROLES),
    created_at: z.iso.datetime(),
    expires_at: z.iso.datetime().describe('The link in the mail works once, until then'),
  })
  .meta({ id: 'Invitation' });

export const invitationView = (invitation: SigninTokenRecord): z.output<typeof invitationViewSchema> => ({
  id: invitation.id,
  email: invitation.email,
  role: invitation.role ?? 'member',
  created_at: invitation.created_at,
  expires_at: invitation.expires_at,
});

export const memberView = (account: Account): z.output<typeof teamMemberSchema> => ({
  id: account.id,
  email: account.email,
  name: account.name,
  role: roleOf(account),
  created_at: account.created_at,
});

export function ndaView(org: Org): z.output<typeof ndaViewSchema> {
  const { nda } = org;
  // The store keeps a revoked NDA as state "none" with its revocation time; the lab is told which it is.
  const state = nda.state === 'none' && nda.revoked_at ? 'revoked' : nda.state;
  return {
    state,
    version: nda.version ?? null,
    accepted_at: nda.accepted_at,
    accepted_by: nda.accepted_by ?? null,
    verified_at: nda.verified_at,
    revoked_at: nda.revoked_at,
  };
}

export function meView(
  caller: Caller,
  now: Date,
  limit?: { policy?: string; limit?: number; remaining?: number; reset?: number },
): z.output<typeof meSchema> {
  return {
    organisation: { id: caller.org.id, name: caller.org.name },
    ...(caller.key ? { key: keyView(caller.key, now) } : { account: memberView(caller.account) }),
    role: caller.role,
    nda: ndaView(caller.org),
    rate_limit:
      limit?.policy !== undefined
        ? { policy: limit.policy, limit: limit.limit!, remaining: limit.remaining!, reset: limit.reset! }
        : null,
  };
}
