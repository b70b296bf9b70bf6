// POST /mcp: the MCP server over Streamable HTTP, stateless: a server and a transport per request, answers as JSON,
// no session, so any instance can answer any request and nothing is kept between them. Each tool call goes through
// the API core with this request's Authorization and client IP (core-door.ts): a tool call counts against the
// same rate limit and writes the same log line as the endpoint it calls.
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import type { Config } from '../config.ts';
import type { Catalog } from '../domain/listings/catalog.ts';
import type { RequestLog } from '../http/log.ts';
import type { Api } from '../http/pipeline.ts';
import { coreDoor } from './core-door.ts';
import { createMcpServer } from './mcp-server.ts';

export const MCP_PATH = '/mcp';
const ENVELOPE_BYTES = 4096;

// As on every API answer: open CORS and no sniffing. Origin is not checked (the MCP spec's defence against DNS
// rebinding): the key travels in a header a page cannot borrow, never a cookie, so a page learns only public data.
const COMMON = { 'access-control-allow-origin': '*', 'x-content-type-options': 'nosniff' };

const jsonRpcError = (status: number, code: number, message: string, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify({ jsonrpc: '2.0', error: { code, message }, id: null }), {
    status,
    headers: { 'content-type': 'application/json', ...COMMON, ...headers },
  });

export type McpEndpointDeps = {
  api: Api;
  catalog: Catalog;
  config: Pick<Config, 'siteUrl' | 'maxBodyBytes'>;
  log: RequestLog;
};

export function createMcpEndpoint({ api, catalog, config, log }: McpEndpointDeps) {
  return async function answerMcp(
    request: Request,
    meta: { clientIp: string; requestId: string },
  ): Promise<Response> {
    if (request.method === 'OPTIONS') {
      return new Response(null, {
        status: 204,
        headers: {
          ...COMMON,
          allow: 'POST, OPTIONS',
          'access-control-allow-methods': 'POST',
          'access-control-allow-headers':
            'Authorization, Content-Type, Accept, Mcp-Protocol-Version, Mcp-Session-Id',
          'access-control-max-age': '600',
        },
      });
    }
    // Stateless: no stream to resume (GET) and no session to end (DELETE), as the transport's spec allows.
    if (request.method !== 'POST') {
      return jsonRpcError(
        405,
        -32000,
        'Method not allowed: this MCP endpoint is stateless; POST JSON-RPC messages.',
        {
          allow: 'POST, OPTIONS',
        },
      );
    }
    const door = coreDoor({
      api,
      catalog,
      site: config.siteUrl,
      authorization: request.headers.get('authorization'),
      clientIp: meta.clientIp,
    });
    const server = createMcpServer(door);
    const transport = new WebStandardStreamableHTTPServerTransport({
      sessionIdGenerator: undefined,
      enableJsonResponse: true,
      // Room for the JSON-RPC envelope around the largest body the endpoint itself accepts.
      maxRequestBodySize: config.maxBodyBytes + ENVELOPE_BYTES,
    });
    try {
      await server.connect(transport);
      const response = await transport.handleRequest(request);
      for (const [name, value] of Object.entries(COMMON)) response.headers.set(name, value);
      return response;
    } catch (error) {
      log.error(meta.requestId, error);
      return jsonRpcError(
        500,
        -32603,
        `Something went wrong on our side. Quote request id ${meta.requestId} if it persists.`,
      );
    } finally {
      // The answer is complete (JSON, not a stream), so the server and its transport can go.
      void server.close();
    }
  };
}
