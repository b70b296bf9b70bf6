// The MCP resources: each listing as listing://<id> (the Markdown /catalog/<id>.md serves: public fields and the
// description, never an `nda:` value), listed from GET /api/v1/catalog, and the NDA statement as nda://current.
import { type McpServer, ResourceTemplate } from '@modelcontextprotocol/sdk/server/mcp.js';
import { ErrorCode } from '@modelcontextprotocol/sdk/types.js';
import { ndaStatementMarkdown } from '../domain/labs/nda-statement.ts';
import type { CatalogBody } from '../domain/listings/catalog.ts';
import type { Door } from './door.ts';

const MARKDOWN = 'text/markdown';

export function registerResources(mcp: McpServer, door: Door): void {
  const listings = new ResourceTemplate('listing://{id}', {
    async list() {
      const answer = await door.call({ method: 'GET', path: '/api/v1/catalog' });
      if (answer.status !== 200) {
        const error = (answer.body as { error: { code: string; message: string } }).error;
        // The API's refusal (a bad key, too many requests) is the caller's to act on, not the server's fault.
        const code = answer.status < 500 ? ErrorCode.InvalidRequest : ErrorCode.InternalError;
        throw protocolError(code, `${error.code}: ${error.message}`, error);
      }
      return {
        resources: (answer.body as CatalogBody).data.map((listing) => ({
          uri: `listing://${listing.id}`,
          name: listing.id,
          title: listing.title,
          mimeType: MARKDOWN,
        })),
      };
    },
  });
  mcp.registerResource(
    'listing',
    listings,
    {
      title: 'A catalogue listing',
      description: "A listing's public fields and description as Markdown, as /catalog/<id>.md serves it.",
      mimeType: MARKDOWN,
    },
    async (uri, { id }) => {
      const text = typeof id === 'string' ? await door.listingMarkdown(id) : undefined;
      if (text === undefined) {
        const message = `No listing has the id "${String(id).slice(0, 80)}"; resources/list or search_catalog lists them.`;
        throw protocolError(ErrorCode.InvalidParams, message, { code: 'not_found', message });
      }
      return { contents: [{ uri: uri.href, mimeType: MARKDOWN, text }] };
    },
  );
  mcp.registerResource(
    'nda',
    'nda://current',
    {
      title: 'The sample NDA',
      description: 'How the sample NDA is accepted today and what it opens.',
      mimeType: MARKDOWN,
    },
    async (uri) => ({
      contents: [{ uri: uri.href, mimeType: MARKDOWN, text: ndaStatementMarkdown(door.site) }],
    }),
  );
}

/**
 * A JSON-RPC error as the SDK sends it (its code, message and data). Not an McpError: that one's message starts
 * "MCP error <code>: ", which the client's own McpError then prefixes a second time.
 */
const protocolError = (code: ErrorCode, message: string, data: unknown) =>
  Object.assign(new Error(message), { code, data });
