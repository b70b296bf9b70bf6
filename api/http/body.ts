// Reading a JSON request body safely: the media type, the size (enforced while reading, whatever
// Content-Length claims), JSON syntax, and shapes that could never be stored back (deep nesting,
// prototype keys) are each refused with their own code before any handler sees the body.
import { DomainError } from '../errors.ts';
import { sameOrigin } from './authentication.ts';
import type { ApiRequest } from './types.ts';

export const MAX_DEPTH = 32;
const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

export type JsonBody = { value: unknown; text: string };

const FORM_TYPE = /^application\/x-www-form-urlencoded\s*(;|$)/i;

export const isFormPost = (request: ApiRequest) => FORM_TYPE.test(request.headers.get('content-type') ?? '');

/**
 * A JSON body, or an HTML form post (for the endpoints pages post to without JavaScript: contract §8). A form's
 * fields become strings, and the fields named in `arrays` lists of strings (checkboxes send one pair each). A
 * form must come from the site's own pages: any other site could make its visitors' browsers post one unasked.
 */
export async function readJsonOrFormBody(
  request: ApiRequest,
  { maxBytes, siteUrl, arrays = [] }: { maxBytes: number; siteUrl: URL; arrays?: readonly string[] },
): Promise<JsonBody> {
  if (!isFormPost(request)) return readJsonBody(request, maxBytes);
  if (!sameOrigin(request.headers.get('origin'), request.headers.get('referer'), siteUrl)) {
    throw new DomainError(
      'forbidden',
      `A form may be posted here only from ${siteUrl.origin}'s own pages. From elsewhere, send JSON (Content-Type: application/json).`,
    );
  }
  const text = await readText(request, maxBytes);
  const value: Record<string, string | string[]> = Object.create(null);
  for (const [name, field] of new URLSearchParams(text)) {
    if (FORBIDDEN_KEYS.has(name)) continue;
    if (arrays.includes(name)) ((value[name] ??= []) as string[]).push(field);
    else value[name] = field;
  }
  return { value, text };
}

/** For endpoints whose body is optional: undefined when none was sent, else as readJsonBody. */
export async function readOptionalJsonBody(
  request: ApiRequest,
  maxBytes: number,
): Promise<JsonBody | undefined> {
  const length = request.headers.get('content-length');
  const sent = (length !== null && length !== '0') || request.headers.has('transfer-encoding');
  return sent ? readJsonBody(request, maxBytes) : undefined;
}

export async function readJsonBody(request: ApiRequest, maxBytes: number): Promise<JsonBody> {
  const type = request.headers.get('content-type') ?? '';
  if (!/^application\/json\s*(;|$)/i.test(type)) {
    throw new DomainError(
      'unsupported_media_type',
      'Send the body as JSON with "Content-Type: application/json".',
    );
  }
  const text = await readText(request, maxBytes);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new DomainError(
      'bad_request',
      `The body is not valid JSON (${(error as Error).message}); check its syntax.`,
    );
  }
  checkShape(value, 1);
  return { value, text };
}

/** The body as UTF-8 text, at most `maxBytes` (enforced while reading, whatever Content-Length claims). */
export async function readText(request: ApiRequest, maxBytes: number): Promise<string> {
  // RFC 9110 §15.5.16: a content coding we do not decode is 415, not a body of garbled text.
  const coding = request.headers.get('content-encoding');
  if (coding && coding.trim().toLowerCase() !== 'identity') {
    throw new DomainError(
      'unsupported_media_type',
      `Send the body uncompressed: Content-Encoding "${coding}" is not accepted.`,
    );
  }
  const tooLarge = () =>
    new DomainError(
      'payload_too_large',
      `The body is larger than ${maxBytes} bytes; send a shorter one (a data request's description is the longest field).`,
    );
  const declared = Number(request.headers.get('content-length') ?? NaN);
  if (declared > maxBytes) throw tooLarge();

  const chunks: Uint8Array[] = [];
  let size = 0;
  const body = request.body;
  if (body) {
    try {
      for await (const chunk of body) {
        size += chunk.byteLength;
        if (size > maxBytes) break; // leaving the loop stops the stream: the rest is never read
        chunks.push(chunk);
      }
    } catch {
      throw new DomainError('bad_request', 'The request body could not be read completely; send it again.');
    }
  }
  if (size > maxBytes) throw tooLarge();
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(Buffer.concat(chunks));
  } catch {
    throw new DomainError('bad_request', 'The body is not valid UTF-8 text; send JSON encoded as UTF-8.');
  }
}

function checkShape(value: unknown, depth: number): void {
  if (value === null || typeof value !== 'object') return;
  if (depth > MAX_DEPTH) {
    throw new DomainError('bad_request', `The body nests deeper than ${MAX_DEPTH} levels; flatten it.`);
  }
  for (const key of Object.keys(value)) {
    if (FORBIDDEN_KEYS.has(key))
      throw new DomainError('bad_request', `The body may not use the key "${key}"; remove it.`);
    checkShape((value as Record<string, unknown>)[key], depth + 1);
  }
}
