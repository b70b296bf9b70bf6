// A listing as Markdown for language models: /catalog/<id>.md, /llms-full.txt and the MCP resource listing://<id>.
import type { ListingWithoutNda } from './listing-schema.ts';
import { dataCardMarkdown } from './data-card-markdown.ts';
import { listingFacts, listingSummary, statusLine } from './listing-format.ts';
import { sampleOffer } from './sample-offer.ts';
import { rightsMarkdown } from '../rights/rights-markdown.ts';

const cell = (value: string) => value.replaceAll('|', '\\|');

/** `body` is the listing file's public Markdown description; `site` the absolute base URL. */
export function listingMarkdown(listing: ListingWithoutNda, body: string, site: URL): string {
  const page = new URL(`/catalog/${listing.id}/`, site).href;
  const api = new URL(`/api/v1/catalog/${listing.id}`, site).href;
  const offer = sampleOffer(listing);
  const sample = offer.offered
    ? `\`POST ${new URL(`/api/v1/samples/${listing.id}`, site).href}\` with \`Authorization: Bearer <API_KEY>\` once your organisation has accepted the sample NDA`
    : offer.outlook;
  return [
    `# ${listing.title}`,
    '',
    `> ${listingSummary(listing)}`,
    '',
    '| Field | Value |',
    '|---|---|',
    ...listingFacts(listing).map(([label, value]) => `| ${cell(label)} | ${cell(value)} |`),
    '',
    // One colon: "Status: Listed: the dataset …" read as a doubled label (issue 23).
    `Status: ${statusLine(listing.status)}`,
    '',
    body.trim(),
    '',
    ...rightsMarkdown(listing, site),
    dataCardMarkdown(listing.data_card),
    '## How to get this data',
    '',
    `- Catalogue page: ${page}`,
    `- JSON: \`GET ${api}\` (public fields; with an API key and an accepted NDA, also the owner, the de-identification report and the exact composition)`,
    `- Sample: ${sample}`,
    `- Data request: \`POST ${new URL('/api/v1/requests', site).href}\` describing the data you need`,
    '',
  ].join('\n');
}
