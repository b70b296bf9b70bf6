// A request's whole thread for the sourcing team, in the order things happened: its creation, the lab's messages,
// our replies, each move, and the team's internal notes (contract §13). The desk's request page and `ops requests
// show` read it; the lab's views never do (internal notes are the team's alone).
import type { DataRequestRecord } from '../../store/records.ts';
import { messagesOf, notesOf } from './thread.ts';
import { eventsOf } from './views.ts';

export type TimelineEntry = {
  at: string;
  kind: 'created' | 'move' | 'lab_message' | 'reply' | 'note';
  /** The status from then on (created and moves). */
  status?: DataRequestRecord['status'];
  text: string | null;
  /** Who wrote it: the team member, or the lab's account id for a lab message. */
  author?: string | null;
};

/** Oldest first; at the same instant, in the order written. A reply is one entry, not its event and its message. */
export function requestTimeline(request: DataRequestRecord): TimelineEntry[] {
  const messages = messagesOf(request);
  const replied = new Set(messages.filter((m) => m.from === 'sourcing').map((m) => `${m.at}\n${m.body}`));
  const entries: TimelineEntry[] = [];
  eventsOf(request).forEach((event, index) => {
    if (index > 0 && event.message && replied.has(`${event.at}\n${event.message}`)) return;
    const kind = index === 0 ? 'created' : 'move';
    entries.push({ at: event.at, kind, status: event.status, text: event.message });
  });
  for (const message of messages) {
    entries.push(
      message.from === 'lab'
        ? { at: message.at, kind: 'lab_message', text: message.body, author: message.author_id }
        : { at: message.at, kind: 'reply', text: message.body, author: message.author_name },
    );
  }
  for (const note of notesOf(request))
    entries.push({ at: note.at, kind: 'note', text: note.body, author: note.author_name });
  // A stable sort: entries of the same instant keep the order above (the event, then what was said with it).
  return entries.sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0));
}
