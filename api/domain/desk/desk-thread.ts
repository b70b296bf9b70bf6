// A request's whole thread as the desk reads it (contract §13), oldest first: the lab's messages, our replies
// (signed), the moves, and the internal notes the lab never sees. A reply is stored twice, as a message and as an
// event (what the lab's history and webhooks read): here it is shown once, as the message, beside any status it
// moved the request to.
import type { DataRequestRecord, RequestStatus } from '../../store/records.ts';
import { messagesOf, notesOf } from '../requests/thread.ts';
import { eventsOf } from '../requests/views.ts';

export type ThreadEntry =
  | { kind: 'move'; at: string; status: RequestStatus; message: string | null }
  | { kind: 'lab'; at: string; body: string }
  | { kind: 'sourcing'; at: string; body: string; author: string }
  | { kind: 'note'; at: string; body: string; author: string };

export function deskThread(request: DataRequestRecord): ThreadEntry[] {
  const messages = messagesOf(request);
  const replies = new Set(messages.filter((m) => m.from === 'sourcing').map((m) => `${m.at}\n${m.body}`));
  const entries: ThreadEntry[] = [];
  let previous: RequestStatus | undefined;
  for (const event of eventsOf(request)) {
    const reply = event.message !== null && replies.has(`${event.at}\n${event.message}`);
    if (!reply || event.status !== previous)
      entries.push({ kind: 'move', at: event.at, status: event.status, message: reply ? null : event.message });
    previous = event.status;
  }
  for (const m of messages)
    entries.push(
      m.from === 'lab'
        ? { kind: 'lab', at: m.at, body: m.body }
        : { kind: 'sourcing', at: m.at, body: m.body, author: m.author_name ?? 'Sourcing team' },
    );
  for (const n of notesOf(request)) entries.push({ kind: 'note', at: n.at, body: n.body, author: n.author_name });
  // Stable: at the same instant a move comes before the reply that made it.
  return entries.sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0));
}
