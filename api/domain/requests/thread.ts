// A request's thread (contract §13): the lab writes to the sourcing team about its request, and the team's replies
// sit beside its messages, oldest first. A lab message mails the request's owner (or every lead) and puts the
// request back in the desk's inbox (awaiting_reply_since) until the team answers it. The team's internal notes and
// its owner are here too: kept on the request, never in anything the lab reads (views.ts names what it sees).
import { conflict, invalid } from '../../errors.ts';
import type { DataRequestRecord, InternalNote, RequestMessage } from '../../store/records.ts';
import type { Tx } from '../../store/store.ts';
import { audit } from '../audit.ts';
import { newId } from '../ids.ts';
import { enqueueMail } from '../mail/queue.ts';
import { requireOwnRequest, requireRequest } from './own-request.ts';
import { answerableFor, staffMember, type StaffConfig } from '../staff/directory.ts';
import { labMessageToStaff, type StaffMailConfig } from './staff-mails.ts';

/** Who writes: a lab's account, or a member of the sourcing team (id null: the operator at the CLI). */
export type Author = { id: string | null; name: string };

/** The operator at the CLI, as the lab reads its replies. */
export const OPERATOR_AUTHOR: Author = { id: null, name: 'Sourcing team' };

export const messagesOf = (request: DataRequestRecord): RequestMessage[] => request.messages ?? [];
export const notesOf = (request: DataRequestRecord): InternalNote[] => request.notes ?? [];

/** The lab's message on its own request: another organisation's is "not found", a closed one is 409. */
export async function postLabMessage(
  tx: Tx,
  id: string,
  lab: { orgId: string; accountId: string },
  body: string,
  now: Date,
  config: StaffMailConfig,
): Promise<RequestMessage> {
  const request = await requireOwnRequest(tx, id, lab.orgId);
  if (request.status === 'closed') {
    throw conflict(
      `This request is closed (outcome ${request.outcome}); its thread is closed too. Submit a new request to write about new needs.`,
    );
  }
  const at = now.toISOString();
  const message: RequestMessage = {
    id: newId('msg'),
    from: 'lab',
    body,
    at,
    author_id: lab.accountId,
    author_name: null,
  };
  const messages = [...messagesOf(request), message];
  const updated = await tx.update('requests', id, {
    messages,
    awaiting_reply_since: request.awaiting_reply_since ?? at,
  });
  const org = await tx.orgById(request.org_id);
  for (const member of await answerableFor(tx, config, request.owner_id)) {
    const mail = labMessageToStaff(updated, org?.name ?? request.org_id, message, config.siteUrl);
    await enqueueMail(tx, `request:${id}:message:${message.id}:${member.id}`, member.email, mail, now);
  }
  return message;
}

/** The team's reply as a message of the thread; it answers whatever the lab had written. */
export function sourcingMessage(
  request: DataRequestRecord,
  body: string,
  author: Author,
  at: string,
): Partial<DataRequestRecord> {
  const message: RequestMessage = {
    id: newId('msg'),
    from: 'sourcing',
    body,
    at,
    author_id: author.id,
    author_name: author.name,
  };
  return { messages: [...messagesOf(request), message], awaiting_reply_since: null };
}

/** An internal note: the team's own words about a request, audited with who wrote it (never its text). */
export async function addInternalNote(
  tx: Tx,
  id: string,
  text: string,
  author: Author,
  now: Date,
): Promise<InternalNote> {
  const request = await requireRequest(tx, id);
  const body = text.trim();
  if (!body) throw invalid('Write the note: 1 to 5,000 characters.', { body: ['1 to 5,000 characters'] });
  if (body.length > 5000)
    throw invalid('Keep the note within 5,000 characters.', { body: ['1 to 5,000 characters'] });
  const note: InternalNote = {
    id: newId('note'),
    body,
    at: now.toISOString(),
    author_id: author.id,
    author_name: author.name,
  };
  await tx.update('requests', id, { notes: [...notesOf(request), note] });
  await audit(
    tx,
    {
      kind: 'request_note',
      org_id: request.org_id,
      key_id: null,
      listing_id: null,
      detail: note.id,
      request_id: id,
      staff_id: author.id,
    },
    now,
  );
  return note;
}

/** Gives the request an owner (a staff member's id), or none (null: every lead answers for it). */
export async function assignOwner(
  tx: Tx,
  id: string,
  ownerId: string | null,
  author: Author,
  now: Date,
  config: StaffConfig,
): Promise<DataRequestRecord> {
  const request = await requireRequest(tx, id);
  if (ownerId !== null && !(await staffMember(tx, config, ownerId))) {
    throw invalid(`No member of the sourcing team has the id ${ownerId.slice(0, 80)}.`, {
      owner: ['a staff id from the staff list, or none'],
    });
  }
  if ((request.owner_id ?? null) === ownerId) return request;
  const updated = await tx.update('requests', id, { owner_id: ownerId });
  await audit(
    tx,
    {
      kind: 'request_owner',
      org_id: request.org_id,
      key_id: null,
      listing_id: null,
      detail: ownerId ? `owner ${ownerId}` : 'no owner',
      request_id: id,
      staff_id: author.id,
    },
    now,
  );
  return updated;
}
