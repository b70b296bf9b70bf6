// A data request's thread and the sourcing team's own fields on it (contract §13), as every engine stores them on
// the request record (records.ts: DataRequestRecord). Types only.
//   owner_id: the staff member who owns it (api/domain/staff/directory.ts), or null: every lead.
//   awaiting_reply_since: the oldest lab message not yet answered: the request waits in the desk's inbox while set.
//   overdue_mailed_at: when the one mail saying it passed reply_due_at unanswered was queued.

/** One message of a request's thread (contract §13): the lab's, or the sourcing team's reply. */
export type RequestMessage = {
  id: string;
  from: 'lab' | 'sourcing';
  body: string;
  at: string;
  /** The lab's account, or the staff member (null: the operator at the CLI). */
  author_id: string | null;
  /** The sourcing team's author as the lab reads it; null on a lab's message. */
  author_name: string | null;
};

/** A note the sourcing team keeps on a request: never shown, mailed or sent to the lab. */
export type InternalNote = {
  id: string;
  body: string;
  at: string;
  /** The staff member (null: the operator at the CLI) and their name then. */
  author_id: string | null;
  author_name: string;
};
