// The OpenAPI 3.1 document of /api/v1, generated from the zod schemas that validate requests and type responses
// (z.toJSONSchema), never written by hand. Served by the build as /openapi.json.
import { z } from 'zod';
import {
  catalogListSchema,
  createdRequestSchema,
  demandListSchema,
  errorSchema,
  healthSchema,
  labRequestListSchema,
  labRequestResponseSchema,
  listingResponseSchema,
  meResponseSchema,
  sampleAcceptedSchema,
  sampleRequestListSchema,
  sampleRequestResponseSchema,
  accessReceivedSchema,
  createdKeySchema,
  invitationCreatedSchema,
  invitationListSchema,
  keyListSchema,
  ndaAcceptedSchema,
  ndaSummarySchema,
  rotatedKeySchema,
  signinLinkSentSchema,
  teamListSchema,
} from './schemas.ts';
import {
  createdRequestExample,
  dataRequestExample,
  demandListExample,
  freshLinkExample,
  labRequestExample,
  labRequestListExample,
  sampleAcceptedExample,
  sampleRequestExample,
  sampleRequestListExample,
  withdrawnExample,
} from './examples.ts';
import { demandQuerySchema } from '../handlers/demand.ts';
import { requestListQuerySchema } from '../handlers/requests.ts';
import { sampleListQuerySchema } from '../handlers/samples.ts';
import {
  accessRequestSchema,
  invitationSchema,
  ndaAcceptanceSchema,
  newKeySchema,
  rotateKeySchema,
  signinLinkSchema,
} from '../domain/labs/schemas.ts';
import { LINKS_PER_EMAIL } from '../domain/labs/signin.ts';
import { teamMemberSchema } from '../domain/labs/views.ts';
import { catalogQuerySchema } from '../domain/listings/catalog.ts';
import { ERROR_CODES, type ErrorCode } from '../errors.ts';
import { webhookOperations } from './openapi-webhooks.ts';
import { ROUTES } from './routes.ts';
import { SAMPLE_CONTENT_TYPES } from '../handlers/sample-download.ts';
import { dataRequestSchema, withdrawalSchema } from '../domain/requests/request-schema.ts';
import { DEFAULT_PAGE, LIST_LIMIT } from '../domain/requests/views.ts';

type JsonSchema = Record<string, unknown>;
const schemas: Record<string, JsonSchema> = {};

/** A named schema as a component; its nested named schemas become components too. Returns the $ref. */
function component(schema: z.ZodType, io: 'input' | 'output' = 'output'): JsonSchema {
  const json = z.toJSONSchema(schema, {
    io,
    target: 'draft-2020-12',
    unrepresentable: 'any',
  }) as JsonSchema & {
    $defs?: Record<string, JsonSchema>;
  };
  const text = JSON.stringify(json).replaceAll('"#/$defs/', '"#/components/schemas/');
  const { $defs = {}, $schema: _schema, ...root } = JSON.parse(text) as typeof json;
  Object.assign(schemas, $defs);
  const id = z.globalRegistry.get(schema)?.id;
  if (!id) return root;
  if (!root.$ref) schemas[id] = root;
  return { $ref: `#/components/schemas/${id}` };
}

const header = (description: string, schema: JsonSchema = { type: 'string' }) => ({ description, schema });

const RATE_HEADERS = {
  RateLimit: header('Requests left in the window and seconds until it resets, e.g. "per-ip";r=59;t=60'),
  'RateLimit-Policy': header(
    'The quota, e.g. "per-ip";q=60;w=60 (per client IP) or "per-key";q=120;w=60; on a 429 from another quota, that one ("samples-per-day", "links-per-email", "signin-per-ip")',
  ),
  'X-Request-Id': header('Quote it when you report a problem'),
};

function errorResponse(description: string, extraHeaders: Record<string, unknown> = {}) {
  return {
    description,
    headers: { ...RATE_HEADERS, ...extraHeaders },
    content: { 'application/json': { schema: component(errorSchema) } },
  };
}

