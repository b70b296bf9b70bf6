// Keys (contract §6, §8): a lab's admins create, rotate and revoke their organisation's keys from the dashboard or
// the API; the operator issues, rotates and revokes any key from the CLI. One path for both, so a rotation always
// locks the key's row (two at once give one successor) and a revocation never moves an earlier `revoked_at`.
import {
  checkRoomForKey,
  isRevoked,
  issueKey,
  requireKey,
  revokeKey as revoke,
  rotateKey as rotate,
} from '../domain/labs/api-keys.ts';
import type { ApiKeyRecord } from '../store/records.ts';
import type { Tx } from '../store/store.ts';
import { conflict, notFound } from '../errors.ts';
import { isOperator, labAdmin, requireOperator, transactAndKick, type ActionContext } from './context.ts';

export type NewKey = { name: string; expires_in_days?: number | undefined };

/** A key for the signed-in admin's organisation, shown once. */
export function createKey(context: ActionContext, input: NewKey) {
  const caller = labAdmin(context, 'manage keys');
  return transactAndKick(context, async (tx) => {
    await checkRoomForKey(tx, caller.org.id, context.config.keysPerOrg, context.now);
    return issueKey(tx, caller.account.id, context.now, {
      name: input.name,
      expiresInDays: input.expires_in_days,
    });
  });
}

/** The operator's key for an account (its organisation's), shown once. */
export function issueKeyForAccount(context: ActionContext, accountId: string) {
  requireOperator(context);
  return transactAndKick(context, async (tx) => {
    const account = await tx.accountById(accountId);
    if (account) await checkRoomForKey(tx, account.org_id, context.config.keysPerOrg, context.now);
    return issueKey(tx, accountId, context.now);
  });
}

/** The key, if the actor may act on it: another organisation's key is "not found", not ours to confirm. */
async function actableKey(tx: Tx, context: ActionContext, id: string): Promise<ApiKeyRecord> {
  if (isOperator(context)) return requireKey(tx, id);
  const caller = labAdmin(context, 'manage keys');
  const key = await tx.keyById(id);
  if (!key || key.org_id !== caller.org.id)
    throw notFound(`Your organisation has no key ${id.slice(0, 80)}.`);
  return key;
}

/** A successor (same name and lifetime) and the old key refused after `graceHours` (0: at once). */
export function rotateKey(context: ActionContext, id: string, graceHours = 0) {
  return transactAndKick(context, async (tx) => {
    const found = await actableKey(tx, context, id);
    // An empty write takes the key's row lock (PostgreSQL): two rotations at once give one successor.
    const current = await tx.update('keys', found.id, {});
    if (current.replaced_by || isRevoked(current, context.now))
      throw conflict('This key was rotated or revoked already: rotate its successor, or create a new key.');
    const accountId = context.actor.kind === 'lab' ? context.actor.caller.account.id : undefined;
    return rotate(tx, found.id, context.now, { graceHours, accountId });
  });
}

/**
 * Refuses the key from now on. A key refused already keeps its `revoked_at` (`already`: true); one in the grace of a
 * rotation has its grace ended.
 */
export function revokeKey(context: ActionContext, id: string) {
  return transactAndKick(context, async (tx) => {
    const found = await actableKey(tx, context, id);
    const key = await tx.update('keys', found.id, {}); // the row lock, as for a rotation
    if (isRevoked(key, context.now)) return { key, already: true };
    if (key.revoked_at) {
      const ended = await tx.update('keys', key.id, { revoked_at: context.now.toISOString() });
      return { key: ended, already: false };
    }
    return { key: await revoke(tx, key.id, context.now), already: false };
  });
}
