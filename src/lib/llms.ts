// /llms.txt and /llms-full.txt in the llmstxt.org format: an H1, a blockquote summary, then H2 sections of links,
// with "Optional" last (links an agent may skip when its context is short).
import type { ListingEntry } from './listings.ts';
import { listingSummary } from './format.ts';
import { listingMarkdown } from './listing-markdown.ts';

const SUMMARY =
  'Licensed AI training data: conversational audio (call-centre and other recorded conversations) and medical imaging. ' +
  'Public catalogue and demand board need no authentication; data requests and samples need an API key.';

function intro(site: URL): string[] {
  const at = (path: string) => new URL(path, site).href;
  return [
    '# Data Sourcing Service',
    '',
    `> ${SUMMARY}`,
    '',
    'Every listing gives a size band (never an exact count), years covered, languages (audio) or DICOM modality (imaging), domain, geography and a status: listed, sample_ready, under_nda or licensed. The owner, the de-identification report and the exact composition are returned only to API keys whose organisation has accepted the NDA.',
    '',
    '## Catalogue',
    '',
    `- [Catalogue as JSON](${at('/catalog.json')}): every listing's public fields, \`{ data, count }\``,
    `- [Catalogue API](${at('/api/v1/catalog')}): the same, filterable with \`?vertical=\`, \`?status=\`, \`?language=\` (a name or a code)`,
    `- [Catalogue pages](${at('/catalog/')}): for people`,
    '',
  ];
}

function api(site: URL): string[] {
  const at = (path: string) => new URL(path, site).href;
  return [
    '## API',
    '',
    `- [Public demand board](${at('/api/v1/demand')}): anonymised data requests other labs chose to publish`,
    `- Ask for data: \`POST ${at('/api/v1/requests')}\` with \`Authorization: Bearer <API_KEY>\` and a JSON body (\`data_types\`, \`description\`, optional \`languages\`, \`domains\`, \`volume\`, \`timeline\`, \`exclusivity\`, \`publish_to_demand_board\`); a sourcing lead replies within one business day`,
    `- Ask for a sample: \`POST ${at('/api/v1/samples/')}{id}\` with the key; 202 \`{"status":"pending_verification"}\`, then an expiring link by email once the account and the NDA are verified`,
    '- Errors are `{ "error": { "code", "message" } }`: 401 unauthorized, 403 nda_required or forbidden, 404 not_found, 422 invalid (with `error.fields`), 429 rate_limited (wait `Retry-After` seconds)',
    '',
  ];
}

export function llmsTxt(entries: readonly ListingEntry[], site: URL): string {
  const at = (path: string) => new URL(path, site).href;
  return [
    ...intro(site),
    '## Listings',
    '',
    ...entries.map(
      ({ listing }) => `- [${listing.title}](${at(`/catalog/${listing.id}.md`)}): ${listingSummary(listing)}`,
    ),
    '',
    ...api(site),
    '## Optional',
    '',
    `- [Everything in one file](${at('/llms-full.txt')}): this guide with every listing inlined`,
    `- [Home page](${at('/')}): what the service offers and how it works`,
    '',
  ].join('\n');
}

export function llmsFullTxt(entries: readonly ListingEntry[], site: URL): string {
  // Each listing's own Markdown, its headings pushed down two levels to sit under "## Listings".
  const listings = entries.map(({ listing, entry }) =>
    listingMarkdown(listing, entry.body ?? '', site).replace(/^(#+) /gm, '##$1 '),
  );
  return [...intro(site), ...api(site), '## Listings', '', ...listings].join('\n');
}
