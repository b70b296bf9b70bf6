// /llms.txt and /llms-full.txt in the llmstxt.org format: an H1, a blockquote summary, then H2 sections of links,
// with "Optional" last (links an agent may skip when its context is short).
import { webhookLines } from './webhooks-guide.ts';
import { ERROR_CODE_NAMES, ERROR_CODES } from '../../api/errors.ts';
import type { ListingEntry } from './listings.ts';
import { listingSummary } from '../../api/domain/listings/listing-format.ts';
import { listingMarkdown } from '../../api/domain/listings/listing-markdown.ts';
import { mcpTools } from './mcp-guide.ts';
import { REQUEST_BODY_FIELDS } from '../../api/domain/requests/request-fields.ts';

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
    `- [About](${at('/about/')}) and [contact](${at('/contact/')}): who we are; the access form and the sales address`,
    '',
  ];
}

/** Every error code as a nested list item: its status, when it comes and what to do. */
function errorLines(): string[] {
  return ERROR_CODE_NAMES.map((code) => {
    const { status, when, todo } = ERROR_CODES[code];
    return `  - ${status} \`${code}\`: ${when}. ${todo}`;
  });
}

function agentGuide(site: URL): string[] {
  const at = (path: string) => new URL(path, site).href;
  return [
    '## API guide for agents',
    '',
    `- [OpenAPI 3.1 document](${at('/openapi.json')}): every endpoint, parameter, body, response and error, generated from the validating schemas`,
    `- [API guide for people](${at('/docs/api/')}): the same, with curl examples`,
    `- Authenticate: send \`Authorization: Bearer <API_KEY>\`. Keys (\`dss_\` + 38 characters) belong to a lab organisation: [request access](${at('/access/')}), sign in by the emailed link at ${at('/signin/')}, accept the [NDA](${at('/legal/nda/')}) and create keys in the dashboard (${at('/dashboard/keys/')}). Public reads need no key; a present but invalid, revoked or expired key is refused everywhere with 401.`,
    `- Self-serve endpoints (contract: the dashboard's session cookie, never a key: 403): \`POST ${at('/api/v1/access-requests')}\` (public, 202), \`POST ${at('/api/v1/session/link')}\` (public, 202 always), \`GET ${at('/api/v1/nda')}\` (public: version, sha256, url), \`POST /api/v1/nda/acceptances\`, \`GET|POST /api/v1/keys\`, \`POST /api/v1/keys/{id}/rotate\` (grace_hours 0–24), \`DELETE /api/v1/keys/{id}\`, \`GET /api/v1/team\`, \`POST|GET /api/v1/team/invitations\`, \`DELETE /api/v1/team/invitations/{id}\` (cancel one not yet used), \`DELETE /api/v1/team/{account_id}\`, \`POST /api/v1/session/logout[?all=true]\`. \`GET ${at('/api/v1/me')}\` (key or session): organisation, key or account, role, NDA state, rate limit.`,
    `- Ask for data: \`POST ${at('/api/v1/requests')}\` with \`Content-Type: application/json\`, an \`Idempotency-Key\` header (a UUID, so a retry is safe) and a body with these fields:`,
    ...REQUEST_BODY_FIELDS.map(
      (f) => `  - \`${f.name}\`${f.required ? ' (required)' : ''}: ${f.accepts}. Example: \`${f.example}\``,
    ),
    `- Answer: 201 \`{"data":{"id","status":"received","matches":[{"listing_id","title","url","matched","missing"}]}}\`: up to five public listings that fit, best first. A sourcing lead replies within one business day.`,
    `- Follow a request: \`GET ${at('/api/v1/requests/')}{id}\` gives \`status\` (received → in_review → proposal_sent → closed, with \`outcome\` licensed, declined, no_match or withdrawn), \`events\` (at, status, message: each move and each reply of the sourcing lead), \`reply_due_at\` and \`matches\`. \`POST ${at('/api/v1/requests/')}{id}/withdraw\` closes it (optional body \`{ "reason": "…" }\`, mailed to the sourcing lead; 409 once closed). \`GET ${at('/api/v1/requests')}\` lists yours (\`?status=\`).`,
    `- Lists page: \`limit\` (1–100, default 50) and \`cursor\`; each answer has \`next_cursor\` (null at the end). An unknown query parameter is 422.`,
    `- Ask for a sample: \`POST ${at('/api/v1/samples/')}{id}\` with the key and no body. 202 \`{"status":"pending_verification","id":"smp_…"}\` with \`Location: /api/v1/sample-requests/{id}\`; once the account and the NDA acceptance are verified, an expiring download link is emailed to the account's contact. 403 \`nda_required\` (or \`forbidden\`) until the organisation has accepted the NDA; 409 \`sample_unavailable\` (nothing stored) when the listing has no sample to send.`,
    `- Follow a sample: \`GET ${at('/api/v1/sample-requests/')}{id}\` (status pending_verification, link_sent or rejected; link_sent_at, link_expires_at, reason); \`POST ${at('/api/v1/sample-requests/')}{id}/link\` mails a fresh link with the same lifetime once one was sent (409 otherwise).`,
    `- See what other labs want: \`GET ${at('/api/v1/demand')}\` (anonymised; filter with \`data_type\`, \`language\`, \`domain\`, and \`volume\` or \`timeline\` bands, compared normalised).`,
    '- Read errors: `{ "error": { "code", "message" } }`, on 422 also `error.fields`; switch on `code`, not on the message. Every response carries `RateLimit` and `RateLimit-Policy` headers. The codes:',
    ...errorLines(),
    '',
    ...webhookLines(site),
    ...mcpSection(site),
  ];
}

function mcpSection(site: URL): string[] {
  const at = (path: string) => new URL(path, site).href;
  return [
    '## MCP (Model Context Protocol)',
    '',
    `- [MCP server](${at('/mcp')}): Streamable HTTP, stateless (no session: each POST stands alone). The public tools need no key; for the others send \`Authorization: Bearer <API_KEY>\`, as to the API. Each tool calls the endpoint shown beside it: same rules, same rate limits, same JSON (as structured content, with a summary line). A refusal is a tool error whose text starts with the API's error code (\`unauthorized\`, \`nda_required\`, \`not_found\`, \`invalid\` with the failing fields, \`rate_limited\`).`,
    '- Tools:',
    ...mcpTools().map(
      ({ name, description, keyed, endpoint }) =>
        `  - \`${name}\` (${endpoint ?? 'answered by the tool itself'}${keyed ? ', API key' : ''}): ${description}`,
    ),
    '- Resources: `listing://<id>`, each listing as Markdown (the same text as its `.md` link above); `nda://current`, how the sample NDA is accepted.',
    `- Local clients: \`npm run --silent mcp\` in a checkout runs the same tools on stdio against a running service (\`DSS_BASE_URL\`, \`DSS_API_KEY\`). Client configuration examples: [API guide](${at('/docs/api/#mcp')}).`,
    `- [API catalogue](${at('/.well-known/api-catalog')}): RFC 9727 linkset naming /openapi.json, /llms.txt and /mcp`,
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
    ...agentGuide(site),
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
  return [...intro(site), ...agentGuide(site), '## Listings', '', ...listings].join('\n');
}
