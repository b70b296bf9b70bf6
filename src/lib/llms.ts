// /llms.txt and /llms-full.txt in the llmstxt.org format: an H1, a blockquote summary, then H2 sections of links,
// with "Optional" last (links an agent may skip when its context is short). Prose goes before the first H2 only; the
// guide itself is /docs/agents.md (agent-guide.ts), which llms-full.txt inlines.
import { agentGuideSections } from './agent-guide.ts';
import type { ListingEntry } from './listings.ts';
import { listingSummary } from '../../api/domain/listings/listing-format.ts';
import { listingMarkdown } from '../../api/domain/listings/listing-markdown.ts';
import { mcpTools } from './mcp-guide.ts';

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
    `- [Catalogue API](${at('/api/v1/catalog')}): the same, filterable with \`?vertical=\`, \`?status=\`, \`?language=\` (a name or a code), \`?geography=\` (a country name or ISO code), \`?domain=\`, \`?data_type=\`, \`?modality=\` (DICOM codes) and free text \`?q=\`; several values of one filter separated by commas are alternatives (\`?geography=Germany,Austria\`); \`?sort=updated|size|title\`. An unknown value is 422, naming the closest one.`,
    `- [Catalogue pages](${at('/catalog/')}): for people; each listing's page and .md carry its data card (record fields, formats, annotation and its checks, quality figures, collection, consent, limitations)`,
    '',
    '## Terms and trust',
    '',
    `- [Security and compliance](${at('/security/')}): de-identification (HIPAA Safe Harbor or Expert Determination, GDPR), consent and PII redaction for audio, how samples and links are protected`,
    `- [Licensing](${at('/licensing/')}): what a standard licence allows (training, evaluation, territory, term, exclusivity); a summary, not legal advice`,
    `- [Delivery](${at('/delivery/')}): formats, transfer and turnaround`,
    `- [About](${at('/about/')}): who we are`,
    `- [Contact](${at('/contact/')}): the access form and the sales address`,
    '',
  ];
}

/** llms.txt's sections on the API, webhooks and MCP: links only, into the agent guide and the API guide. */
function guideLinks(site: URL): string[] {
  const at = (path: string) => new URL(path, site).href;
  const guide = at('/docs/agents.md');
  return [
    '## API guide for agents',
    '',
    `- [Guide for agents](${guide}): authentication, every call a lab makes, the data request's fields, following requests and samples, the error codes, webhooks and MCP, in Markdown`,
    `- [OpenAPI 3.1 document](${at('/openapi.json')}): every endpoint, parameter, body, response and error, generated from the validating schemas`,
    `- [API guide for people](${at('/docs/api/')}): the same, with curl examples`,
    `- [Authentication](${at('/docs/api/#authentication')}): \`Authorization: Bearer <API_KEY>\`; keys come from the dashboard after [access](${at('/access/')}) is granted`,
    `- [The data request's body](${at('/docs/api/#request-body')}): \`POST /api/v1/requests\` with an \`Idempotency-Key\`, each field and what it accepts`,
    `- [Errors](${at('/docs/api/#errors')}): the envelope and every error code, with what to do`,
    `- [Rate limits](${at('/docs/api/#rate-limits')}): the RateLimit headers and 429 with Retry-After`,
    '',
    '## Webhooks',
    '',
    `- [Webhooks](${at('/docs/api/#webhooks')}): endpoints an admin makes, the events, Standard Webhooks signatures and retries`,
    '',
    '## MCP (Model Context Protocol)',
    '',
    `- [MCP in the API guide](${at('/docs/api/#mcp')}): the server at ${at('/mcp')} (Streamable HTTP, POST only, stateless), client configurations for HTTP and for stdio (\`npm run --silent mcp\`)`,
    ...mcpTools().map(
      ({ name, description, keyed }) =>
        `- [\`${name}\`](${guide}#mcp-model-context-protocol): ${keyed ? '(API key) ' : ''}${description}`,
    ),
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
    ...guideLinks(site),
    '## Optional',
    '',
    `- [Everything in one file](${at('/llms-full.txt')}): this guide with every listing inlined`,
    `- [RSS feed](${at('/feed.xml')}): new and updated listings`,
    `- [Sitemap](${at('/sitemap-index.xml')})`,
    `- [Home page](${at('/')}): what the service offers and how it works`,
    '',
  ].join('\n');
}

export function llmsFullTxt(entries: readonly ListingEntry[], site: URL): string {
  // Each listing's own Markdown, its headings pushed down two levels to sit under "## Listings".
  const listings = entries.map(({ listing, entry }) =>
    listingMarkdown(listing, entry.body ?? '', site).replace(/^(#+) /gm, '##$1 '),
  );
  return [...intro(site), ...agentGuideSections(site), '## Listings', '', ...listings].join('\n');
}