// The headers an error carries besides the rate-limit ones (what each code means is in ERROR_CODES).
const ERROR_HEADERS: Partial<Record<ErrorCode, Record<string, unknown>>> = {
  unauthorized: {
    'WWW-Authenticate': header('Bearer realm="api", with error="invalid_token" when a key was refused'),
  },
  method_not_allowed: { Allow: header('The methods this path accepts') },
  rate_limited: {
    'Retry-After': header('Whole seconds to wait (at least 1)', { type: 'integer', minimum: 1 }),
  },
  unavailable: {
    'Retry-After': header('Whole seconds to wait (at least 1)', { type: 'integer', minimum: 1 }),
  },
};

const describeError = (code: ErrorCode) => `${code}: ${ERROR_CODES[code].when}. ${ERROR_CODES[code].todo}`;

/** An operation's error responses by status; codes that share a status (403) share its response. */
function errors(...codes: ErrorCode[]) {
  const byStatus = Map.groupBy(codes, (code) => ERROR_CODES[code].status);
  return Object.fromEntries(
    [...byStatus].map(([status, shared]) => [
      status,
      errorResponse(
        shared.map(describeError).join(' '),
        Object.assign({}, ...shared.map((code) => ERROR_HEADERS[code])),
      ),
    ]),
  );
}

function ok(
  description: string,
  schema: z.ZodType,
  status = 200,
  extra: Record<string, unknown> = {},
  example?: unknown,
) {
  return {
    [status]: {
      description,
      headers: { ...RATE_HEADERS, ...extra },
      content: {
        'application/json': { schema: component(schema), ...(example === undefined ? {} : { example }) },
      },
    },
  };
}

const PAGING = `Pages of \`limit\` (1 to ${LIST_LIMIT}, default ${DEFAULT_PAGE}), newest first; pass \`next_cursor\` back as \`cursor\` for the next page (null at the end). An unknown parameter is 422.`;

const requestId = {
  name: 'id',
  in: 'path',
  required: true,
  schema: { type: 'string' },
  example: 'req_7Gk2qW9xLmN3pR5tV8yZ',
};

const sampleRequestId = {
  name: 'id',
  in: 'path',
  required: true,
  description: 'A sample request id (smp_…), as POST /api/v1/samples/{id} gave it',
  schema: { type: 'string' },
  example: 'smp_Q4nT8wYc2LhR6jVb0sKe',
};

const LOCATION = { Location: header('The sample request: /api/v1/sample-requests/{id}') };

const listingId = {
  name: 'id',
  in: 'path',
  required: true,
  description: 'Listing identifier (lowercase letters, digits and -)',
  schema: { type: 'string', pattern: '^[a-z0-9]+(?:-[a-z0-9]+)*$', maxLength: 80 },
  example: 'us-auto-insurance-claims-calls',
};

function queryParameters(schema: z.ZodObject) {
  const json = z.toJSONSchema(schema, { io: 'input' }) as { properties: Record<string, JsonSchema> };
  return Object.entries(json.properties).map(([name, property]) => {
    const { description, ...parameterSchema } = property;
    return { name, in: 'query', required: false, description, schema: parameterSchema };
  });
}

const keyed = [{ apiKey: [] }, { session: [] }];
const optionalKey = [{}, { apiKey: [] }, { session: [] }];
const sessionOnly = [{ session: [] }];

/** A JSON request body from the zod schema that validates it; `form`: an HTML form post is accepted too. */
function body(schema: z.ZodType, form = false, required = true) {
  const ref = component(schema, 'input');
  return {
    required,
    content: {
      'application/json': { schema: ref },
      ...(form ? { 'application/x-www-form-urlencoded': { schema: ref } } : {}),
    },
  };
}

const idParameter = (description: string, example: string) => ({
  name: 'id',
  in: 'path',
  required: true,
  description,
  schema: { type: 'string', maxLength: 80 },
  example,
});

type Operation = { requestBody?: unknown; responses: Record<string, unknown> };
type Operations = Record<string, Record<string, Operation>>;

/** What reading a JSON body can refuse: malformed (400), too large (413), not JSON (415), invalid (422). */
const BODY_REFUSALS: ErrorCode[] = ['bad_request', 'payload_too_large', 'unsupported_media_type', 'invalid'];

/**
 * The refusals every operation of a kind can give, added where it does not document them itself: 422 wherever the
 * pipeline refuses query parameters the endpoint does not read (routes.ts), and BODY_REFUSALS wherever a body is
 * read.
 */
