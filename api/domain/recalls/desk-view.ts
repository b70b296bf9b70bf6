// A recall as the sourcing team sees it (contract §15): each organisation told, by name, and its deletion
// attestation (who, when, what it says) or none yet; the desk's page, its inbox and the lead's digest read this.
import type { RecallRecord } from '../../store/recall-records.ts';
import type { StoreReads } from '../../store/store.ts';

export type ToldOrg = {
  orgId: string;
  orgName: string;
  /** Absent until the organisation attests the deletion. */
  acknowledged?: { by: string; at: string; statement: string; keyId: string | null };
};

export type DeskRecall = { recall: RecallRecord; told: ToldOrg[]; missing: ToldOrg[] };

type Reads = Pick<StoreReads, 'recalls' | 'recallAcknowledgements' | 'orgById' | 'accountById'>;

/** Every recall, newest first, with each organisation told and its acknowledgement, if any. */
export async function deskRecalls(reads: Reads): Promise<DeskRecall[]> {
  const orgNames = new Map<string, string>();
  const orgName = async (id: string) => {
    if (!orgNames.has(id)) orgNames.set(id, (await reads.orgById(id))?.name ?? id);
    return orgNames.get(id)!;
  };
  const recalls = await reads.recalls({});
  return Promise.all(
    recalls.map(async (recall) => {
      const acks = new Map((await reads.recallAcknowledgements(recall.id)).map((a) => [a.org_id, a]));
      const told = await Promise.all(
        recall.recipients.map(async (orgId): Promise<ToldOrg> => {
          const ack = acks.get(orgId);
          const row = { orgId, orgName: await orgName(orgId) };
          if (!ack) return row;
          const account = await reads.accountById(ack.account_id);
          const by = account
            ? account.name
              ? `${account.name} <${account.email}>`
              : account.email
            : ack.account_id;
          return {
            ...row,
            acknowledged: { by, at: ack.created_at, statement: ack.statement, keyId: ack.key_id },
          };
        }),
      );
      return { recall, told, missing: told.filter((t) => !t.acknowledged) };
    }),
  );
}

/** The recalls some organisation has not acknowledged yet, oldest first: what the desk chases. */
export async function recallsWaiting(reads: Reads): Promise<DeskRecall[]> {
  return (await deskRecalls(reads)).filter((r) => r.missing.length > 0).reverse();
}
