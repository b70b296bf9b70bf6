// An organisation's NDA: accepted (NDA-only fields and sample requests open, the spec's "has accepted"),
// verified by the operator (sample links go out), or revoked (both stop at once).
import { ApiError, RefusedError } from '../../errors.ts';
import type { Account, NdaAcceptanceRecord, Org } from '../../store/records.ts';
import type { Tx } from '../../store/store.ts';
import { newId } from '../ids.ts';
import { enqueueMail } from '../mail/queue.ts';
import { ndaAcceptedToOperator } from './mails.ts';
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

/** A click-through acceptance from the dashboard (contract §8): stale version or text → 409 nda_outdated. */
export async function acceptNdaOnline(
  tx: Tx,
  caller: { org: Org; account: Account },
  input: { version: string; sha256: string; signer_name: string; signer_title: string },
  current: { version: string; sha256: string },
  meta: { ip: string; userAgent: string; operatorEmail: string },
  now: Date,
): Promise<{ org: Org; acceptance: NdaAcceptanceRecord }> {
  if (input.version !== current.version || input.sha256 !== current.sha256) {
    throw new ApiError(
      409,
      'nda_outdated',
      `The NDA has changed: the current version is ${current.version} (SHA-256 ${current.sha256}). Read it again at /legal/nda/ and accept that version.`,
    );
  }
  const org = await requireOrg(tx, caller.org.id);
  const acceptance: NdaAcceptanceRecord = {
    id: newId('nda'),
    org_id: org.id,
    account_id: caller.account.id,
    version: current.version,
    sha256: current.sha256,
    signer_name: input.signer_name,
    signer_title: input.signer_title,
    ip: meta.ip,
    user_agent: meta.userAgent.slice(0, 300),
    created_at: now.toISOString(),
  };
  await tx.insert('nda_acceptances', acceptance);
  // Accepted again after a verification: the new text needs verifying too.
  const updated = await changeNda(tx, org, {
    state: 'accepted',
    accepted_at: now.toISOString(),
    verified_at: null,
    revoked_at: null,
    version: current.version,
    accepted_by: `${input.signer_name}, ${input.signer_title}`,
  });
  const mail = ndaAcceptedToOperator(updated, acceptance, caller.account.email);
  await enqueueMail(tx, `nda:${acceptance.id}:operator`, meta.operatorEmail, mail, now);
  return { org: updated, acceptance };
}
