// Idempotency-Key records (docs/decisions/idempotency-key.md): per organisation, compared with what a retry must
// repeat exactly (a data request's body bytes, the listing a sample is asked for), kept. Read and written inside the
// transaction that stores what the key guards, so a replay and its first answer can never disagree.
import { createHash } from 'node:crypto';
import { DomainError } from '../errors.ts';
import type { IdempotencyRecord } from '../store/records.ts';
import type { Tx } from '../store/store.ts';

/** A key sent with a request, and the text a retry must repeat exactly for the first answer to be replayed. */
export type Idempotency = { key: string; bodyText: string };

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const recordId = (orgId: string, idempotency: Idempotency) => `${orgId}:${idempotency.key}`;

/** The first answer given under this key, if any; 422 when the key was used for a different request. */
export async function earlierAnswer(
  tx: Tx,
  orgId: string,
  idempotency: Idempotency | undefined,
): Promise<IdempotencyRecord | undefined> {
  if (!idempotency) return undefined;
  const earlier = await tx.idempotencyRecord(recordId(orgId, idempotency));
  if (earlier && earlier.body_sha256 !== sha256(idempotency.bodyText)) {
    throw new DomainError(
      'invalid',
      'This Idempotency-Key was used with a different request; use a new key for a new request.',
      { fields: { 'Idempotency-Key': ['already used with a different request'] } },
    );
  }
  return earlier;
}

/** Keeps the answer given under this key, for the retries to come. */
export async function rememberAnswer(
  tx: Tx,
  orgId: string,
  idempotency: Idempotency | undefined,
  answer: { status: number; response: unknown },
  now: Date,
): Promise<void> {
  if (!idempotency) return;
  await tx.insert('idempotency', {
    id: recordId(orgId, idempotency),
    body_sha256: sha256(idempotency.bodyText),
    ...answer,
    created_at: now.toISOString(),
  });
}
