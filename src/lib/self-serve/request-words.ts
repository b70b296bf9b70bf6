// How the dashboard names a data request and says where it stands: the first words of what was asked (an id such as
// req_… names nothing to a person) and the reply as it stands: due, given, or no longer awaited once the request is
// closed. Its status in words is the domain's (api/domain/requests/status-words.ts), which the lab's mail says too.
import type { DataRequestRecord } from '../../../api/store/records.ts';

/** What the lab wrote, cut after a whole word: the request's name in lists and headings. */
export function excerpt(description: string, max = 70): string {
  // A request made from a listing starts with the form's own words about it; what the lab added says more.
  const own = description.replace(/^About the listing “[^”]*” \([a-z0-9-]+\):\s*/, '').trim();
  const text = (own || description).replace(/\s+/g, ' ').trim();
  if (text.length <= max) return text;
  const cut = text.slice(0, max + 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : text.slice(0, max)).replace(/[\s,.;:–—-]+$/, '')}…`;
}

/** Where the sourcing lead's reply stands, or undefined once it is no longer awaited (closed, unanswered). */
export function replyWords(
  request: Pick<DataRequestRecord, 'status' | 'replied_at' | 'reply_due_at'>,
  now: Date,
): { label: 'Replied' | 'Reply due'; at: string; late: boolean } | undefined {
  if (request.replied_at) return { label: 'Replied', at: request.replied_at, late: false };
  if (request.status === 'closed') return undefined;
  return {
    label: 'Reply due',
    at: request.reply_due_at,
    late: Date.parse(request.reply_due_at) < now.getTime(),
  };
}
