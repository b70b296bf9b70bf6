// What a data request mails: the sourcing lead (to reply within one business day) and the lab (an acknowledgement).
import type { Account, DataRequestRecord, Org } from '../../store/records.ts';
import { list, message, when, type Message } from '../mail/message.ts';

function requestFacts(request: DataRequestRecord): [string, string][] {
  return [
    ['Request', request.id],
    ['Data types', list(request.data_types)],
    ['Languages', list(request.languages)],
    ['Domains', list(request.domains)],
    ['Volume', request.volume ?? '(not given)'],
    ['Timeline', request.timeline ?? '(not given)'],
    ['Exclusivity', request.exclusivity ?? '(not given)'],
    ['On the demand board', request.publish_to_demand_board ? 'yes (anonymised)' : 'no'],
  ];
}

export function newRequestToLead(request: DataRequestRecord, org: Org, account: Account): Message {
  return message(`New data request from ${org.name}: ${request.data_types.join(', ')}`, [
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
    { paragraphs: [`When you have replied: npm run ops -- requests reply ${request.id}`] },
  ]);
}

export function requestAckToLab(request: DataRequestRecord, account: Account): Message {
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
  ]);
}
