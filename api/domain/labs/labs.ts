// Organisations, their contacts (accounts), their API keys and their NDA state: the rules, shared by the
// operator CLI (which changes them) and the API (which authenticates with them).
import { RefusedError } from '../../errors.ts';
import { hashKey, isWellFormedKey, keyPrefix, newApiKey, newId, sameHash } from '../ids.ts';
import type { Account, ApiKeyRecord, Core, Org } from '../../store/records.ts';
import type { Tx, View } from '../../store/json/json-store.ts';

export type Caller = { key: ApiKeyRecord; org: Org; account: Account };

const iso = (now: Date) => now.toISOString();

export function findOrg(core: Readonly<Core>, id: string): Org {
  const org = core.orgs.find((o) => o.id === id);
  if (!org) throw new RefusedError(`No organisation ${id}: "ops org list" shows them.`);
  return org;
}

export function findAccount(core: Readonly<Core>, id: string): Account {
  const account = core.accounts.find((a) => a.id === id);
  if (!account) throw new RefusedError(`No account ${id}.`);
  return account;
}

export function findKey(core: Readonly<Core>, id: string): ApiKeyRecord {
  const key = core.keys.find((k) => k.id === id);
  if (!key) throw new RefusedError(`No key ${id}: "ops key list --org ORG" shows an organisation's keys.`);
  return key;
}

export function createOrg(tx: Tx, name: string, now: Date): Org {
  const trimmed = name.trim();
  if (!trimmed || trimmed.length > 200)
    throw new RefusedError('An organisation needs a name of 1 to 200 characters.');
  const org: Org = {
    id: newId('org'),
    name: trimmed,
    created_at: iso(now),
    nda: { state: 'none', accepted_at: null, verified_at: null, revoked_at: null },
  };
  tx.changeCore((core) => core.orgs.push(org));
  return org;
}

const EMAIL = /^[^\s@]+@[^\s@]+$/;

export function addAccount(
  tx: Tx,
  input: { orgId: string; email: string; name?: string; verified?: boolean },
  now: Date,
): Account {
  findOrg(tx.core, input.orgId);
  const email = input.email.trim().toLowerCase();
  if (!EMAIL.test(email) || email.length > 254)
    throw new RefusedError(`"${input.email}" is not an email address.`);
  if (tx.core.accounts.some((a) => a.email === email))
    throw new RefusedError(`An account for ${email} exists already.`);
  const account: Account = {
    id: newId('acc'),
    org_id: input.orgId,
    email,
    name: input.name?.trim() || null,
    verified_at: input.verified ? iso(now) : null,
    created_at: iso(now),
  };
  tx.changeCore((core) => core.accounts.push(account));
  return account;
}

export function verifyAccount(tx: Tx, accountId: string, now: Date): Account {
  const account = findAccount(tx.core, accountId);
  if (account.verified_at) return account;
  const verified = { ...account, verified_at: iso(now) };
  tx.changeCore((core) => (core.accounts[core.accounts.findIndex((a) => a.id === accountId)] = verified));
  return verified;
}

/** Issues a key to a verified account; the key itself is returned once and only its hash is kept. */
export function issueKey(tx: Tx, accountId: string, now: Date): { record: ApiKeyRecord; key: string } {
  const account = findAccount(tx.core, accountId);
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
    created_at: iso(now),
    last_used_at: null,
    revoked_at: null,
    replaced_by: null,
  };
  tx.changeCore((core) => core.keys.push(record));
  return { record, key };
}

function changeKey(tx: Tx, keyId: string, change: Partial<ApiKeyRecord>): ApiKeyRecord {
  const updated = { ...findKey(tx.core, keyId), ...change };
  tx.changeCore((core) => (core.keys[core.keys.findIndex((k) => k.id === keyId)] = updated));
  return updated;
}

export function revokeKey(tx: Tx, keyId: string, now: Date): ApiKeyRecord {
  const key = findKey(tx.core, keyId);
  if (key.revoked_at) throw new RefusedError(`Key ${keyId} was revoked already, at ${key.revoked_at}.`);
  return changeKey(tx, keyId, { revoked_at: iso(now) });
}

/** A successor for the same account, and the old key revoked at once. */
export function rotateKey(
  tx: Tx,
  keyId: string,
  now: Date,
): { record: ApiKeyRecord; key: string; revoked: ApiKeyRecord } {
  const old = findKey(tx.core, keyId);
  if (old.revoked_at)
    throw new RefusedError(`Key ${keyId} is revoked; issue a new one with "ops key issue".`);
  const successor = issueKey(tx, old.account_id, now);
  const revoked = changeKey(tx, keyId, { revoked_at: iso(now), replaced_by: successor.record.id });
  return { ...successor, revoked };
}

function changeNda(tx: Tx, orgId: string, change: Partial<Org['nda']>): Org {
  const org = findOrg(tx.core, orgId);
  const updated = { ...org, nda: { ...org.nda, ...change } };
  tx.changeCore((core) => (core.orgs[core.orgs.findIndex((o) => o.id === orgId)] = updated));
  return updated;
}

export function acceptNda(tx: Tx, orgId: string, verified: boolean, now: Date): Org {
  return changeNda(tx, orgId, {
    state: verified ? 'verified' : 'accepted',
    accepted_at: iso(now),
    verified_at: verified ? iso(now) : null,
    revoked_at: null,
  });
}

export function verifyNda(tx: Tx, orgId: string, now: Date): Org {
  const org = findOrg(tx.core, orgId);
  if (org.nda.state === 'none')
    throw new RefusedError(`${orgId} has not accepted the NDA: "ops nda accept --org ${orgId}" first.`);
  return changeNda(tx, orgId, { state: 'verified', verified_at: org.nda.verified_at ?? iso(now) });
}

export function revokeNda(tx: Tx, orgId: string, now: Date): Org {
  const org = findOrg(tx.core, orgId);
  if (org.nda.state === 'none') throw new RefusedError(`${orgId} has no NDA to revoke.`);
  return changeNda(tx, orgId, { state: 'none', revoked_at: iso(now) });
}

/** The NDA counts once accepted (the spec: "has accepted"); verification gates only the sample links. */
export const ndaAccepted = (org: Org) => org.nda.state === 'accepted' || org.nda.state === 'verified';

export type KeyCheck =
  { ok: true; caller: Caller } | { ok: false; reason: 'malformed' | 'unknown' | 'revoked' };

/** Checks a bearer token: shape and checksum first (no lookup for a typo), then the hash among live keys. */
export function authenticate(view: View, token: string): KeyCheck {
  if (!isWellFormedKey(token)) return { ok: false, reason: 'malformed' };
  const hash = hashKey(token);
  const key = view.core.keys.find((k) => sameHash(k.hash, hash));
  if (!key) return { ok: false, reason: 'unknown' };
  if (key.revoked_at) return { ok: false, reason: 'revoked' };
  const org = view.core.orgs.find((o) => o.id === key.org_id);
  const account = view.core.accounts.find((a) => a.id === key.account_id);
  if (!org || !account) return { ok: false, reason: 'unknown' };
  return { ok: true, caller: { key, org, account } };
}
