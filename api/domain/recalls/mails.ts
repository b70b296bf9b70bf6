// What a recall mails each lab that received the listing: what was withdrawn, the files by hash, and where to
// attest the deletion.
import type { RecallRecord } from '../../store/recall-records.ts';
import { message, type Message } from '../mail/message.ts';

export function recallToLab(recall: RecallRecord, listingTitle: string, site: URL): Message {
  const files = recall.items.flatMap((item) =>
    item.files.map((file) => `${file.path}  sha256 ${file.sha256}`),
  );
  return message(`Recall: delete items of ${listingTitle}`, [
    {
      paragraphs: [
        `Items of "${listingTitle}" (${recall.listing_id}), which your organisation received, are recalled: ${recall.reason}`,
        'Delete them from every copy you hold (the sample, training stores, backups), then attest the deletion.',
      ],
      facts: [
        ['Recall', recall.id],
        ['Items', recall.items.map((item) => item.id).join(', ')],
      ],
    },
    ...(files.length ? [{ heading: 'Sample files that hold them', paragraphs: [files.join('\n')] }] : []),
    { link: { label: 'Acknowledge the deletion', href: new URL('/dashboard/recalls/', site).href } },
    {
      paragraphs: [
        `Or by API, with a key: POST ${new URL(`/api/v1/recalls/${recall.id}/acknowledgements`, site).href} with { "deleted": true, "statement": "…" }.`,
      ],
    },
  ]);
}
