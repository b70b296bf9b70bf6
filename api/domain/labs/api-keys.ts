// API keys: issued to a verified account for its organisation, shown once, stored only as a hash; revoked and
// rotated at once. Authentication checks a bearer token against them.
import { conflict, notFound } from '../../errors.ts';
import type { ApiKeyRecord } from '../../store/records.ts';
import type { StoreReads, Tx } from '../../store/store.ts';
import { hashKey, isWellFormedKey, keyPrefix, newApiKey, newId } from '../ids.ts';
import { emitEvent } from '../webhooks/events.ts';
import { roleOf, type Caller } from './caller.ts';
import { requireAccount } from './organisations.ts';

export type { Caller } from './caller.ts';

/** Refused from `revoked_at` on, which may be in the future after a rotation with grace. */
export const isRevoked = (key: ApiKeyRecord, now: Date) =>
  key.revoked_at !== null && Date.parse(key.revoked_at) <= now.getTime();
export const isExpired = (key: ApiKeyRecord, now: Date) =>
  Boolean(key.expires_at) && Date.parse(key.expires_at!) <= now.getTime();

export async function requireKey(reads: StoreReads, id: string): Promise<ApiKeyRecord> {
  const key = await reads.keyById(id);
  if (!key) throw notFound(`No key ${id}.`);
  return key;
}

/**
 * Refuses (409) a new key for an organisation that holds `limit` live keys (neither revoked nor expired): each key
 * is a budget of its own, so keys without end would be limits without end (issue 41 item 13). The organisation's row
 * lock first (PostgreSQL), so two keys made at once are counted one after the other. A rotation is not a new key.
 */
export async function checkRoomForKey(tx: Tx, orgId: string, limit: number, now: Date): Promise<void> {
  await tx.update('orgs', orgId, {});
  const live = (await tx.keysOf(orgId)).filter((key) => !isRevoked(key, now) && !isExpired(key, now));
  if (live.length >= limit) {
    throw conflict(
      `Your organisation has ${live.length} live API keys, the most it may have (${limit}): revoke one it no longer uses (DELETE /api/v1/keys/{id}, or the dashboard's Keys page), then create this one.`,
    );
  }
}

/** Issues a key to a verified account; the key itself is returned once and only its hash is kept. */
export async function issueKey(
  tx: Tx,
  accountId: string,
  now: Date,
  options: { name?: string | null; expiresInDays?: number } = {},
): Promise<{ record: ApiKeyRecord; key: string }> {
  const account = await requireAccount(tx, accountId);
  if (!account.verified_at) {
    throw conflict(`Account ${accountId} is not verified: verify it first.`);
  }
  const key = newApiKey();
  const record: ApiKeyRecord = {
    id: newId('key'),
    org_id: account.org_id,
    account_id: account.id,
    hash: hashKey(key),
    prefix: keyPrefix(key),
    created_at: now.toISOString(),
    last_used_at: null,
    revoked_at: null,
    replaced_by: null,
    name: options.name ?? null,
    expires_at: options.expiresInDays
      ? new Date(now.getTime() + options.expiresInDays * 86_400_000).toISOString()
      : null,
  };
  await tx.insert('keys', record);
  await tellWebhooks(tx, 'key.created', record, now);
  return { record, key };
}

/** key.created and key.revoked: what identifies the key (never the key itself), for the lab's own systems. */
async function tellWebhooks(tx: Tx, type: 'key.created' | 'key.revoked', key: ApiKeyRecord, now: Date) {
  const data = {
    id: key.id,
    name: key.name ?? null,
    prefix: key.prefix,
    created_at: key.created_at,
    expires_at: key.expires_at ?? null,
    revoked_at: key.revoked_at,
  };
  await emitEvent(tx, { orgId: key.org_id, type, key: `key:${key.id}:${type}`, data }, now);
}

export async function revokeKey(tx: Tx, keyId: string, now: Date): Promise<ApiKeyRecord> {
  const key = await requireKey(tx, keyId);
  if (isRevoked(key, now)) throw conflict(`Key ${keyId} was revoked already, at ${key.revoked_at}.`);
  const revoked = await tx.update('keys', keyId, { revoked_at: now.toISOString() });
  await tellWebhooks(tx, 'key.revoked', revoked, now);
  return revoked;
}

/**
 * A successor (same name and lifetime) and the old key revoked: at once, or after `graceHours` so that running
 * clients can move over. `accountId`: who the successor is issued to (the dashboard's caller; the key's account
 * for the operator).
 */
export async function rotateKey(
  tx: Tx,
  keyId: string,
  now: Date,
  options: { graceHours?: number; accountId?: string } = {},
): Promise<{ record: ApiKeyRecord; key: string; revoked: ApiKeyRecord }> {
  const old = await requireKey(tx, keyId);
  if (isRevoked(old, now) || old.replaced_by)
    throw conflict(`Key ${keyId} is revoked or rotated already; issue a new one.`);
  const lifetimeDays = old.expires_at
    ? Math.ceil((Date.parse(old.expires_at) - Date.parse(old.created_at)) / 86_400_000)
    : undefined;
  const successor = await issueKey(tx, options.accountId ?? old.account_id, now, {
    name: old.name ?? null,
    expiresInDays: lifetimeDays,
  });
  const revokedAt = new Date(now.getTime() + (options.graceHours ?? 0) * 3_600_000);
  const revoked = await tx.update('keys', keyId, {
    revoked_at: revokedAt.toISOString(),
    replaced_by: successor.record.id,
  });
  await tellWebhooks(tx, 'key.revoked', revoked, now); // revoked_at says when, after any grace
  return { ...successor, revoked };
}

/** Whether the key `token` was replaced by a rotation (then refused with a pointer to its successor). */
export async function wasRotated(reads: StoreReads, token: string): Promise<boolean> {
  return Boolean((await reads.keyWithOwners(hashKey(token)))?.key.replaced_by);
}

export type KeyCheck =
  { ok: true; caller: Caller } | { ok: false; reason: 'malformed' | 'unknown' | 'revoked' | 'expired' };

/**
 * Checks a bearer token: shape and checksum first (a typo costs no lookup), then the store by the key's hash. The
 * lookup is by the hash of a 190-bit random key, so its timing tells an attacker nothing worth knowing.
 */
export async function authenticate(reads: StoreReads, token: string, now = new Date()): Promise<KeyCheck> {
  if (!isWellFormedKey(token)) return { ok: false, reason: 'malformed' };
  const found = await reads.keyWithOwners(hashKey(token));
  if (!found) return { ok: false, reason: 'unknown' };
  const { key, org, account } = found;
  // Removal revokes an account's keys (team.ts); this also covers keys of accounts removed before it did.
  if (isRevoked(key, now) || account.removed_at) return { ok: false, reason: 'revoked' };
  if (isExpired(key, now)) return { ok: false, reason: 'expired' };
  return {
    ok: true,
    caller: { kind: 'key', key, org, account, role: roleOf(account), session: null },
  };
}
