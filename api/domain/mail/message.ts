// Every message the service sends, as plain text and HTML. What users wrote is escaped in HTML and folded to
// one line wherever it could reach a header (a subject, a name), so no user value can add a header.
import type { DataRequestRecord, Org, Account, SampleRequestRecord } from '../../store/records.ts';

export type Message = { subject: string; text: string; html: string };

const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

/** CR, LF and the Unicode line separators become spaces: a header stays one header. */
export const oneLine = (value: string) => value.replace(/[\r\n\u0085\u2028\u2029]+/g, ' ').trim();

type Block = {
  heading?: string;
  paragraphs?: string[];
  facts?: [string, string][];
  link?: { label: string; href: string };
};

/** Builds both parts from the same blocks, so they never say different things. */
function message(subject: string, blocks: Block[]): Message {
  const text: string[] = [];
  const html: string[] = [];
  for (const block of blocks) {
    if (block.heading) {
      text.push(block.heading, '');
      html.push(`<h2>${escapeHtml(block.heading)}</h2>`);
    }
    for (const paragraph of block.paragraphs ?? []) {
      text.push(paragraph, '');
      html.push(`<p>${escapeHtml(paragraph).replaceAll('\n', '<br>')}</p>`);
    }
    if (block.facts?.length) {
      for (const [label, value] of block.facts) text.push(`${label}: ${value}`);
      text.push('');
      html.push(
        `<table>${block.facts.map(([label, value]) => `<tr><th align="left">${escapeHtml(label)}</th><td>${escapeHtml(value)}</td></tr>`).join('')}</table>`,
      );
    }
    if (block.link) {
      text.push(`${block.link.label}: ${block.link.href}`, '');
      html.push(`<p><a href="${escapeHtml(block.link.href)}">${escapeHtml(block.link.label)}</a></p>`);
    }
  }
  text.push('-- ', 'Data Sourcing Service');
  return {
    subject: oneLine(subject),
    text: text.join('\n'),
    html: `<!doctype html><html><body>${html.join('\n')}<p>Data Sourcing Service</p></body></html>`,
  };
}

const list = (values: readonly string[]) => (values.length ? values.join(', ') : '(any)');
const when = (iso: string) => new Date(iso).toUTCString();

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

export function sampleRequestToLead(
  sample: SampleRequestRecord,
  org: Org,
  account: Account,
  listingTitle: string,
): Message {
  return message(`Sample requested by ${org.name}: ${listingTitle}`, [
    {
      paragraphs: [`${org.name} asks for a sample of "${listingTitle}".`],
      facts: [
        ['Sample request', sample.id],
        ['Listing', sample.listing_id],
        ['Organisation', `${org.name} (${org.id}), NDA: ${org.nda.state}`],
        ['Contact', `${account.email}${account.verified_at ? '' : ' (not verified yet)'}`],
      ],
    },
    {
      paragraphs: [
        'The link goes out by itself once the account and the NDA acceptance are verified, or when you approve it:',
        `npm run ops -- samples approve ${sample.id}`,
      ],
    },
  ]);
}

export function sampleLinkToLab(
  sample: SampleRequestRecord,
  listingTitle: string,
  link: string,
  expiresAt: Date,
): Message {
  return message(`Your sample of ${listingTitle} is ready`, [
    {
      paragraphs: [
        `Your sample of "${listingTitle}" (request ${sample.id}) is ready to download.`,
        `The link is yours alone and works until ${expiresAt.toUTCString()}. The sample is covered by your organisation's NDA.`,
      ],
      link: { label: 'Download the sample', href: link },
    },
  ]);
}

export function sampleRejectedToLab(
  sample: SampleRequestRecord,
  listingTitle: string,
  reason: string,
): Message {
  return message(`Your sample request for ${listingTitle}`, [
    {
      paragraphs: [
        `We cannot send a sample of "${listingTitle}" (request ${sample.id}).`,
        `Reason: ${reason}`,
        'Reply to this message or submit a data request if you would like to discuss alternatives.',
      ],
    },
  ]);
}

export function sampleFileMissingToLead(sample: SampleRequestRecord, listingTitle: string): Message {
  return message(`No sample file for ${listingTitle}: request ${sample.id} waits`, [
    {
      paragraphs: [
        `Sample request ${sample.id} for "${listingTitle}" (${sample.listing_id}) is due, but the listing has no sample file in SAMPLES_DIR.`,
        'Add the file and its nda.sample_file path; the link goes out on the next pass. The request stays pending meanwhile.',
      ],
    },
  ]);
}
