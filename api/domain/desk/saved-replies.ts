// Saved replies (contract §13): texts a lead picks in a request's reply box and edits before sending. Admins keep
// the list; a removed reply is kept (removed_at) and no longer offered.
import { z } from 'zod';
import { DomainError, notFound } from '../../errors.ts';
import type { SavedReplyRecord } from '../../store/desk-records.ts';
import type { StoreReads, Tx } from '../../store/store.ts';
import { freeText } from '../free-text.ts';
import { newId } from '../ids.ts';
import { lineText } from '../labs/schemas.ts';
import { required } from '../zod-messages.ts';

export const savedReplySchema = z.strictObject({
  title: lineText('a title', 120),
  body: freeText({ min: 1, max: 5000, what: 'the reply', error: required('the text of the reply') }),
});
export type SavedReplyInput = z.output<typeof savedReplySchema>;

export const liveReplies = async (reads: StoreReads) =>
  (await reads.savedReplies()).filter((reply) => !reply.removed_at);

export async function addSavedReply(tx: Tx, input: SavedReplyInput, staffId: string, now: Date) {
  const record: SavedReplyRecord = {
    id: newId('srp'),
    ...input,
    created_at: now.toISOString(),
    created_by: staffId,
    removed_at: null,
  };
  await tx.insert('saved_replies', record);
  return record;
}

export async function removeSavedReply(tx: Tx, id: string, now: Date) {
  const reply = (await tx.savedReplies()).find((r) => r.id === id);
  if (!reply) throw notFound(`No saved reply ${id.slice(0, 80)}.`);
  if (reply.removed_at) throw new DomainError('conflict', `"${reply.title}" was removed already.`);
  return tx.update('saved_replies', id, { removed_at: now.toISOString() });
}
