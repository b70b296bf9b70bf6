// The dashboard's keys (contract §8), session only: a key never manages keys (403). GET /api/v1/keys lists them
// (any role); create, rotate (with 0–24 hours of grace) and revoke are for admins. Another organisation's key is 404.
import * as keyActions from '../actions/keys.ts';
import { newKeySchema, rotateKeySchema } from '../domain/labs/schemas.ts';
import { keyView } from '../domain/labs/views.ts';
import { requireSession } from '../http/authentication.ts';
import { readJsonBody } from '../http/body.ts';
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
