// The dashboard's keys (contract §8), session only: a key never manages keys (403). GET /api/v1/keys lists them
// (any role); create, rotate (with 0–24 hours of grace) and revoke are for admins. Another organisation's key is 404.
import { isRevoked, issueKey, revokeKey, rotateKey } from '../domain/labs/api-keys.ts';
import type { Caller } from '../domain/labs/caller.ts';
import { newKeySchema, rotateKeySchema } from '../domain/labs/schemas.ts';
import { keyView } from '../domain/labs/views.ts';
import { ApiError, notFound } from '../errors.ts';
import { requireAdmin, requireSession } from '../http/authentication.ts';
import { readJsonBody } from '../http/body.ts';
import { empty, json } from '../http/responses.ts';
import type { ApiRequest, Context, Handler } from '../http/types.ts';
import { parseBody } from '../http/validation.ts';
import type { Tx } from '../store/store.ts';

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
  const caller = requireAdmin(context);
  const body = await readJsonBody(request, context.deps.config.maxBodyBytes);
  const input = parseBody(newKeySchema, body.value, 'new key');
  const { record, key } = await context.deps.store.transact((tx) =>
    issueKey(tx, caller.account.id, context.now, { name: input.name, expiresInDays: input.expires_in_days }),
  );
  return json({ data: { ...keyView(record, context.now), key } }, { status: 201 });
};

async function ownKey(tx: Tx, caller: Caller, id: string) {
  const key = await tx.keyById(id);
  // Another organisation's key is "not found": its existence is not ours to confirm.
  if (!key || key.org_id !== caller.org.id) {
    throw notFound(`Your organisation has no key ${id.slice(0, 80)}. GET /api/v1/keys lists yours.`);
  }
  return key;
}

export const rotateOwnKey: Handler = async (request, context) => {
  const caller = requireAdmin(context);
  const input = parseBody(rotateKeySchema, await optionalBody(request, context), 'rotation');
  const { record, key, revoked } = await context.deps.store.transact(async (tx) => {
    await ownKey(tx, caller, context.params.id!);
    // An empty write takes the key's row lock (PostgreSQL), so two rotations at once give one successor.
    const current = await tx.update('keys', context.params.id!, {});
    if (current.replaced_by || isRevoked(current, context.now)) {
      throw new ApiError(
        409,
        'conflict',
        'This key was rotated or revoked already: rotate its successor, or create a new key.',
      );
    }
    return rotateKey(tx, context.params.id!, context.now, {
      graceHours: input.grace_hours,
      accountId: caller.account.id,
    });
  });
  const data = { ...keyView(record, context.now), key, replaces: keyView(revoked, context.now) };
  return json({ data }, { status: 201 });
};

export const revokeOwnKey: Handler = async (_request, context) => {
  const caller = requireAdmin(context);
  await context.deps.store.transact(async (tx) => {
    const key = await ownKey(tx, caller, context.params.id!);
    // Revoking a key in its grace period ends the grace: refused at once, as asked.
    if (key.revoked_at && Date.parse(key.revoked_at) <= context.now.getTime()) return key;
    return key.revoked_at
      ? tx.update('keys', key.id, { revoked_at: context.now.toISOString() })
      : revokeKey(tx, key.id, context.now);
  });
  return empty({ status: 204 });
};
