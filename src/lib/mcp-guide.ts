// What /llms.txt and /docs/api/ say about the MCP server: its tools (from the tool table itself, so the guides
// cannot drift from what tools/list answers) and client configurations for Streamable HTTP and stdio.
import { TOOLS } from '../../api/mcp/tools.ts';

export type McpToolGuide = { name: string; description: string; keyed: boolean; endpoint: string | null };

export const mcpTools = (): McpToolGuide[] =>
  TOOLS.map(({ name, description, keyed, endpoint }) => ({ name, description, keyed, endpoint }));

/** A client's `mcpServers` entry for the hosted endpoint, and one for the local stdio server. */
export function mcpClientConfigs(site: URL): { http: string; stdio: string } {
  const http = {
    mcpServers: {
      'data-sourcing': {
        type: 'http',
        url: new URL('/mcp', site).href,
        headers: { Authorization: 'Bearer ${DSS_API_KEY}' },
      },
    },
  };
  const stdio = {
    mcpServers: {
      'data-sourcing': {
        command: 'npm',
        args: ['run', '--silent', '--prefix', '/path/to/data-sourcing-service', 'mcp'],
        env: { DSS_BASE_URL: site.origin, DSS_API_KEY: 'dss_…' },
      },
    },
  };
  return { http: JSON.stringify(http, null, 2), stdio: JSON.stringify(stdio, null, 2) };
}
