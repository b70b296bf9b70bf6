// One MCP server over a door (door.ts): the tools of tools.ts and the resources of resources.ts. Tools are set
// on the SDK's underlying Server, not with McpServer.registerTool: registerTool checks arguments against the zod
// schema itself and answers its own message, where here the endpoint checks them, so an invalid argument is the
// API's 422 `invalid` with error.fields, as over HTTP.
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv';
import {
  CallToolRequestSchema,
  ErrorCode,
  ListToolsRequestSchema,
  McpError,
} from '@modelcontextprotocol/sdk/types.js';
import { closest } from '../domain/closest.ts';
import type { Door } from './door.ts';
import { toolJsonSchema } from './json-schema.ts';
import { registerResources } from './resources.ts';
import { toolResult } from './results.ts';
import { TOOLS } from './tools.ts';

// Where the key goes is the door's to say: a header over HTTP, DSS_API_KEY on stdio.
const instructions = (door: Door) =>
  'Licensed AI training data (conversational audio, medical imaging). Start with search_catalog; get_listing for one listing. ' +
  `Tools that act for a lab (get_me, submit_data_request, list_my_requests, get_request, send_request_message, request_sample, list_sample_requests) need an API key, ${door.keyGoes}. ` +
  "Errors carry the API's code (unauthorized, nda_required, not_found, invalid with the failing fields, rate_limited); switch on the code.";

// Listed once per process: the schemas are fixed.
const TOOL_LIST = TOOLS.map((tool) => ({
  name: tool.name,
  title: tool.title,
  description: tool.description,
  inputSchema: toolJsonSchema(tool.input, 'input'),
  outputSchema: toolJsonSchema(tool.output, 'output'),
  annotations: tool.annotations,
}));
const BY_NAME = new Map(TOOLS.map((tool) => [tool.name, tool]));
// One for the process: a server makes its own otherwise, a new Ajv per /mcp request (a third of its CPU, measured).
const VALIDATOR = new AjvJsonSchemaValidator();

/** A model that misremembers a tool's name (search_catalogue, getListing) is told the one it meant. */
function unknownTool(name: string): string {
  const near = closest(name.replace(/([a-z])([A-Z])/g, '$1_$2'), BY_NAME.keys());
  const shown = name.slice(0, 80);
  return near ? `No tool "${shown}"; did you mean "${near}"?` : `No tool "${shown}"; tools/list names them.`;
}

export function createMcpServer(door: Door): McpServer {
  const mcp = new McpServer(
    { name: 'data-sourcing-service', title: 'Data Sourcing Service', version: '1.0.0' },
    { instructions: instructions(door), jsonSchemaValidator: VALIDATOR },
  );
  registerResources(mcp, door);
  mcp.server.registerCapabilities({ tools: {} });
  mcp.server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: TOOL_LIST }));
  mcp.server.setRequestHandler(CallToolRequestSchema, async (request) => {
    const tool = BY_NAME.get(request.params.name);
    if (!tool) throw new McpError(ErrorCode.InvalidParams, unknownTool(request.params.name));
    return toolResult(tool, await tool.run(request.params.arguments ?? {}, door));
  });
  return mcp;
}
