// The guide for agents (/docs/agents.md): how to authenticate, every call a lab makes, the request body's fields,
// the error codes, webhooks and the MCP tools, in Markdown. llms.txt links here (its sections hold links only, as
// llmstxt.org asks); llms-full.txt inlines it.
import { ERROR_CODE_NAMES, ERROR_CODES } from '../../api/errors.ts';
import { REQUEST_BODY_FIELDS } from '../../api/domain/requests/request-fields.ts';
import { mcpTools } from './mcp-guide.ts';
import { webhookLines } from './webhooks-guide.ts';

/** Every error code as a nested list item: its status, when it comes and what to do. */
function errorLines(): string[] {
  return ERROR_CODE_NAMES.map((code) => {
    const { status, when, todo } = ERROR_CODES[code];
    return `  - ${status} \`${code}\`: ${when}. ${todo}`;
  });
}

/** The guide's sections (H2 and below), as llms-full.txt inlines them after its own H1. */
export function agentGuideSections(site: URL): string[] {
  const at = (path: string) => new URL(path, site).href;
  return [
    '## The API',
    '',
    `- The [OpenAPI 3.1 document](${at('/openapi.json')}) describes every endpoint, parameter, body, response and error, generated from the validating schemas; the [API guide for people](${at('/docs/api/')}) says the same with curl examples.`,
    `- Authenticate: send \`Authorization: Bearer <API_KEY>\`. Keys (\`dss_\` + 38 characters) belong to a lab organisation: [request access](${at('/access/')}), sign in by the emailed link at ${at('/signin/')}, accept the [NDA](${at('/legal/nda/')}) and create keys in the dashboard (${at('/dashboard/keys/')}). Public reads need no key; a present but invalid, revoked or expired key is refused everywhere with 401.`,
    `- Self-serve endpoints (contract: the dashboard's session cookie, never a key: 403): \`POST ${at('/api/v1/access-requests')}\` (public, 202), \`POST ${at('/api/v1/session/link')}\` (public, 202 always), \`GET ${at('/api/v1/nda')}\` (public: version, sha256, url), \`POST /api/v1/nda/acceptances\`, \`GET|POST /api/v1/keys\`, \`POST /api/v1/keys/{id}/rotate\` (grace_hours 0–24), \`DELETE /api/v1/keys/{id}\`, \`GET /api/v1/team\`, \`POST|GET /api/v1/team/invitations\`, \`DELETE /api/v1/team/invitations/{id}\` (cancel one not yet used), \`DELETE /api/v1/team/{account_id}\`, \`POST /api/v1/session/logout[?all=true]\`. \`GET ${at('/api/v1/me')}\` (key or session): organisation, key or account, role, NDA state, rate limit.`,
    `- Ask for data: \`POST ${at('/api/v1/requests')}\` with \`Content-Type: application/json\`, an \`Idempotency-Key\` header (a UUID, so a retry is safe) and a body with these fields:`,
    ...REQUEST_BODY_FIELDS.map(
      (f) => `  - \`${f.name}\`${f.required ? ' (required)' : ''}: ${f.accepts}. Example: \`${f.example}\``,
    ),
    `- Answer: 201 \`{"data":{"id","status":"received","matches":[{"listing_id","title","url","matched","missing"}]}}\`: up to five public listings that fit, best first. A sourcing lead replies within one business day.`,
    `- Follow a request: \`GET ${at('/api/v1/requests/')}{id}\` gives \`status\` (received → in_review → proposal_sent → closed, with \`outcome\` licensed, declined, no_match or withdrawn), \`events\` (at, status, message: each move and each reply of the sourcing lead), \`reply_due_at\` and \`matches\`. \`POST ${at('/api/v1/requests/')}{id}/withdraw\` closes it (optional body \`{ "reason": "…" }\`, mailed to the sourcing lead; 409 once closed). \`POST ${at('/api/v1/requests/')}{id}/messages\` with \`{ "body": "…" }\` writes to the sourcing lead (send_request_message on MCP); the thread is the request's \`messages\` (from lab or sourcing). \`GET ${at('/api/v1/requests')}\` lists yours (\`?status=\`).`,
    `- Lists page: \`limit\` (1–100, default 50) and \`cursor\`; each answer has \`next_cursor\` (null at the end). An unknown query parameter is 422.`,
    `- Ask for a sample: \`POST ${at('/api/v1/samples/')}{id}\` with the key and no body. 202 \`{"status":"pending_verification","id":"smp_…"}\` with \`Location: /api/v1/sample-requests/{id}\`; once the account and the NDA acceptance are verified, an expiring download link is emailed to the account's contact. 403 \`nda_required\` (or \`forbidden\`) until the organisation has accepted the NDA; 409 \`sample_unavailable\` (nothing stored) when the listing has no sample to send.`,
    `- Follow a sample: \`GET ${at('/api/v1/sample-requests/')}{id}\` (status pending_verification, link_sent or rejected; link_sent_at, link_expires_at, reason); \`POST ${at('/api/v1/sample-requests/')}{id}/link\` mails a fresh link with the same lifetime once one was sent (409 otherwise).`,
    `- Check a use before asking: every listing has \`rights\` (purposes, commercial, territory, term_months, exclusivity, redistribution; DUO codes for imaging), also as an ODRL offer at \`/catalog/{id}/rights.jsonld\`. \`POST ${at('/api/v1/catalog/')}{id}/fit\` (public) with \`{ "purposes": ["training"], "commercial": true, "territories": ["US"], "term_months": 24 }\` answers \`{ "data": { "fits", "reasons": [{ "field", "says" }], "closest" } }\`: each refusing term, and the nearest use that fits.`,
    `- See what other labs want: \`GET ${at('/api/v1/demand')}\` (anonymised; filter with \`data_type\`, \`language\`, \`domain\`, and \`volume\` or \`timeline\` bands, compared normalised).`,
    '- Read errors: `{ "error": { "code", "message" } }`, on 422 also `error.fields`; switch on `code`, not on the message. Every response carries `RateLimit` and `RateLimit-Policy` headers. The codes:',
    ...errorLines(),
    '',
    ...webhookLines(site),
    ...mcpSection(site),
  ];
}

