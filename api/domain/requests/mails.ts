// What a data request mails: the sourcing lead (to reply within one business day, with the catalogue's matches),
// the lab (an acknowledgement, then each move and reply), and the lead again when the lab withdraws. Values read as
// the dashboard shows them ("Call audio", "Public sector"), not as the API's codes.
import type { Account, DataRequestRecord, Org, RequestEvent, RequestMatch } from '../../store/records.ts';
import { list, message, type Block, type Message } from '../mail/message.ts';
import { deskUrl } from '../staff/desk-links.ts';
import { when } from '../when.ts';
import { DATA_TYPE_LABELS, EXCLUSIVITY_LABELS, humanize } from '../listings/listing-format.ts';
import { matchFieldWords } from './matching.ts';
import { outcomeWords, statusWords } from './status-words.ts';

const STATUS_SAID: Record<RequestEvent['status'], string> = {
  received: 'received',
  in_review: 'in review: a sourcing lead is working on it',
  proposal_sent: 'proposal sent: we have sent you a proposal',
  closed: 'closed',
};

/** What the lab's mails need beyond the request: where its page is, and who reads an answer. */
export type LabMailConfig = { siteUrl: URL; sourcingLeadEmail: string };

/** A mail to the lab invites an answer ("reply to this message"): it must reach the sourcing lead, not MAIL_FROM. */
export const answeredByLead = (mail: Message, config: LabMailConfig): Message => ({
  ...mail,
  replyTo: config.sourcingLeadEmail,
});

/** Where a person follows the request: its dashboard page (sign-in leads back to it), not an API path. */
const pageLink = (request: DataRequestRecord, siteUrl: URL): Block => ({
  paragraphs: [
    `Follow it, with its history and the listings that fit, in your dashboard or with GET /api/v1/requests/${request.id}.`,
  ],
  link: { label: 'See the request', href: new URL(`/dashboard/requests/${request.id}/`, siteUrl).href },
});

/** With the lab's intended use: whether it fits the listing's licence, and what refuses it. */
const fitLine = (match: RequestMatch) =>
  match.fit
    ? `\nintended use: ${match.fit.fits ? 'fits the licence' : `does not fit: ${match.fit.reasons.map((r) => r.says).join(' ')}`}`
    : '';

function matchesBlock(request: DataRequestRecord): Block {
  const matches = request.matches ?? [];
  return {
    heading: 'Matching listings (public catalogue)',
    paragraphs: matches.length
      ? matches.map(
          (m) =>
            `${m.title} (${m.listing_id}) ${m.url}\nmatches: ${list(matchFieldWords(m.matched))}; missing: ${m.missing.length ? matchFieldWords(m.missing).join(', ') : 'nothing'}${fitLine(m)}`,
        )
      : ['No listing of the catalogue has the data type asked for.'],
  };
}

const intendedUseWords = (use: NonNullable<DataRequestRecord['intended_use']>) =>
  [
    list(use.purposes),
    use.commercial === undefined ? undefined : use.commercial ? 'commercial' : 'non-commercial',
    use.territories ? `in ${list(use.territories)}` : undefined,
    use.term_months ? `${use.term_months} months` : undefined,
  ]
    .filter(Boolean)
    .join(', ');

const dataTypeWords = (request: DataRequestRecord) =>
  list(request.data_types.map((type) => DATA_TYPE_LABELS[type]));

function requestFacts(request: DataRequestRecord): [string, string][] {
  return [
    ['Request', request.id],
    ['Data types', dataTypeWords(request)],
    ['Languages', list(request.languages)],
    ['Domains', list(request.domains.map(humanize))],
    ['Volume', request.volume ?? '(not given)'],
    ['Timeline', request.timeline ?? '(not given)'],
    ['Exclusivity', request.exclusivity ? EXCLUSIVITY_LABELS[request.exclusivity] : '(not given)'],
    ...(request.listing_id ? ([['About listing', request.listing_id]] as [string, string][]) : []),
    ...(request.intended_use
      ? ([['Intended use', intendedUseWords(request.intended_use)]] as [string, string][])
      : []),
    ['On the demand board', request.publish_to_demand_board ? 'yes (anonymised)' : 'no'],
  ];
}

export function newRequestToLead(
  request: DataRequestRecord,
  org: Org,
  account: Account,
  siteUrl: URL,
): Message {
  return message(`New data request from ${org.name}: ${dataTypeWords(request)}`, [
    {
      paragraphs: [
        `${org.name} has asked for data. Reply by ${when(request.reply_due_at)} (one business day).`,
      ],
      facts: [
        ['Organisation', `${org.name} (${org.id})`],
        ['Contact', `${account.name ?? account.email} <${account.email}>`],
        ['Reply due by', when(request.reply_due_at)],
        ...requestFacts(request),
      ],
    },
    { heading: 'What they wrote', paragraphs: [request.description] },
    matchesBlock(request),
    {
      paragraphs: ['Reply (the lab is mailed your words) and move it on from its desk page.'],
      link: { label: 'Open the request on the desk', href: deskUrl(siteUrl, 'requests', request.id) },
    },
  ]);
}

export function requestAckToLab(request: DataRequestRecord, account: Account, siteUrl: URL): Message {
  return message(`We received your data request ${request.id}`, [
    {
      paragraphs: [
        `Hello${account.name ? ` ${account.name}` : ''},`,
        `Thank you: we have your data request ${request.id}. A sourcing lead will reply within one business day, by ${when(request.reply_due_at)}.`,
        request.publish_to_demand_board
          ? 'As you asked, an anonymised version (data types, languages, domains, volume, timeline and exclusivity; never your organisation or your description) is on the public demand board.'
          : 'Your request stays private to you and our sourcing team.',
      ],
      facts: requestFacts(request),
    },
    pageLink(request, siteUrl),
  ]);
}

const hello = (account: Account) => `Hello${account.name ? ` ${account.name}` : ''},`;

export function statusChangeToLab(
  request: DataRequestRecord,
  account: Account,
  event: RequestEvent,
  siteUrl: URL,
): Message {
  const closed = request.status === 'closed';
  const outcome = request.outcome && outcomeWords(request.outcome);
  return message(
    // As the dashboard says it ("closed: no match"), in a subject's lower case.
    `Your data request ${request.id} is ${statusWords(request).toLowerCase()}`,
    [
      {
        paragraphs: [
          hello(account),
          `Your data request ${request.id} is now ${STATUS_SAID[event.status]}${closed ? ` (outcome: ${outcome})` : ''}.`,
          ...(event.message ? [event.message] : []),
        ],
      },
      pageLink(request, siteUrl),
    ],
  );
}

export function replyToLab(
  request: DataRequestRecord,
  account: Account,
  text: string,
  siteUrl: URL,
): Message {
  return message(`Reply to your data request ${request.id}`, [
    {
      paragraphs: [hello(account), `A sourcing lead has replied to your data request ${request.id}:`, text],
    },
    { paragraphs: ['Reply to this message to answer.'] },
    pageLink(request, siteUrl),
  ]);
}

export function withdrawnToLead(
  request: DataRequestRecord,
  siteUrl: URL,
  reason: string | null = null,
): Message {
  const why = reason ? `Their reason: ${reason}` : 'They gave no reason.';
  return message(`Data request ${request.id} withdrawn by the lab`, [
    {
      paragraphs: [`The lab withdrew data request ${request.id}; it is closed with outcome withdrawn.`, why],
      facts: requestFacts(request),
      link: { label: 'Open the request on the desk', href: deskUrl(siteUrl, 'requests', request.id) },
    },
  ]);
}
