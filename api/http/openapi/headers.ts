// The response headers the document names: those every counted answer carries, and those an error adds.
import type { ErrorCode } from '../../errors.ts';
import type { JsonSchema } from '../endpoint.ts';

export const header = (description: string, schema: JsonSchema = { type: 'string' }) => ({
  description,
  schema,
});

/** Named headers from their descriptions (string values). */
export const headersOf = (described: Record<string, string> = {}) =>
  Object.fromEntries(Object.entries(described).map(([name, description]) => [name, header(description)]));

export const RATE_HEADERS = {
  RateLimit: header('Requests left in the window and seconds until it resets, e.g. "per-ip";r=59;t=60'),
  'RateLimit-Policy': header(
    'The quota, e.g. "per-ip";q=60;w=60 (per client IP) or "per-key";q=120;w=60; on a 429 from another quota, that one ("samples-per-day", "links-per-email", "signin-per-ip")',
  ),
};

/**
 * What every answer carries, counted or not (the pipeline adds them): its id, and CORS, since any site's page may
 * call the API with a key (a header it cannot borrow). Components, referred to from each answer.
 */
export const EVERY_ANSWER_HEADERS = {
  'X-Request-Id': header('Quote it when you report a problem'),
  'Access-Control-Allow-Origin': header(
    '*: any origin may call the API (CORS); a key is sent as a header, never a cookie',
  ),
  'Access-Control-Expose-Headers': header(
    'The headers a page may read (CORS): RateLimit, RateLimit-Policy, Retry-After, X-Request-Id, WWW-Authenticate',
  ),
};

export const EVERY_ANSWER = Object.fromEntries(
  Object.keys(EVERY_ANSWER_HEADERS).map((name) => [name, { $ref: `#/components/headers/${name}` }]),
);

const RETRY_AFTER = header('Whole seconds to wait (at least 1)', { type: 'integer', minimum: 1 });

// The headers an error carries besides the rate-limit ones (what each code means is in ERROR_CODES).
export const ERROR_HEADERS: Partial<Record<ErrorCode, Record<string, unknown>>> = {
  unauthorized: {
    'WWW-Authenticate': header('Bearer realm="api", with error="invalid_token" when a key was refused'),
  },
  method_not_allowed: { Allow: header('The methods this path accepts') },
  rate_limited: { 'Retry-After': RETRY_AFTER },
  unavailable: { 'Retry-After': RETRY_AFTER },
};
