// Who is calling: the lab behind a valid API key or a dashboard session (contract §8). One shape for both, so a
// handler asks `kind` and `role` and never which header or cookie carried them.
import type { Account, ApiKeyRecord, Org, Role, SessionRecord } from '../../store/records.ts';

export type Caller = {
  kind: 'key' | 'session';
  org: Org;
  account: Account;
  /** A key acts with its account's role; a key never manages keys or the team whatever its role. */
  role: Role;
  /** Set when kind is 'key'. */
  key: ApiKeyRecord | null;
  /** Set when kind is 'session'. */
  session: SessionRecord | null;
};

/** Accounts made before roles existed (by `ops account add`) are their organisation's admins. */
export const roleOf = (account: Account): Role => account.role ?? 'admin';

/** The id a rate limit counts a caller under: the key, or the signed-in account. */
export const limitIdOf = (caller: Caller) => (caller.key ? caller.key.id : `acc:${caller.account.id}`);
