// The in-process door: each call is a web Request to the API core (api.handle), exactly as the endpoint is called
// over HTTP, so authentication, rate limits, the request log, errors and the NDA rules are the API's own.
import { randomUUID } from 'node:crypto';
import { listingMarkdown } from '../domain/listings/listing-markdown.ts';
import type { Catalog } from '../domain/listings/catalog.ts';
import type { Api } from '../http/pipeline.ts';
import type { Reply } from '../http/types.ts';
import { refusal, withKeyAdvice, type ApiAnswer, type Door } from './door.ts';

// The API's 401 also offers a dashboard session, which never reaches /mcp: only the Authorization header goes on.
const KEY_ADVICE =
  "Over MCP a dashboard session does not count: the key goes in the Authorization header of the MCP connection (the client's headers setting for this server).";

export type CoreDoorOptions = {
  api: Api;
  catalog: Catalog;
  site: URL;
  /** The MCP request's Authorization header, sent on with every call; null without one. */
  authorization: string | null;
  clientIp: string;
};

export function coreDoor({ api, catalog, site, authorization, clientIp }: CoreDoorOptions): Door {
  return {
    site,
    keyGoes: 'sent as "Authorization: Bearer <API_KEY>" on the MCP connection',
    async call({ method, path, body, headers: extra }) {
      const headers = new Headers(extra);
      if (authorization !== null) headers.set('authorization', authorization);
      if (body !== undefined) headers.set('content-type', 'application/json');
      const request = new Request(`http://localhost${path}`, {
        method,
        headers,
        body: body === undefined ? null : JSON.stringify(body),
      });
      const reply = await api.handle(request, { clientIp, requestId: randomUUID(), via: 'mcp' });
      return withKeyAdvice(answerOf(reply), KEY_ADVICE);
    },
    async listingMarkdown(id) {
      const listing = catalog.find(id);
      if (!listing) return undefined;
      // The same rendering as /catalog/<id>.md, given the listing without its `nda:` block.
      const { nda, ...publicPart } = listing;
      const sample_available = nda.sample_file !== undefined; // all the build keeps of nda: (content.config.ts)
      return listingMarkdown({ ...publicPart, sample_available }, catalog.description(id) ?? '', site);
    },
  };
}

function answerOf(reply: Reply): ApiAnswer {
  const { body } = reply;
  if (typeof body === 'string' || body instanceof Uint8Array) {
    const text = typeof body === 'string' ? body : Buffer.from(body).toString('utf8');
    return { status: reply.status, body: text ? JSON.parse(text) : null, text };
  }
  // Only the sample download streams, and no tool calls it.
  return refusal('internal', 'The endpoint answered with a file, which no tool expects.');
}
