// A recall (contract §15), made in one store write with everything it tells: the `rcl_…` record, a mail to each
// organisation that received the listing and a signed `listing.recalled` event to its endpoints. Then each lab's
// deletion attestation, once per organisation.
import { conflict, notFound } from '../../errors.ts';
import type { RecallAcknowledgementRecord, RecallRecord } from '../../store/recall-records.ts';
import type { Tx } from '../../store/store.ts';
import { newId } from '../ids.ts';
import { roleOf } from '../labs/caller.ts';
import { teamOf } from '../labs/team.ts';
import { enqueueMail } from '../mail/queue.ts';
import { emitEvent } from '../webhooks/events.ts';
import { recallToLab } from './mails.ts';
import { recipientsOf } from './recipients.ts';
import type { AcknowledgementInput } from './recall-schema.ts';
import { recallView } from './views.ts';

export type NewRecall = Pick<RecallRecord, 'listing_id' | 'reason' | 'items' | 'created_by'>;

export async function makeRecall(
  tx: Tx,
  input: NewRecall,
  listingTitle: string,
  site: URL,
  now: Date,
): Promise<RecallRecord> {
  const received = await recipientsOf(tx, input.listing_id);
  const recall: RecallRecord = {
    id: newId('rcl'),
    ...input,
    recipients: [...received.keys()],
    created_at: now.toISOString(),
  };
  await tx.insert('recalls', recall);
  const mail = recallToLab(recall, listingTitle, site);
  for (const [orgId, accountIds] of received) {
    // Those who received it, while on the team, and the admins: the organisation's answer is theirs to give.
    const team = (await teamOf(tx, orgId)).filter((a) => accountIds.has(a.id) || roleOf(a) === 'admin');
    for (const account of team)
      await enqueueMail(tx, `recall:${recall.id}:${account.id}`, account.email, mail, now);
    const acknowledge = new URL(`/api/v1/recalls/${recall.id}/acknowledgements`, site).href;
    const data = { ...recallView(recall), acknowledge };
    await emitEvent(tx, { orgId, type: 'listing.recalled', key: `recall:${recall.id}`, data }, now);
  }
  return recall;
}

/** The recall, if it was made known to `orgId`: another organisation's is "not found". */
export async function recallOf(tx: Pick<Tx, 'recallById'>, id: string, orgId: string): Promise<RecallRecord> {
  const recall = await tx.recallById(id);
  if (!recall || !recall.recipients.includes(orgId))
    throw notFound(`Your organisation has no recall ${id}. GET /api/v1/recalls lists yours.`);
  return recall;
}

export type Attester = { orgId: string; accountId: string; keyId: string | null; ip: string };

export async function acknowledge(
  tx: Tx,
  recallId: string,
  input: AcknowledgementInput,
  who: Attester,
  now: Date,
): Promise<RecallAcknowledgementRecord> {
  const recall = await recallOf(tx, recallId, who.orgId);
  const record: RecallAcknowledgementRecord = {
    id: `${recall.id}:${who.orgId}`,
    recall_id: recall.id,
    org_id: who.orgId,
    deleted: true,
    statement: input.statement,
    account_id: who.accountId,
    key_id: who.keyId,
    ip: who.ip,
    created_at: now.toISOString(),
  };
  // The id is one per organisation: a second attestation (or two at once) finds the first.
  if (!(await tx.insertNew('recall_acknowledgements', record)))
    throw conflict(
      `Your organisation acknowledged recall ${recall.id} already; GET /api/v1/recalls shows when and by whom.`,
    );
  return record;
}
