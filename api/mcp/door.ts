// What the MCP server stands on: the API (a request in, its status and JSON out) and a listing's Markdown. Two
// doors: in-process through the API core (core-door.ts, for /mcp on the server) and over HTTP to a running
// service (http-door.ts, for `npm run mcp`). Either way the caller's key goes with every call.
import { ERROR_CODES, type ErrorCode, type FieldErrors } from '../errors.ts';

export type ApiCall = {
  method: 'GET' | 'POST';
  path: string;
  body?: unknown;
  /** Request headers beyond Authorization, e.g. Idempotency-Key. */
  headers?: Record<string, string>;
};

/** The endpoint's status and JSON body: `{ error: { code, message, fields? } }` when it refused. */
export type ApiAnswer = {
  status: number;
  body: unknown;
  /** The body as the endpoint sent it, when there is one: the result's text, with no second serialisation. */
  text?: string;
};

export type Door = {
  /** Absolute base of the service, for links in answers. */
  readonly site: URL;
  /** How a key reaches the API through this door, for the server's instructions ("sent as …"). */
  readonly keyGoes: string;
  /** Calls an /api/v1 endpoint as the caller, with the caller's Authorization header. */
  call(call: ApiCall): Promise<ApiAnswer>;
  /** The listing's public fields and description as Markdown (what /catalog/<id>.md serves); undefined if none. */
  listingMarkdown(id: string): Promise<string | undefined>;
};

/** An answer in the API's envelope for what fails before an endpoint answers (arguments, the network). */
export function refusal(code: ErrorCode, message: string, fields?: FieldErrors): ApiAnswer {
  return {
    status: ERROR_CODES[code].status,
    body: { error: fields ? { code, message, fields } : { code, message } },
  };
}

/** A 401 with what to do added to its message, for a caller whose key reaches the API another way than a header. */
export function withKeyAdvice(answer: ApiAnswer, advice: string): ApiAnswer {
  const error = (answer.body as { error?: { message?: unknown } } | null)?.error;
  if (answer.status !== 401 || typeof error?.message !== 'string') return answer;
  return { status: answer.status, body: { error: { ...error, message: `${error.message} ${advice}` } } };
}
