// A lab's own data request by id: another organisation's is "not found", not "forbidden", since its existence is
// not ours to confirm. Read, withdraw and write on the thread all ask it the same way.
import { notFound } from '../../errors.ts';
import type { DataRequestRecord } from '../../store/records.ts';
import type { StoreReads } from '../../store/store.ts';

/** Any organisation's request, for the sourcing team. */
export async function requireRequest(reads: StoreReads, id: string): Promise<DataRequestRecord> {
  const request = await reads.requestById(id);
  if (!request) throw notFound(`No data request ${id}.`);
  return request;
}

/** The lab's own request; another organisation's is "not found". */
export async function requireOwnRequest(
  reads: StoreReads,
  id: string,
  orgId: string,
): Promise<DataRequestRecord> {
  const request = await reads.requestById(id);
  if (!request || request.org_id !== orgId) {
    throw notFound(
      `Your organisation has no data request ${id.slice(0, 80)}. GET /api/v1/requests lists yours.`,
    );
  }
  return request;
}