function withCommonRefusals<T extends object>(paths: T): T {
  const add = (operation: Operation, codes: ErrorCode[]) => {
    for (const [status, response] of Object.entries(errors(...codes)))
      operation.responses[status] ??= response;
  };
  for (const route of ROUTES) {
    const operation = (paths as Operations)[route.path.replace(/:(\w+)/g, '{$1}')]?.[
      route.method.toLowerCase()
    ];
    if (operation && !route.handler.readsQuery) add(operation, ['invalid']);
  }
  for (const operations of Object.values(paths as Operations))
    for (const operation of Object.values(operations))
      if (operation.requestBody) add(operation, BODY_REFUSALS);
  return paths;
}

const noContent = (description: string) => ({ 204: { description, headers: RATE_HEADERS } });

// POST /api/v1/team/invitations' answer when it changes a current member's role: the member as they are now.
const teamMemberResponseSchema = z.object({ data: teamMemberSchema }).meta({ id: 'TeamMemberResponse' });

const SESSION_NOTE =
  " Session only (the dashboard's cookie; a request from another origin is 403 forbidden): an API key is 403 forbidden.";

/** The self-serve endpoints (contract §8). */
function selfServePaths() {
  return {
    '/api/v1/access-requests': {
      post: {
        operationId: 'createAccessRequest',
        summary: 'Ask for access for your organisation',
        description:
          'Public; JSON or an HTML form post (then 303 to /access/?sent=1). 202 whether or not the address is known; the operator and the requester are mailed. At most 3 per address a UTC day (more are answered the same and dropped).',
        tags: ['Account'],
        security: [{}],
        requestBody: body(accessRequestSchema, true),
        responses: {
          ...ok('Received', accessReceivedSchema, 202),
          ...errors('rate_limited'),
        },
      },
    },
    '/api/v1/session/link': {
      post: {
        operationId: 'askForSigninLink',
        summary: 'Mail a sign-in link',
        description:
          "Public; JSON or an HTML form post. 202 always: when the address is a verified account's, a link valid 15 minutes and usable once is mailed (at most 5 per address per 15-minute window). GET /signin/callback?token=… sets the session cookie. 10 per client IP per 10 minutes, then 429.",
        tags: ['Account'],
        security: [{}],
        requestBody: body(signinLinkSchema, true),
        responses: {
          ...ok('Sent if the address is known', signinLinkSentSchema, 202),
          ...errors('rate_limited'),
        },
      },
    },
    '/api/v1/session/logout': {
      post: {
        operationId: 'logout',
        summary: 'Sign out',
        description: `Ends this session; with ?all=true every session of the account. Clears the cookie.${SESSION_NOTE}`,
        tags: ['Account'],
        security: sessionOnly,
        parameters: [
          {
            name: 'all',
            in: 'query',
            required: false,
            description: 'true: every session of the account',
            schema: { type: 'string', enum: ['true', 'false'] },
          },
        ],
        responses: {
          ...noContent('Signed out'),
          ...errors('unauthorized', 'forbidden', 'invalid', 'rate_limited'),
        },
      },
    },
    '/api/v1/nda': {
      get: {
        operationId: 'getNda',
        summary: 'The current NDA',
        description:
          'Public. Its version and the SHA-256 of its text, which an acceptance must name; the text is at url.',
        tags: ['Account'],
        security: optionalKey,
        responses: { ...ok('The current NDA', ndaSummarySchema), ...errors('unauthorized', 'rate_limited') },
      },
    },
    '/api/v1/nda/acceptances': {
      post: {
        operationId: 'acceptNda',
        summary: 'Accept the NDA as an authorised signer',
        description: `Admin. The organisation's NDA state becomes accepted (NDA-only fields and sample requests open); the acceptance records version, hash, signer, account, time, IP and user agent; the operator verifies it before sample links go out. The same version accepted again changes nothing (200, the acceptance in force): the verification and the links already mailed stand. 409 nda_outdated when version or sha256 is not the current one.${SESSION_NOTE}`,
        tags: ['Account'],
        security: sessionOnly,
        requestBody: body(ndaAcceptanceSchema),
        responses: {
          ...ok('Accepted', ndaAcceptedSchema, 201),
          ...ok('Already accepted: nothing changed', ndaAcceptedSchema),
          ...errors('unauthorized', 'forbidden', 'nda_outdated', 'rate_limited'),
        },
      },
    },
    '/api/v1/keys': {
      get: {
        operationId: 'listKeys',
        summary: "Your organisation's API keys",
        description: `Newest first, never the key itself.${SESSION_NOTE}`,
        tags: ['Keys'],
        security: sessionOnly,
        responses: {
          ...ok('The keys', keyListSchema),
          ...errors('unauthorized', 'forbidden', 'rate_limited'),
        },
      },
      post: {
        operationId: 'createKey',
        summary: 'Create an API key',
        description: `Admin. The key is in this answer only; we keep its hash. expires_in_days: refused (401, saying it expired) after that.${SESSION_NOTE}`,
        tags: ['Keys'],
        security: sessionOnly,
        requestBody: body(newKeySchema),
        responses: {
          ...ok('Created: copy the key now', createdKeySchema, 201),
          ...errors('unauthorized', 'forbidden', 'rate_limited'),
        },
      },
    },
    '/api/v1/keys/{id}/rotate': {
      post: {
        operationId: 'rotateKey',
        summary: 'Rotate an API key',
        description: `Admin. A successor (same name and lifetime), and the old key refused after grace_hours (0–24, default 0: at once). The body may be left out. A key rotated or revoked already: 409 conflict.${SESSION_NOTE}`,
        tags: ['Keys'],
        security: sessionOnly,
        parameters: [idParameter('The key id (key_…)', 'key_3hQm8ZtR2vWx9LpN4cYb')],
        requestBody: body(rotateKeySchema, false, false),
        responses: {
          ...ok('The successor: copy it now', rotatedKeySchema, 201),
          ...errors('unauthorized', 'forbidden', 'not_found', 'conflict', 'rate_limited'),
        },
      },
    },
    '/api/v1/keys/{id}': {
      delete: {
        operationId: 'revokeKey',
        summary: 'Revoke an API key',
        description: `Admin. Refused from now on (a key in its grace period too). Another organisation's key is 404.${SESSION_NOTE}`,
        tags: ['Keys'],
        security: sessionOnly,
        parameters: [idParameter('The key id (key_…)', 'key_3hQm8ZtR2vWx9LpN4cYb')],
        responses: {
          ...noContent('Revoked'),
          ...errors('unauthorized', 'forbidden', 'not_found', 'rate_limited'),
        },
      },
    },
    '/api/v1/team': {
      get: {
        operationId: 'listTeam',
        summary: "Your organisation's accounts",
        description: `Oldest first, with their roles (admin: keys, NDA and team; member: requests and samples).${SESSION_NOTE}`,
        tags: ['Team'],
        security: sessionOnly,
        responses: {
          ...ok('The team', teamListSchema),
          ...errors('unauthorized', 'forbidden', 'rate_limited'),
        },
      },
    },
    '/api/v1/team/invitations': {
      post: {
        operationId: 'inviteToTeam',
        summary: "Invite a colleague, or change a member's role",
        description:
          'Admin. Mails a sign-in link (valid 7 days, once) that makes the verified account with the role on first use (201). ' +
          'Someone already in your team invited with another role gets that role at once, and nothing is mailed (200 with the member); ' +
          'the last admin is never made a member (409 conflict). ' +
          'Already in your team with that role: 409 conflict. ' +
          'An address whose account belongs to another organisation: 409 conflict (invite another address, or ask the operator to move the account). ' +
          `One address gets at most ${LINKS_PER_EMAIL} links (sign-in links and invitations together) in 15 minutes: then 429 rate_limited with Retry-After.${SESSION_NOTE}`,
        tags: ['Team'],
        security: sessionOnly,
        requestBody: body(invitationSchema),
        responses: {
          ...ok('A current member with another role: their role is changed', teamMemberResponseSchema),
          ...ok('Invited', invitationCreatedSchema, 201),
          ...errors('unauthorized', 'forbidden', 'conflict', 'rate_limited'),
        },
      },
      get: {
        operationId: 'listInvitations',
        summary: 'Invitations not yet used',
        description: `Newest first: those whose link still works (neither used, cancelled nor expired).${SESSION_NOTE}`,
        tags: ['Team'],
        security: sessionOnly,
        responses: {
          ...ok(
            'The invitations waiting',
            invitationListSchema,
            200,
            {},
            {
              data: [
                {
                  id: 'stk_4TgW8mQx2RbN7cLp9ZsV',
                  email: 'sam@lab.example',
                  role: 'member',
                  created_at: '2026-11-20T09:30:00.000Z',
                  expires_at: '2026-11-27T09:30:00.000Z',
                },
              ],
              count: 1,
            },
          ),
          ...errors('unauthorized', 'forbidden', 'rate_limited'),
        },
      },
    },
    '/api/v1/team/invitations/{id}': {
      delete: {
        operationId: 'cancelInvitation',
        summary: 'Cancel an invitation',
        description:
          'Admin. Its link stops working at once; whoever follows it is told the invitation was cancelled. ' +
          'One already cancelled or expired: 204, nothing changes. One already used: 409 conflict (the account exists: remove it instead). ' +
          `Another organisation's invitation is 404.${SESSION_NOTE}`,
        tags: ['Team'],
        security: sessionOnly,
        parameters: [
          idParameter(
            'The invitation id (stk_…), as POST /api/v1/team/invitations answered it',
            'stk_4TgW8mQx2RbN7cLp9ZsV',
          ),
        ],
        responses: {
          ...noContent('Cancelled'),
          ...errors('unauthorized', 'forbidden', 'not_found', 'conflict', 'rate_limited'),
        },
      },
    },
    '/api/v1/team/{id}': {
      delete: {
        operationId: 'removeFromTeam',
        summary: 'Remove an account from the team',
        description: `Admin. Its sessions end at once. Never the last admin (409 conflict). Another organisation's account is 404.${SESSION_NOTE}`,
        tags: ['Team'],
        security: sessionOnly,
        parameters: [idParameter('The account id (acc_…)', 'acc_7JkP2sWq9XvT4mRb8nLc')],
        responses: {
          ...noContent('Removed'),
          ...errors('unauthorized', 'forbidden', 'not_found', 'conflict', 'rate_limited'),
        },
      },
    },
  };
}

