// The door over HTTP, for `npm run mcp`: each call is a fetch to a running service with the lab's key, so the
// service applies its own authentication, limits, log and rules; this process holds no data of its own.
import { LISTING_ID_PATTERN } from '../domain/listings/listing-schema.ts';
import { refusal, withKeyAdvice, type ApiAnswer, type Door } from './door.ts';

export function httpDoor(base: URL, apiKey: string | undefined): Door {
  const notAnswering = (error: unknown) =>
    `The service at ${base.origin} does not answer (${(error as Error).message}); check that it runs and that DSS_BASE_URL points at it.`;
  const unreachable = (error: unknown) => refusal('unavailable', notAnswering(error));
  return {
    site: base,
    keyGoes: `set as DSS_API_KEY in this server's environment (${apiKey ? 'it has one' : 'it has none: only the public tools answer'})`,
    async call({ method, path, body, headers: extra }) {
      const headers: Record<string, string> = { ...extra, accept: 'application/json' };
      if (apiKey) headers.authorization = `Bearer ${apiKey}`;
      if (body !== undefined) headers['content-type'] = 'application/json';
      let response: Response;
      try {
        response = await fetch(new URL(path, base), {
          method,
          headers,
          body: body === undefined ? undefined : JSON.stringify(body),
        });
      } catch (error) {
        return unreachable(error);
      }
      const text = await response.text();
      try {
        const answer: ApiAnswer = { status: response.status, body: JSON.parse(text), text };
        return withKeyAdvice(answer, keyAdvice(base, apiKey));
      } catch {
        // A proxy's HTML error page, or something that is not the service at all.
        return refusal(
          'unavailable',
          `${base.origin} answered ${response.status} without JSON; check that DSS_BASE_URL points at the service.`,
        );
      }
    },
    async listingMarkdown(id) {
      if (!LISTING_ID_PATTERN.test(id)) return undefined;
      // As a tool says it: a bare "fetch failed" does not say which address to check.
      const response = await fetch(new URL(`/catalog/${id}.md`, base)).catch((error: unknown) => {
        throw new Error(notAnswering(error));
      });
      if (response.status === 404) return undefined;
      if (!response.ok) throw new Error(`${base.origin} answered ${response.status} for /catalog/${id}.md`);
      return response.text();
    },
  };
}

// The API's 401 says to send an Authorization header or sign in: a client on stdio can do neither, its key being
// this process's DSS_API_KEY.
const keyAdvice = (base: URL, apiKey: string | undefined) =>
  apiKey
    ? `The service refused DSS_API_KEY: set it to a current key (${new URL('/dashboard/keys/', base).href}) and restart this server.`
    : "This stdio server has no key: set DSS_API_KEY in the MCP client's configuration for it and restart it.";
