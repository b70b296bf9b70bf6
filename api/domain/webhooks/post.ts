// One signed POST to a webhook endpoint, over node:http(s) so that every connection goes through the SSRF guard's
// lookup. Redirects are not followed (a redirect to an inner address would slip past the guard).
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { guardedLookup, refusedOutright } from './address-guard.ts';

export const TIMEOUT_MS = 10_000;
const USER_AGENT = 'DataSourcingService-Webhooks/1';

export type PostResult = { status: number } | { error: string };

export function postSigned(
  url: string,
  body: string,
  signing: Record<string, string>,
  options: { allowPrivate: boolean },
): Promise<PostResult> {
  const target = new URL(url);
  const refused = options.allowPrivate ? undefined : refusedOutright(target);
  if (refused)
    return Promise.resolve({ error: `not sent: ${refused}, and WEBHOOK_ALLOW_PRIVATE is not set` });
  const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve) => {
    const request = send(
      target,
      {
        method: 'POST',
        headers: {
          ...signing,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          'user-agent': USER_AGENT,
        },
        lookup: options.allowPrivate ? undefined : guardedLookup,
        signal: AbortSignal.timeout(TIMEOUT_MS),
      },
      (response) => {
        response.resume(); // the answer's body is not ours to keep
        response.on('end', () => resolve({ status: response.statusCode ?? 0 }));
        response.on('error', (error) => resolve({ error: error.message }));
      },
    );
    request.on('error', (error) =>
      resolve({
        error:
          error.name === 'AbortError' || error.name === 'TimeoutError'
            ? `no answer in ${TIMEOUT_MS / 1000} s`
            : error.message,
      }),
    );
    request.end(body);
  });
}
