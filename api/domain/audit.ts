// The audit log: every disclosure of NDA-only fields and every sample download, for `ops audit list`.
import type { AuditRecord } from '../store/records.ts';
import type { Tx } from '../store/store.ts';
import { newId } from './ids.ts';

export async function audit(tx: Tx, entry: Omit<AuditRecord, 'id' | 'at'>, now: Date): Promise<AuditRecord> {
  const record: AuditRecord = { id: newId('aud'), at: now.toISOString(), ...entry };
  await tx.insert('audit', record);
  return record;
}
