// An organisation's NDA: accepted (NDA-only fields and sample requests open, the spec's "has accepted"),
// verified by the operator (sample links go out), or revoked (both stop at once).
import { RefusedError } from '../../errors.ts';
import type { Org } from '../../store/records.ts';
import type { Tx } from '../../store/store.ts';
import { requireOrg } from './organisations.ts';

/** The NDA counts once accepted; verification gates only the sample links. */
export const ndaAccepted = (org: Org) => org.nda.state === 'accepted' || org.nda.state === 'verified';

const changeNda = async (tx: Tx, org: Org, change: Partial<Org['nda']>) =>
  tx.update('orgs', org.id, { nda: { ...org.nda, ...change } });

export async function acceptNda(tx: Tx, orgId: string, verified: boolean, now: Date): Promise<Org> {
  const org = await requireOrg(tx, orgId);
  return changeNda(tx, org, {
    state: verified ? 'verified' : 'accepted',
    accepted_at: now.toISOString(),
    verified_at: verified ? now.toISOString() : null,
    revoked_at: null,
  });
}

export async function verifyNda(tx: Tx, orgId: string, now: Date): Promise<Org> {
  const org = await requireOrg(tx, orgId);
  if (!ndaAccepted(org))
    throw new RefusedError(`${orgId} has not accepted the NDA: "ops nda accept --org ${orgId}" first.`);
  return changeNda(tx, org, { state: 'verified', verified_at: org.nda.verified_at ?? now.toISOString() });
}

export async function revokeNda(tx: Tx, orgId: string, now: Date): Promise<Org> {
  const org = await requireOrg(tx, orgId);
  if (!ndaAccepted(org)) throw new RefusedError(`${orgId} has no NDA to revoke.`);
  return changeNda(tx, org, { state: 'none', revoked_at: now.toISOString() });
}
