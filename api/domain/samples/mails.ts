// What a sample request mails: the sourcing lead when one is asked for, the lab its link or the reason why not.
import type { Org, Account, SampleRequestRecord } from '../../store/records.ts';
import { message, type Message } from '../mail/message.ts';
import { deskUrl } from '../staff/desk-links.ts';
import { when } from '../when.ts';

export function sampleRequestToLead(
  sample: SampleRequestRecord,
  org: Org,
  account: Account,
  listingTitle: string,
  siteUrl: URL,
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
        'The link goes out by itself once the account and the NDA acceptance are verified, or when you approve it on the desk.',
      ],
      link: { label: 'Open the sample requests on the desk', href: deskUrl(siteUrl, 'samples', '') },
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
        `The link is yours alone and works until ${when(expiresAt)}. The sample is covered by your organisation's NDA.`,
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
