// API keys: issued to a verified account for its organisation, shown once, stored only as a hash; revoked and
// rotated at once. Authentication checks a bearer token against them.
import { RefusedError } from '../../errors.ts';
import type { Account, ApiKeyRecord, Org } from '../../store/records.ts';
import type { StoreReads, Tx } from '../../store/store.ts';
import { hashKey, isWellFormedKey, keyPrefix, newApiKey, newId } from '../ids.ts';
import { requireAccount } from './organisations.ts';

/** Who is calling: the lab behind a valid key. */
export type Caller = { key: ApiKeyRecord; org: Org; account: Account };

export async function requireKey(reads: StoreReads, id: string): Promise<ApiKeyRecord> {
  const key = await reads.keyById(id);
  if (!key) throw new RefusedError(`No key ${id}: "ops key list --org ORG" shows an organisation's keys.`);
  return key;
}

/** Issues a key to a verified account; the key itself is returned once and only its hash is kept. */
export async function issueKey(
  tx: Tx,
  accountId: string,
  now: Date,
): Promise<{ record: ApiKeyRecord; key: string }> {
  const account = await requireAccount(tx, accountId);
  if (!account.verified_at) {
    throw new RefusedError(`Account ${accountId} is not verified: "ops account verify ${accountId}" first.`);
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
  };
  await tx.insert('keys', record);
  return { record, key };
}

export async function revokeKey(tx: Tx, keyId: string, now: Date): Promise<ApiKeyRecord> {
  const key = await requireKey(tx, keyId);
  if (key.revoked_at) throw new RefusedError(`Key ${keyId} was revoked already, at ${key.revoked_at}.`);
  return tx.update('keys', keyId, { revoked_at: now.toISOString() });
}

/** A successor for the same account, and the old key revoked at once. */
export async function rotateKey(
  tx: Tx,
  keyId: string,
  now: Date,
): Promise<{ record: ApiKeyRecord; key: string; revoked: ApiKeyRecord }> {
  const old = await requireKey(tx, keyId);
  if (old.revoked_at)
    throw new RefusedError(`Key ${keyId} is revoked; issue a new one with "ops key issue".`);
  const successor = await issueKey(tx, old.account_id, now);
  const revoked = await tx.update('keys', keyId, {
    revoked_at: now.toISOString(),
    replaced_by: successor.record.id,
  });
  return { ...successor, revoked };
}

export type KeyCheck =
  { ok: true; caller: Caller } | { ok: false; reason: 'malformed' | 'unknown' | 'revoked' };

/**
 * Checks a bearer token: shape and checksum first (a typo costs no lookup), then the store by the key's hash. The
 * lookup is by the hash of a 190-bit random key, so its timing tells an attacker nothing worth knowing.
 */
export async function authenticate(reads: StoreReads, token: string): Promise<KeyCheck> {
  if (!isWellFormedKey(token)) return { ok: false, reason: 'malformed' };
  const key = await reads.keyByHash(hashKey(token));
  if (!key) return { ok: false, reason: 'unknown' };
  if (key.revoked_at) return { ok: false, reason: 'revoked' };
  const [org, account] = await Promise.all([reads.orgById(key.org_id), reads.accountById(key.account_id)]);
  if (!org || !account) return { ok: false, reason: 'unknown' };
  return { ok: true, caller: { key, org, account } };
}
