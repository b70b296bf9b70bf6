// `npm run --silent mcp`: the same MCP server on stdio, for a local client (an IDE, a desktop assistant). Its tools
// call a running service over HTTP (DSS_BASE_URL, default http://localhost:4321) with the lab's key (DSS_API_KEY;
// without one only the public tools answer). stdout is the protocol's: everything else goes to stderr.
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { httpDoor } from './http-door.ts';
import { createMcpServer } from './mcp-server.ts';

const DEFAULT_BASE_URL = 'http://localhost:4321';

function baseUrl(value: string): URL {
  try {
    const url = new URL(value);
    if (url.protocol === 'http:' || url.protocol === 'https:') return url;
  } catch {
    // told below
  }
  process.stderr.write(
    `DSS_BASE_URL: expects the service's address, such as ${DEFAULT_BASE_URL} (got "${value}")\n`,
  );
  process.exit(2);
}

if (import.meta.main) {
  const base = baseUrl(process.env.DSS_BASE_URL || DEFAULT_BASE_URL);
  const key = process.env.DSS_API_KEY || undefined;
  const server = createMcpServer(httpDoor(base, key));
  await server.connect(new StdioServerTransport());
  process.stderr.write(
    `Data Sourcing Service MCP server on stdio, for ${base.origin} ${key ? 'with an API key' : 'without a key: public tools only'}\n`,
  );
}
