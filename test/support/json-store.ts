// The JSON engine's files for the store tests (test/unit/store*.test.ts): audit records to fill segments with, and
// what the store and its files hold.
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { AuditRecord } from '../../api/store/records.ts';
import type { Store } from '../../api/store/store.ts';

export const entry = (id: string, org = 'org_a'): AuditRecord => ({
  id,
  at: new Date().toISOString(),
  kind: 'nda_disclosure',
  org_id: org,
  key_id: null,
  listing_id: 'l',
  detail: null,
});

/** Every audit record's id, as the store reads them now. */
export const auditIds = async (store: Store) => (await store.auditLog({})).map((record) => record.id);

/** Every audit record's id in the segment files under `dataDir`, as they are on disk. */
export const auditIdsOnDisk = async (dataDir: string) => {
  const files = (await readdir(join(dataDir, 'db'))).filter((name) => /^seg-\d+\.json$/.test(name));
  const ids: string[] = [];
  for (const file of files) {
    const segment = JSON.parse(await readFile(join(dataDir, 'db', file), 'utf8'));
    ids.push(...segment.audit.map((record: AuditRecord) => record.id));
  }
  return ids;
};
