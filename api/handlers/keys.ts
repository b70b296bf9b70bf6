// The dashboard's keys (contract §8), session only: a key never manages keys (403). GET /api/v1/keys lists them
// (any role); create, rotate (with 0–24 hours of grace) and revoke are for admins. Another organisation's key is 404.
import { z } from 'zod';
import * as keyActions from '../actions/keys.ts';
import { newKeySchema, rotateKeySchema } from '../domain/labs/schemas.ts';
import { apiKeySchema, keyView } from '../domain/labs/views.ts';
import { requireSession } from '../http/authentication.ts';
import { readJsonBody } from '../http/body.ts';
import type { Endpoint } from '../http/endpoint.ts';
import { SESSION_NOTE } from '../http/openapi/notes.ts';
import { pathId } from '../http/openapi/parameters.ts';
import { empty, json } from '../http/responses.ts';
import type { ApiRequest, Context, Handler } from '../http/types.ts';
import { parseBody } from '../http/validation.ts';
import { actingFor } from './acting.ts';

export const listKeys: Handler = async (_request, context) => {
  const caller = requireSession(context);
  const keys = await context.deps.store.keysOf(caller.org.id);
  const data = keys.map((key) => keyView(key, context.now)).reverse(); // newest first
  return json({ data, count: data.length });
};

/** An empty body is `{}`: POST /keys/{id}/rotate needs none. */
async function optionalBody(request: ApiRequest, context: Context): Promise<unknown> {
  const length = request.headers.get('content-length');
  if (!request.headers.has('content-type') && (length === null || length === '0')) return {};
  return (await readJsonBody(request, context.deps.config.maxBodyBytes)).value;
}

export const createKey: Handler = async (request, context) => {
  const body = await readJsonBody(request, context.deps.config.maxBodyBytes);
  const input = parseBody(newKeySchema, body.value, 'new key');
  const { record, key } = await keyActions.createKey(actingFor(context), input);
  return json({ data: { ...keyView(record, context.now), key } }, { status: 201 });
};

export const rotateOwnKey: Handler = async (request, context) => {
  const input = parseBody(rotateKeySchema, await optionalBody(request, context), 'rotation');
  const { record, key, revoked } = await keyActions.rotateKey(
    actingFor(context),
    context.params.id!,
    input.grace_hours,
  );
  const data = { ...keyView(record, context.now), key, replaces: keyView(revoked, context.now) };
  return json({ data }, { status: 201 });
};

export const revokeOwnKey: Handler = async (_request, context) => {
  await keyActions.revokeKey(actingFor(context), context.params.id!); // one revoked already: 204 all the same
  return empty({ status: 204 });
};

// The endpoints above, declared once: the route table and /openapi.json are read from these (endpoints.ts).
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

const keyId = pathId('The key id (key_…)', 'key_3hQm8ZtR2vWx9LpN4cYb');

export const keyEndpoints: Endpoint[] = [
  {
    method: 'GET',
    path: '/api/v1/keys',
    handle: listKeys,
    access: 'session',
    operationId: 'listKeys',
    summary: "Your organisation's API keys",
    description: `Newest first, never the key itself.${SESSION_NOTE}`,
    tag: 'Keys',
    responses: [{ status: 200, description: 'The keys', schema: keyListSchema }],
    errors: ['unauthorized', 'forbidden', 'rate_limited'],
  },
  {
    method: 'POST',
    path: '/api/v1/keys',
    handle: createKey,
    access: 'session',
    body: { schema: newKeySchema },
    operationId: 'createKey',
    summary: 'Create an API key',
    description: `Admin. The key is in this answer only; we keep its hash. expires_in_days: refused (401, saying it expired) after that. An organisation holds at most KEYS_PER_ORG (20) live keys: beyond, 409 conflict saying to revoke one.${SESSION_NOTE}`,
    tag: 'Keys',
    responses: [{ status: 201, description: 'Created: copy the key now', schema: createdKeySchema }],
    errors: ['unauthorized', 'forbidden', 'conflict', 'rate_limited'],
  },
  {
    method: 'POST',
    path: '/api/v1/keys/:id/rotate',
    handle: rotateOwnKey,
    access: 'session',
    parameters: [keyId],
    body: { schema: rotateKeySchema, optional: true },
    operationId: 'rotateKey',
    summary: 'Rotate an API key',
    description: `Admin. A successor (same name and lifetime), and the old key refused after grace_hours (0–24, default 0: at once). The body may be left out. A key rotated or revoked already: 409 conflict.${SESSION_NOTE}`,
    tag: 'Keys',
    responses: [{ status: 201, description: 'The successor: copy it now', schema: rotatedKeySchema }],
    errors: ['unauthorized', 'forbidden', 'not_found', 'conflict', 'rate_limited'],
  },
  {
    method: 'DELETE',
    path: '/api/v1/keys/:id',
    handle: revokeOwnKey,
    access: 'session',
    parameters: [keyId],
    operationId: 'revokeKey',
    summary: 'Revoke an API key',
    description: `Admin. Refused from now on (a key in its grace period too). Another organisation's key is 404.${SESSION_NOTE}`,
    tag: 'Keys',
    responses: [{ status: 204, description: 'Revoked' }],
    errors: ['unauthorized', 'forbidden', 'not_found', 'rate_limited'],
  },
];
