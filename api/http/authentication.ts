// Who is calling: a bearer API key (contract §5), checked against the store. A present but invalid key is refused
// on every endpoint, public ones too. Sessions will join keys here.
import { authenticate, type Caller } from '../domain/labs/api-keys.ts';
import { ApiError } from '../errors.ts';
import type { StoreReads } from '../store/store.ts';

const BEARER = /^Bearer[ ]+(\S+)\s*$/i;

const WHY_REFUSED = {
  malformed: 'is not an API key (check that it was copied whole: dss_ and 38 characters)',
  unknown: 'is not a valid API key',
  revoked: 'has been revoked; use its successor or ask the operator for a new key',
};

/** The caller behind an Authorization header; throws 401 for a header that fails. */
export async function callerOf(authorization: string, reads: StoreReads): Promise<Caller> {
  const token = BEARER.exec(authorization)?.[1];
  if (!token) throw unauthorized('The Authorization header must be "Bearer <API_KEY>".', 'invalid_request');
  const check = await authenticate(reads, token);
  if (!check.ok)
    throw unauthorized(`The key in the Authorization header ${WHY_REFUSED[check.reason]}.`, 'invalid_token');
  return check.caller;
}

export function unauthorized(message: string, error?: 'invalid_request' | 'invalid_token'): ApiError {
  // RFC 6750 §3: the challenge says which scheme, and why a token was refused.
  const challenge = error ? `Bearer realm="api", error="${error}"` : 'Bearer realm="api"';
  return new ApiError(401, 'unauthorized', message, { headers: { 'WWW-Authenticate': challenge } });
}
