// The audit log: every disclosure of NDA-only fields and every sample download, for `ops audit list`.
import { newId } from './ids.ts';
import type { AuditRecord } from '../store/records.ts';
import type { Tx, View } from '../store/json/json-store.ts';

export function audit(tx: Tx, entry: Omit<AuditRecord, 'id' | 'at'>, now: Date): AuditRecord {
  const record: AuditRecord = { id: newId('aud'), at: now.toISOString(), ...entry };
  tx.insert('audit', record);
  return record;
}

export function auditLog(view: View, orgId?: string): AuditRecord[] {
  return view
    .all('audit')
    .filter((entry) => !orgId || entry.org_id === orgId)
    .sort((a, b) => (a.at < b.at ? 1 : -1));
}
