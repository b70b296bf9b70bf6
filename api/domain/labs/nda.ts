// An organisation's NDA: accepted (NDA-only fields and sample requests open, the spec's "has accepted"),
// verified by the operator (sample links go out), or revoked (both stop at once).
import { DomainError, conflict } from '../../errors.ts';
import type { Account, NdaAcceptanceRecord, Org } from '../../store/records.ts';
import type { Tx } from '../../store/store.ts';
import { newId } from '../ids.ts';
import { enqueueMail } from '../mail/queue.ts';
import { emitEvent } from '../webhooks/events.ts';
import { roleOf } from './caller.ts';
import { ndaAcceptedToOperator, ndaSignedCopy } from './mails.ts';
import { requireOrg } from './organisations.ts';
import { ndaView } from './views.ts';

/** The NDA counts once accepted; verification gates only the sample links. */
export const ndaAccepted = (org: Org) => org.nda.state === 'accepted' || org.nda.state === 'verified';

const changeNda = async (tx: Tx, org: Org, change: Partial<Org['nda']>) =>
  tx.update('orgs', org.id, { nda: { ...org.nda, ...change } });

/**
 * nda.verified when a verification is new, nda.revoked when a revocation is: each named by its own time, and each
 * telling the state as GET /api/v1/me does ("revoked", not the stored "none").
 */
async function tellWebhooks(tx: Tx, before: Org, after: Org, now: Date): Promise<Org> {
  const { state, accepted_at, verified_at, revoked_at } = ndaView(after);
  const data = { organisation_id: after.id, state, accepted_at, verified_at, revoked_at };
  if (after.nda.state === 'verified' && before.nda.verified_at !== after.nda.verified_at) {
    const key = `org:${after.id}:nda:verified:${after.nda.verified_at}`;
    await emitEvent(tx, { orgId: after.id, type: 'nda.verified', key, data }, now);
  }
  if (after.nda.revoked_at && before.nda.revoked_at !== after.nda.revoked_at) {
    const key = `org:${after.id}:nda:revoked:${after.nda.revoked_at}`;
    await emitEvent(tx, { orgId: after.id, type: 'nda.revoked', key, data }, now);
  }
  return after;
}

export async function acceptNda(tx: Tx, orgId: string, verified: boolean, now: Date): Promise<Org> {
  const org = await requireOrg(tx, orgId);
  const accepted = await changeNda(tx, org, {
    state: verified ? 'verified' : 'accepted',
    accepted_at: now.toISOString(),
    verified_at: verified ? now.toISOString() : null,
    revoked_at: null,
  });
  return tellWebhooks(tx, org, accepted, now);
}

export async function verifyNda(tx: Tx, orgId: string, now: Date): Promise<Org> {
  const org = await requireOrg(tx, orgId);
  if (!ndaAccepted(org))
    throw conflict(`${orgId} has not accepted the NDA: there is no acceptance to verify.`);
  const verified = await changeNda(tx, org, {
    state: 'verified',
    verified_at: org.nda.verified_at ?? now.toISOString(),
  });
  return tellWebhooks(tx, org, verified, now);
}

export async function revokeNda(tx: Tx, orgId: string, now: Date): Promise<Org> {
  const org = await requireOrg(tx, orgId);
  if (!ndaAccepted(org)) throw conflict(`${orgId} has no NDA to revoke.`);
  return tellWebhooks(
    tx,
    org,
    await changeNda(tx, org, { state: 'none', revoked_at: now.toISOString() }),
    now,
  );
}

export const legalSettingsUnset = (unset: string[]) =>
  conflict(
    `The NDA cannot be accepted yet: the service's legal settings ${unset.join(', ')} are not set, so the agreement names no provider or law. The operator sets them and restarts the service; then accept it.`,
  );

/** The signed copy (a PDF made at send time) to the signer and to every admin of the organisation. */
async function mailSignedCopies(
  tx: Tx,
  org: Org,
  acceptance: NdaAcceptanceRecord,
  signer: Account,
  now: Date,
): Promise<void> {
  const admins = (await tx.accountsOf(org.id)).filter((a) => !a.removed_at && roleOf(a) === 'admin');
  const to = new Map([signer, ...admins].map((account) => [account.id, account.email]));
  const attachments = [{ kind: 'nda_certificate', org_id: org.id, acceptance_id: acceptance.id } as const];
  for (const [accountId, email] of to) {
    const mail = { ...ndaSignedCopy(org, acceptance, accountId === signer.id), attachments };
    await enqueueMail(tx, `nda:${acceptance.id}:copy:${accountId}`, email, mail, now);
  }
}

/** A click-through acceptance from the dashboard (contract §8): stale version or text → 409 nda_outdated. */
export async function acceptNdaOnline(
  tx: Tx,
  caller: { org: Org; account: Account },
  input: { version: string; sha256: string; signer_name: string; signer_title: string },
  current: { version: string; sha256: string; text: string; unset: string[] },
  meta: { ip: string; userAgent: string; operatorEmail: string; siteUrl: URL },
  now: Date,
): Promise<{ org: Org; acceptance: NdaAcceptanceRecord; created: boolean }> {
  // A lab signing an agreement whose other party is blank binds nobody: refused, naming what the operator must set.
  if (current.unset.length) throw legalSettingsUnset(current.unset);
  // A hash is the same in either case: an uppercase copy from another tool is not a different text.
  if (input.version !== current.version || input.sha256.toLowerCase() !== current.sha256) {
    throw new DomainError(
      'nda_outdated',
      `The NDA has changed: the current version is ${current.version} (SHA-256 ${current.sha256}). Read it again at /legal/nda/ and accept that version.`,
    );
  }
  const org = await requireOrg(tx, caller.org.id);
  // The same version accepted again (a form sent twice, a page refreshed): nothing changes. A new record would
  // undo the operator's verification and stop the sample links already mailed.
  if (ndaAccepted(org) && org.nda.version === current.version) {
    // The same text too: new parties or a new law under the same version is a new agreement to accept.
    const inForce = (await tx.ndaAcceptances(org.id)).find(
      (record) => record.version === current.version && record.sha256 === current.sha256,
    );
    if (inForce) return { org, acceptance: inForce, created: false };
  }
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
    text: current.text,
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
  const mail = ndaAcceptedToOperator(updated, acceptance, caller.account.email, meta.siteUrl);
  await enqueueMail(tx, `nda:${acceptance.id}:operator`, meta.operatorEmail, mail, now);
  await mailSignedCopies(tx, updated, acceptance, caller.account, now);
  return { org: updated, acceptance, created: true };
}
