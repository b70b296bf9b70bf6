// One error type, thrown anywhere in the API core and turned into the envelope in one place (http/pipeline.ts).
// Codes are stable: clients switch on them (spec: Errors; contract §5).

/**
 * Every error code, its HTTP status, when it is sent and what the client should do: the one place they are
 * written. The ErrorCode type, the Error schema's enum, the OpenAPI error responses, the API guide's table
 * and llms.txt are all derived from it, so adding or rewording a code here changes every one of them.
 */
export const ERROR_CODES = {
  bad_request: {
    status: 400,
    when: 'The body is not JSON, is not UTF-8 or was cut off, nests deeper than 32 levels, or uses a prototype key',
    todo: 'Fix the body and send it again.',
  },
  unauthorized: {
    status: 401,
    when: 'The API key or session is missing (where one is needed), or the key is malformed, unknown, revoked or expired; a present but invalid key is refused on public endpoints too',
    todo: 'Send Authorization: Bearer <API_KEY> (keys come from the dashboard), or sign in at /signin/.',
  },
  nda_required: {
    status: 403,
    when: 'Your organisation has not accepted the sample NDA',
    todo: 'An admin of your organisation reads and accepts the NDA at /dashboard/nda/ (get_nda on MCP says how); once it is accepted, ask again.',
  },
  forbidden: {
    status: 403,
    when: "This key, session or link may not do this: a key managing keys or the team, a member doing an admin's task, a session request from another site (Origin), a form without its CSRF token; for a sample download: the link is forged or altered, for another listing, or the NDA was withdrawn",
    todo: 'Use the dashboard as an admin for keys and team; use the link from your email as it is, or ask for the sample again; when asking for a sample, treat it like nda_required.',
  },
  not_found: {
    status: 404,
    when: 'No such listing, request, sample file or endpoint (another organisation\'s request is also "not found")',
    todo: 'GET /api/v1/catalog lists the listings; /openapi.json lists the endpoints.',
  },
  method_not_allowed: {
    status: 405,
    when: 'The path does not accept this method',
    todo: 'Use a method from the Allow header.',
  },
  request_timeout: {
    status: 408,
    when: 'The request did not arrive whole in time (its headers within 5 s, the whole request within 30 s)',
    todo: 'Send it again, whole.',
  },
  conflict: {
    status: 409,
    when: 'A request with this Idempotency-Key is still being processed; or the resource is not in a state for this (a closed request withdrawn, a fresh link for a sample request not approved, a key rotated or revoked already, an eleventh webhook endpoint); or the change would leave the organisation without an admin',
    todo: 'Retry in a moment (Idempotency-Key); otherwise read the resource again and act on its status; for the team, invite another admin first.',
  },
  sample_unavailable: {
    status: 409,
    when: 'The listing has no sample to send',
    todo: 'Nothing was stored. Submit a data request about the listing (listing_id) instead.',
  },
  nda_outdated: {
    status: 409,
    when: 'The NDA accepted is not the current version or text',
    todo: 'Read the current NDA (GET /api/v1/nda, /legal/nda/) and accept its version and sha256.',
  },
  link_expired: {
    status: 410,
    when: 'The sample download link has expired (after SAMPLE_LINK_TTL_SECONDS, 72 h by default)',
    todo: 'Ask for the sample again.',
  },
  payload_too_large: {
    status: 413,
    when: 'The body is over MAX_BODY_BYTES (64 KiB by default)',
    todo: 'Shorten the description.',
  },
  unsupported_media_type: {
    status: 415,
    when: 'The body is not sent as JSON',
    todo: 'Send Content-Type: application/json.',
  },
  invalid: {
    status: 422,
    when: 'A field or query parameter is not valid, or an Idempotency-Key was already used with another body',
    todo: 'error.fields names each failing field or parameter (dot path, e.g. languages.0) with what it must be.',
  },
  rate_limited: {
    status: 429,
    when: "Over the rate limit (per client IP, or per key with a key) or the organisation's daily sample quota",
    todo: 'Wait the Retry-After seconds, then retry.',
  },
  headers_too_large: {
    status: 431,
    when: 'The request headers are larger than 16 KB',
    todo: 'Send a shorter Authorization header or fewer headers.',
  },
  internal: {
    status: 500,
    when: 'Something went wrong on our side',
    todo: 'Retry later; if it persists, report it quoting the X-Request-Id header.',
  },
  unavailable: {
    status: 503,
    when: 'A part of the service this needs is not available right now: sample downloads, or the store cannot take writes (busy, read-only or full)',
    todo: 'Wait the Retry-After seconds, then retry; a retry of a data request with the same Idempotency-Key is safe.',
  },
} as const satisfies Record<string, { status: number; when: string; todo: string }>;

export type ErrorCode = keyof typeof ERROR_CODES;
/** The status that goes with `code`: a throw site that pairs them wrongly does not compile. */
export type ErrorStatus<C extends ErrorCode = ErrorCode> = (typeof ERROR_CODES)[C]['status'];

/** The codes as a non-empty tuple, in the table's order (what z.enum takes). */
export const ERROR_CODE_NAMES = Object.keys(ERROR_CODES) as [ErrorCode, ...ErrorCode[]];

/** On 422: the failing fields by dot path (`languages.0`), each with its messages. */
export type FieldErrors = Record<string, string[]>;

/**
 * The one error the rules throw, whichever door called them: a stable code from ERROR_CODES, a message that says what
 * to do (in no door's words: no HTTP header, CLI flag or page name a door of its own would say), and on `invalid`
 * the failing fields. Each door maps the code to its own form: the API to a status and the envelope, the CLI to an
 * exit code and a hint naming its flags, a page to a message beside the field.
 */
/** A limit as a count in a window, named (`samples-per-day`). */
export type Quota = { policy: string; limit: number; windowSeconds: number };

type DomainErrorOptions = {
  fields?: FieldErrors;
  retryAfterSeconds?: number;
  quota?: Quota;
  headers?: Record<string, string>;
};

export class DomainError<C extends ErrorCode = ErrorCode> extends Error {
  override name = 'DomainError';
  readonly code: C;
  readonly fields: FieldErrors | undefined;
  /** On rate_limited, conflict and unavailable: when to try again. */
  readonly retryAfterSeconds: number | undefined;
  /** On rate_limited: the quota that is spent, which the API door states in its RateLimit headers. */
  readonly quota: Quota | undefined;
  /** Headers only an HTTP door knows to send (WWW-Authenticate, Allow): set by the API's own pipeline. */
  readonly headers: Record<string, string>;

  constructor(code: C, message: string, options: DomainErrorOptions = {}) {
    super(message);
    this.code = code;
    this.fields = options.fields;
    this.retryAfterSeconds = options.retryAfterSeconds;
    this.quota = options.quota;
    this.headers = options.headers ?? {};
  }

  /** The HTTP status that goes with the code. */
  get status(): ErrorStatus<C> {
    return ERROR_CODES[this.code].status as ErrorStatus<C>;
  }
}

export const notFound = (message: string) => new DomainError('not_found', message);
export const invalid = (message: string, fields: FieldErrors) =>
  new DomainError('invalid', message, { fields });
/** A resource not in a state for the action asked (a closed request moved, a key rotated twice). */
export const conflict = (message: string) => new DomainError('conflict', message);
