// One error type, thrown anywhere in the API core and turned into the envelope in one place (http.ts).
// Codes are stable: clients switch on them (spec: Errors; contract §5).

export type ErrorCode =
  | 'bad_request'
  | 'unauthorized'
  | 'forbidden'
  | 'nda_required'
  | 'not_found'
  | 'method_not_allowed'
  | 'conflict'
  | 'link_expired'
  | 'payload_too_large'
  | 'unsupported_media_type'
  | 'invalid'
  | 'rate_limited'
  | 'internal'
  | 'unavailable';

/** On 422: the failing fields by dot path (`languages.0`), each with its messages. */
export type FieldErrors = Record<string, string[]>;

export class ApiError extends Error {
  override name = 'ApiError';
  readonly status: number;
  readonly code: ErrorCode;
  readonly fields: FieldErrors | undefined;
  readonly headers: Record<string, string>;

  constructor(
    status: number,
    code: ErrorCode,
    message: string,
    options: { fields?: FieldErrors; headers?: Record<string, string> } = {},
  ) {
    super(message);
    this.status = status;
    this.code = code;
    this.fields = options.fields;
    this.headers = options.headers ?? {};
  }
}

export const notFound = (message: string) => new ApiError(404, 'not_found', message);
export const invalid = (message: string, fields: FieldErrors) =>
  new ApiError(422, 'invalid', message, { fields });

/** An operator action the rules refuse (unknown organisation, unverified account, …): the CLI exits 1. */
export class RefusedError extends Error {
  override name = 'RefusedError';
}