export function openApiDocument(siteUrl: URL): Record<string, unknown> {
  const paths = {
    '/api/v1/catalog': {
      get: {
        operationId: 'listCatalog',
        summary: 'List listings',
        description:
          "Public. Every listing's public fields, in a stable order (by id, or as `sort` asks). Filters combine (a listing must pass each); a filter's comma-separated values are alternatives (`geography=Germany,Austria`). Terms are read in any case and spacing (`status=LISTED`, `vertical=Medical imaging`); `vertical` takes one value. An unknown value is 422 `invalid`, and error.fields names the closest known one, or says what to send when none is near. Unfiltered, the same body is served statically at /catalog.json.",
        tags: ['Catalogue'],
        security: optionalKey,
        parameters: queryParameters(catalogQuerySchema),
        responses: {
          ...ok('The listings', catalogListSchema, 200, { 'Cache-Control': header('public, max-age=60') }),
          ...errors('unauthorized', 'invalid', 'rate_limited'),
        },
      },
    },
    '/api/v1/catalog/{id}': {
      get: {
        operationId: 'getListing',
        summary: 'One listing',
        description:
          'Public fields for anyone. With a key whose organisation has accepted the NDA, also owner, deidentification_report and composition (each such disclosure is audited).',
        tags: ['Catalogue'],
        security: optionalKey,
        parameters: [listingId],
        responses: {
          ...ok('The listing', listingResponseSchema),
          // unavailable: a disclosure is audited before it is sent, and the audit needs a write.
          ...errors('unauthorized', 'not_found', 'rate_limited', 'unavailable'),
        },
      },
    },
    '/api/v1/demand': {
      get: {
        operationId: 'listDemand',
        summary: 'The public demand board',
        description: `Public. Anonymised data requests labs chose to publish: never the organisation, the account or the description. Volume and timeline are shown as written; the volume and timeline filters compare them normalised (bytes, counts or days), so "2-5 TB" finds a post that asked for "500 GB - 2 TB". data_type, language and domain read values as the catalogue does: comma-separated alternatives (\`data_type=call_audio,mr_study\`), any case and spacing; an unknown value is 422 naming the closest known one. A filtered page reads at most 2,000 posts: it may hold fewer than limit (even none) with a next_cursor, meaning "carry on". ${PAGING}`,
        tags: ['Demand'],
        security: optionalKey,
        parameters: queryParameters(demandQuerySchema),
        responses: {
          ...ok('The posts', demandListSchema, 200, {}, demandListExample),
          ...errors('unauthorized', 'invalid', 'rate_limited'),
        },
      },
    },
    '/api/v1/requests': {
      post: {
        operationId: 'createRequest',
        summary: 'Submit a data request',
        description:
          'A sourcing lead replies within one business day. volume and timeline are bands as labs write them ("1-5 TB", "500 GB - 2 TB", "10+ TB", "<1 TB", "1,000-5,000 hours", "50k+ studies", "1-5 M records"; "3-6 months", "2 to 4 weeks", "under 3 months", "3 months"): stored as written and normalised. A comma groups thousands and a dot marks decimals: "1.000" alone is refused as ambiguous (write 1,000 or 1). languages and domains may be null (none), and domains take any case and spacing. The answer lists up to 5 public listings that fit (matches), best first. With publish_to_demand_board, an anonymised version is posted to the demand board. Send an Idempotency-Key to retry safely.',
        tags: ['Requests'],
        security: keyed,
        parameters: [
          {
            name: 'Idempotency-Key',
            in: 'header',
            required: false,
            description:
              'Any unique string (a UUID): a retry with the same key and body returns the first answer and stores nothing new; the same key with another body is 422',
            schema: { type: 'string', minLength: 1, maxLength: 255 },
          },
        ],
        requestBody: {
          required: true,
          content: {
            'application/json': {
              schema: component(dataRequestSchema, 'input'),
              example: dataRequestExample,
            },
          },
        },
        responses: {
          ...ok(
            'Stored; status received, with the matches',
            createdRequestSchema,
            201,
            {
              Location: header('The request: /api/v1/requests/{id}'),
              'Idempotent-Replayed': header(
                'true when this answer replays an earlier request with the same Idempotency-Key',
              ),
            },
            createdRequestExample(siteUrl),
          ),
          ...errors('unauthorized', 'conflict', 'rate_limited', 'unavailable'),
        },
      },
      get: {
        operationId: 'listRequests',
        summary: "Your organisation's data requests",
        description: `Each with its status (received → in_review → proposal_sent → closed) and, when closed, its outcome. ${PAGING}`,
        tags: ['Requests'],
        security: keyed,
        parameters: queryParameters(requestListQuerySchema),
        responses: {
          ...ok('Newest first', labRequestListSchema, 200, {}, labRequestListExample),
          ...errors('unauthorized', 'invalid', 'rate_limited'),
        },
      },
    },
    '/api/v1/requests/{id}': {
      get: {
        operationId: 'getRequest',
        summary: 'One of your data requests',
        description:
          "With its events (each move and each of the sourcing lead's replies, oldest first), reply_due_at and its matches in the public catalogue. Another organisation's id is 404.",
        tags: ['Requests'],
        security: keyed,
        parameters: [requestId],
        responses: {
          ...ok('The request', labRequestResponseSchema, 200, {}, labRequestExample(siteUrl)),
          ...errors('unauthorized', 'not_found', 'invalid', 'rate_limited'),
        },
      },
    },
    '/api/v1/requests/{id}/withdraw': {
      post: {
        operationId: 'withdrawRequest',
        summary: 'Withdraw one of your data requests',
        description:
          "No body, or { reason }. Closes the request with outcome withdrawn (any time until it is closed) and tells the sourcing lead, with the reason if given (it is also the closing event's message); a closed request is 409 conflict.",
        tags: ['Requests'],
        security: keyed,
        parameters: [requestId],
        requestBody: body(withdrawalSchema, false, false),
        responses: {
          ...ok(
            'Withdrawn: closed, outcome withdrawn',
            labRequestResponseSchema,
            200,
            {},
            withdrawnExample(siteUrl),
          ),
          ...errors('unauthorized', 'not_found', 'conflict', 'rate_limited', 'unavailable'),
        },
      },
    },
    '/api/v1/samples/{id}': {
      post: {
        operationId: 'requestSample',
        summary: 'Ask for a sample of a listing',
        description:
          "No body (an empty one or {} is accepted; a field is 422: none is read). Checks in order: key (401), listing (404), NDA accepted (403 nda_required), a sample to send (409 sample_unavailable, nothing stored). Answers the sample request's id, and its address in Location. Once the account and the NDA acceptance are verified, an expiring download link is emailed to the account's contact. Asking again while a request is pending returns it again, without a second request.",
        tags: ['Samples'],
        security: keyed,
        parameters: [listingId],
        responses: {
          ...ok('Accepted: pending verification', sampleAcceptedSchema, 202, LOCATION, sampleAcceptedExample),
          // forbidden too: clients should be ready for it wherever nda_required can come.
          ...errors(
            'unauthorized',
            'nda_required',
            'forbidden',
            'not_found',
            'sample_unavailable',
            'payload_too_large',
            'unsupported_media_type',
            'invalid',
            'rate_limited',
            'unavailable',
          ),
        },
      },
    },
    '/api/v1/samples/{id}/download': {
      get: {
        operationId: 'downloadSample',
        summary: 'Download a sample (the emailed link)',
        description:
          'The signed token in the link is the credential; it expires after SAMPLE_LINK_TTL_SECONDS (72 h by default).',
        tags: ['Samples'],
        security: [{}],
        parameters: [listingId, { name: 'token', in: 'query', required: true, schema: { type: 'string' } }],
        responses: {
          200: {
            description: 'The sample file, as an attachment',
            headers: { 'Content-Disposition': header('attachment; filename="…"'), ...RATE_HEADERS },
            // As the file's extension gives it (SAMPLE_CONTENT_TYPES), else application/octet-stream.
            content: Object.fromEntries(
              [...new Set([...Object.values(SAMPLE_CONTENT_TYPES), 'application/octet-stream'])].map(
                (type) => [type, { schema: { type: 'string', contentMediaType: type } }],
              ),
            ),
          },
          // unauthorized: a public path, but a present and invalid key is still refused.
          ...errors('unauthorized', 'forbidden', 'not_found', 'link_expired', 'rate_limited', 'unavailable'),
        },
      },
    },
    '/api/v1/sample-requests': {
      get: {
        operationId: 'listSampleRequests',
        summary: "Your organisation's sample requests",
        description: `Each with its status (pending_verification, link_sent or rejected), when the link was sent and when it expires. ${PAGING}`,
        tags: ['Samples'],
        security: keyed,
        parameters: queryParameters(sampleListQuerySchema),
        responses: {
          ...ok('Newest first', sampleRequestListSchema, 200, {}, sampleRequestListExample),
          ...errors('unauthorized', 'invalid', 'rate_limited'),
        },
      },
    },
    '/api/v1/sample-requests/{id}': {
      get: {
        operationId: 'getSampleRequest',
        summary: 'One of your sample requests',
        description:
          "Its status, when its link was sent and when it expires, or why it was rejected. Another organisation's id is 404.",
        tags: ['Samples'],
        security: keyed,
        parameters: [sampleRequestId],
        responses: {
          ...ok('The sample request', sampleRequestResponseSchema, 200, {}, sampleRequestExample),
          ...errors('unauthorized', 'not_found', 'invalid', 'rate_limited'),
        },
      },
    },
    '/api/v1/sample-requests/{id}/link': {
      post: {
        operationId: 'freshSampleLink',
        summary: 'Mail a fresh download link',
        description:
          "No body. For a sample request whose link was sent (status link_sent): a new link with the same lifetime is mailed to the account's contact (an expired one is no longer a dead end). Every link issued is audited. 409 conflict while pending or when rejected; 403 nda_required when the NDA is no longer in force, or a new acceptance is not verified yet; 409 sample_unavailable when the sample file is gone.",
        tags: ['Samples'],
        security: keyed,
        parameters: [sampleRequestId],
        responses: {
          ...ok(
            "A fresh link is on its way: link_sent_at and link_expires_at are the new one's",
            sampleRequestResponseSchema,
            202,
            LOCATION,
            freshLinkExample,
          ),
          ...errors(
            'unauthorized',
            'nda_required',
            'not_found',
            'conflict',
            'sample_unavailable',
            'invalid',
            'rate_limited',
            'unavailable',
          ),
        },
      },
    },
    '/api/v1/me': {
      get: {
        operationId: 'getMe',
        summary: 'Who is calling',
        description:
          "With a key: its organisation and the key (never its secret); with a session: the signed-in account. Both: the role, the organisation's NDA state (accepted opens the NDA-only fields and sample requests) and this request's rate limit.",
        tags: ['Account'],
        security: keyed,
        responses: {
          ...ok(
            'The organisation, the key or account, the role, the NDA state and the rate limit',
            meResponseSchema,
          ),
          ...errors('unauthorized', 'rate_limited'),
        },
      },
    },
    '/api/v1/health': {
      get: {
        operationId: 'health',
        summary: 'Liveness and store health',
        description:
          'Not rate limited. 503 when a write would not succeed now: the store is read-only or full, or its write lock has been held too long.',
        tags: ['Operations'],
        security: optionalKey,
        responses: {
          200: {
            description: 'The store reads and writes',
            content: { 'application/json': { schema: component(healthSchema) } },
          },
          // A present but invalid key is refused here too (contract §5).
          ...errors('unauthorized'),
          503: {
            description: 'The store is not usable: writers would be refused',
            headers: { 'Retry-After': ERROR_HEADERS.unavailable!['Retry-After'] },
            content: { 'application/json': { schema: component(healthSchema) } },
          },
        },
      },
    },
    ...selfServePaths(),
  };
  const hooks = webhookOperations({
    component,
    ok,
    errors,
    queryParameters,
    idParameter,
    security: sessionOnly,
  });
  return {
    openapi: '3.1.0',
    info: {
      title: 'Data Sourcing Service API',
      version: '1.0.0',
      summary: 'Licensed AI training data: conversational audio and medical imaging.',
      description: `Public catalogue and demand board without authentication; data requests, samples and NDA-only fields with an API key (Authorization: Bearer <API_KEY>). Every error is { "error": { "code", "message" } }, with error.fields on 422. Rate limits: per client IP for public requests, per key for keyed ones; see the RateLimit headers.\n\nAgents: the same operations are MCP tools at ${new URL('/mcp', siteUrl).href} (Model Context Protocol over Streamable HTTP, stateless; send the same Authorization header for the keyed tools). Guide: ${new URL('/llms.txt', siteUrl).href}; discovery: ${new URL('/.well-known/api-catalog', siteUrl).href}.`,
      contact: { name: 'Data Sourcing Service', url: new URL('/access/', siteUrl).href },
      license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' },
    },
    servers: [{ url: siteUrl.origin }],
    tags: [
      { name: 'Catalogue', description: 'Listings of licensable datasets' },
      { name: 'Demand', description: 'The public, anonymised demand board' },
      { name: 'Requests', description: 'Your data requests' },
      { name: 'Samples', description: 'Samples under NDA' },
      { name: 'Account', description: 'Access, sign-in, your organisation and the NDA' },
      { name: 'Keys', description: 'API keys, managed from the dashboard' },
      { name: 'Team', description: "Your organisation's accounts" },
      { name: 'Operations', description: 'Health' },
      hooks.tag,
    ],
    security: [],
    paths: withCommonRefusals({ ...paths, ...hooks.paths }),
    webhooks: hooks.webhooks,
    components: {
      schemas: Object.fromEntries(Object.entries(schemas).sort(([a], [b]) => (a < b ? -1 : 1))),
      securitySchemes: {
        apiKey: {
          type: 'http',
          scheme: 'bearer',
          description:
            'An API key (dss_ followed by 38 characters), created in the dashboard (/dashboard/keys/)',
        },
        session: {
          type: 'apiKey',
          in: 'cookie',
          name: siteUrl.protocol === 'https:' ? '__Host-dss_session' : 'dss_session',
          description:
            'The dashboard session, set by following a sign-in link (/signin/). Unsafe requests must come from the site origin.',
        },
      },
    },
  };
}
