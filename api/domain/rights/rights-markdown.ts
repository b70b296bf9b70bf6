// The listing's "Licence terms" section in Markdown (its .md, llms-full.txt and the MCP resource): the terms in
// words, then where a machine reads them and how to check a use before asking.
import type { ListingWithoutNda } from '../listings/listing-schema.ts';
import { rightsSentences } from './rights-words.ts';

export function rightsMarkdown(listing: ListingWithoutNda, site: URL): string[] {
  const at = (path: string) => new URL(path, site).href;
  const example = JSON.stringify({
    purposes: listing.rights.purposes,
    commercial: listing.rights.commercial,
    territories: listing.rights.territory.includes('worldwide') ? ['US'] : listing.rights.territory,
    term_months: listing.rights.term_months,
  });
  return [
    '## Licence terms',
    '',
    ...rightsSentences(listing.rights).flatMap((line) => [line, '']),
    `- As an ODRL 2.2 offer: ${at(`/catalog/${listing.id}/rights.jsonld`)}`,
    `- Will your use fit? \`POST ${at(`/api/v1/catalog/${listing.id}/fit`)}\` with \`${example}\` (no key needed)`,
    `- For a training-data summary (EU AI Act, Article 53(1)(d)): ${at(`/catalog/${listing.id}/ai-act-source.json`)}`,
    '',
  ];
}
