// The audit log: every disclosure of NDA-only fields and every sample download, for `ops audit list`.
import type { AuditRecord } from '../store/records.ts';
import type { Tx } from '../store/store.ts';
import { newId } from './ids.ts';

/** What the lab's own audit page shows: its disclosures and downloads, never the sourcing team's entries. */
export const LAB_AUDIT_KINDS: readonly AuditRecord['kind'][] = ['nda_disclosure', 'sample_download', 'sample_link'];

export async function audit(tx: Tx, entry: Omit<AuditRecord, 'id' | 'at'>, now: Date): Promise<AuditRecord> {
  const record: AuditRecord = { id: newId('aud'), at: now.toISOString(), ...entry };
  await tx.insert('audit', record);
  return record;
}
