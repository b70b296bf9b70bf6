// What a data request mails the sourcing team beyond its arrival: a lab's message on the thread, the one reminder
// when a request passes its reply-due time unanswered, and each lead's daily digest. Every one links to the desk's
// page for the request (contract §13), never to a command.
import type { DataRequestRecord, RequestMessage } from '../../store/records.ts';
import { DATA_TYPE_LABELS } from '../listings/listing-format.ts';
import { list, message, type Block, type Message } from '../mail/message.ts';
import { deskUrl } from '../staff/desk-links.ts';
import { when } from '../when.ts';

export type StaffMailConfig = { siteUrl: URL; sourcingLeadEmail: string };

/** "Call audio, Medical images": what a request is for, in a line. */
export const askedFor = (request: DataRequestRecord) =>
  list(request.data_types.map((type) => DATA_TYPE_LABELS[type]));

export const deskRequestLink = (request: DataRequestRecord, siteUrl: URL): Block['link'] => ({
  label: 'Open the request on the desk',
  href: deskUrl(siteUrl, 'requests', request.id),
});

export function labMessageToStaff(
  request: DataRequestRecord,
  orgName: string,
  posted: RequestMessage,
  siteUrl: URL,
): Message {
  return message(`${orgName} wrote about data request ${request.id}`, [
    {
      paragraphs: [`${orgName} wrote on their data request ${request.id} (${askedFor(request)}):`],
    },
    { paragraphs: [posted.body] },
    {
      paragraphs: ['Answer from the desk: the lab reads your reply in its dashboard and by mail.'],
      link: deskRequestLink(request, siteUrl),
    },
  ]);
}

export function overdueToStaff(request: DataRequestRecord, orgName: string, siteUrl: URL): Message {
  return message(`Overdue: ${orgName}'s data request ${request.id} has no reply`, [
    {
      paragraphs: [
        `${orgName}'s data request ${request.id} (${askedFor(request)}) was due a reply by ${when(request.reply_due_at)} and has none yet.`,
      ],
      link: deskRequestLink(request, siteUrl),
    },
  ]);
}

/** One line of the digest: the organisation, what it asked for, and when it was due (or since when it waits). */
export type DigestItem = { request: DataRequestRecord; orgName: string; note: string };

/** A recall some organisations have not acknowledged: its id and listing, and their names. */
export type DigestRecall = { id: string; listingId: string; missing: string[] };

export type Digest = {
  overdue: DigestItem[];
  dueToday: DigestItem[];
  messages: DigestItem[];
  recalls: DigestRecall[];
};

const items = (heading: string, entries: DigestItem[], siteUrl: URL): Block[] =>
  entries.length
    ? [
        { heading: `${heading} (${entries.length})` },
        ...entries.map((item) => ({
          paragraphs: [`${item.orgName}: ${askedFor(item.request)}, ${item.note}`],
          link: { label: item.request.id, href: deskUrl(siteUrl, 'requests', item.request.id) },
        })),
      ]
    : [];

// The desk's recall page, anchored at the recall: where who acknowledged and who has not shows.
const recallBlocks = (recalls: DigestRecall[], siteUrl: URL): Block[] =>
  recalls.length
    ? [
        { heading: `Recalls not yet acknowledged (${recalls.length})` },
        ...recalls.map((r) => ({
          paragraphs: [`${r.id} of ${r.listingId}: no acknowledgement yet from ${list(r.missing)}`],
          link: { label: r.id, href: `${deskUrl(siteUrl, 'recalls', '')}#${r.id}` },
        })),
      ]
    : [];

export const digestCount = (digest: Digest) =>
  digest.overdue.length + digest.dueToday.length + digest.messages.length + digest.recalls.length;

export function digestToLead(digest: Digest, day: string, siteUrl: URL): Message {
  const count = digestCount(digest);
  return message(`Sourcing desk, ${day}: ${count} waiting on us`, [
    { paragraphs: [`What waits on the sourcing team today (${day}), oldest promise first.`] },
    ...items('Overdue', digest.overdue, siteUrl),
    ...items('Due today', digest.dueToday, siteUrl),
    ...items('Lab messages not yet answered', digest.messages, siteUrl),
    ...recallBlocks(digest.recalls, siteUrl),
    { link: { label: 'Open the desk', href: deskUrl(siteUrl, '') } },
  ]);
}
