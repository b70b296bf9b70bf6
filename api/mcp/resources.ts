// The MCP resources: each listing as listing://<id> (the Markdown /catalog/<id>.md serves: public fields and the
// description, never an `nda:` value), listed from GET /api/v1/catalog, and the NDA statement as nda://current.
import { type McpServer, ResourceTemplate } from '@modelcontextprotocol/sdk/server/mcp.js';
import { ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';
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
        throw new McpError(ErrorCode.InternalError, `${error.code}: ${error.message}`, error);
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
        throw new McpError(ErrorCode.InvalidParams, message, { code: 'not_found', message });
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
