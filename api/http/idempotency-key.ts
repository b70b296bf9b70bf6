// The Idempotency-Key request header (docs/decisions/idempotency-key.md), for each endpoint that takes one: read
// and checked here, declared in the document from here, and the header that marks an answer as a replay.
import { invalid } from '../errors.ts';
import type { ApiRequest } from './types.ts';

export const IDEMPOTENCY_KEY = /^[\x21-\x7e]{1,255}$/;

/** The request's Idempotency-Key, if it sent one; 422 naming the header when it is malformed. */
export function idempotencyKeyOf(request: ApiRequest): string | undefined {
  const key = request.headers.get('idempotency-key');
  if (key === null) return undefined;
  if (IDEMPOTENCY_KEY.test(key)) return key;
  throw invalid('Idempotency-Key must be 1 to 255 visible ASCII characters, e.g. a UUID.', {
    'Idempotency-Key': ['1 to 255 visible ASCII characters'],
  });
}

/** The header parameter, described with what a retry under one key must repeat and what it gets back. */
export const idempotencyKeyParameter = (description: string) => ({
  name: 'Idempotency-Key',
  in: 'header',
  required: false,
  description,
  schema: { type: 'string', minLength: 1, maxLength: 255 },
});

/** The answer's header saying it replays the first one given under the key. */
export const REPLAYED_HEADER = {
  'Idempotent-Replayed': 'true when this answer replays an earlier request with the same Idempotency-Key',
};

export const replayedHeader = (replayed: boolean | undefined): Record<string, string> =>
  replayed ? { 'Idempotent-Replayed': 'true' } : {};
