// Building replies: JSON bodies, the error envelope, and a web Response for callers that want one.
import { DomainError } from '../errors.ts';
import { spentQuotaHeaders } from './rate-limit.ts';
import type { Reply } from './types.ts';

export const JSON_TYPE = 'application/json; charset=utf-8';

type Init = { status?: number; headers?: Record<string, string> };

function headerRecord(headers: Record<string, string> = {}, body: unknown): Record<string, string> {
  const record: Record<string, string> = body === null ? {} : { 'content-type': JSON_TYPE };
  for (const name in headers) record[name.toLowerCase()] = headers[name]!;
  return record;
}

export function json(data: unknown, init: Init = {}): Reply {
  return jsonText(JSON.stringify(data), init);
}

/** A JSON reply from an already serialised body: a Buffer when the same bytes are sent again and again. */
export function jsonText(body: string | Uint8Array, init: Init = {}): Reply {
  return { status: init.status ?? 200, headers: headerRecord(init.headers, body), body };
}

export function empty(init: Init): Reply {
  return { status: init.status ?? 204, headers: headerRecord(init.headers, null), body: null };
}

export function errorReply(error: DomainError): Reply {
  const { code, message, fields, retryAfterSeconds, quota } = error;
  const headers = { ...error.headers };
  if (retryAfterSeconds !== undefined) headers['Retry-After'] = String(retryAfterSeconds);
  if (quota) Object.assign(headers, spentQuotaHeaders(quota, retryAfterSeconds ?? quota.windowSeconds));
  return json(
    { error: fields ? { code, message, fields } : { code, message } },
    { status: error.status, headers },
  );
}

export function toResponse(reply: Reply): Response {
  return new Response(reply.body as BodyInit | null, { status: reply.status, headers: reply.headers });
}