export function mcpSection(site: URL): string[] {
  const at = (path: string) => new URL(path, site).href;
  return [
    '## MCP (Model Context Protocol)',
    '',
    `- The MCP server is at ${at('/mcp')} (POST only): Streamable HTTP, stateless (no session: each POST stands alone). The public tools need no key; for the others send \`Authorization: Bearer <API_KEY>\`, as to the API. Each tool calls the endpoint shown beside it: same rules, same rate limits, same JSON (as structured content, with a summary line). A refusal is a tool error whose text starts with the API's error code (\`unauthorized\`, \`nda_required\`, \`not_found\`, \`invalid\` with the failing fields, \`rate_limited\`).`,
    '- Tools:',
    ...mcpTools().map(
      ({ name, description, keyed, endpoint }) =>
        `  - \`${name}\` (${endpoint ?? 'answered by the tool itself'}${keyed ? ', API key' : ''}): ${description}`,
    ),
    '- Resources: `listing://<id>`, each listing as Markdown (the same text as its `.md` link above); `nda://current`, how the sample NDA is accepted.',
    `- Local clients: \`npm run --silent mcp\` in a checkout runs the same tools on stdio against a running service (\`DSS_BASE_URL\`, \`DSS_API_KEY\`). Client configuration examples: [API guide](${at('/docs/api/#mcp')}).`,
    `- The [API catalogue](${at('/.well-known/api-catalog')}), an RFC 9727 linkset, names /openapi.json, /llms.txt and /mcp.`,
    '',
  ];
}

/** The whole document, its own H1 first. */
export function agentGuideMarkdown(site: URL): string {
  return [
    '# Data Sourcing Service: guide for agents',
    '',
    `> How a lab's agent uses the service: authentication, every call, the request body, the errors, webhooks and MCP. The list of documents is ${new URL('/llms.txt', site).href}.`,
    '',
    ...agentGuideSections(site),
  ].join('\n');
}
