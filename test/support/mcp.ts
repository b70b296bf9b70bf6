// The SDK's own MCP client, as an agent uses it: over Streamable HTTP against a running server, over stdio against
// `npm run --silent mcp`, or in memory against a server built in the test. Each client lists the tools first, so
// the SDK checks every structured result against the tool's output schema.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { expect } from 'vitest';

export type ToolAnswer = {
  isError: boolean;
  /** The first text block: the summary line, or the error's code and message. */
  summary: string;
  /** The second text block, parsed: the endpoint's JSON, or `{ error }`. */
  json: any;
  structured: any;
};

export type McpClient = {
  client: Client;
  call(name: string, args?: Record<string, unknown>): Promise<ToolAnswer>;
  close(): Promise<void>;
};

async function connect(transport: Transport): Promise<McpClient> {
  const client = new Client({ name: 'dss-test', version: '1.0.0' });
  await client.connect(transport);
  await client.listTools();
  return {
    client,
    async call(name, args = {}) {
      const result = await client.callTool({ name, arguments: args });
      const texts = (result.content as { type: string; text: string }[]).map((block) => block.text);
      return {
        isError: result.isError === true,
        summary: texts[0] ?? '',
        json: texts[1] === undefined ? undefined : JSON.parse(texts[1]),
        structured: result.structuredContent,
      };
    },
    close: () => client.close(),
  };
}

/** Over Streamable HTTP to `${base}/mcp`, with `authorization` as the Authorization header if given. */
export function mcpOverHttp(base: string, authorization?: string): Promise<McpClient> {
  const headers: Record<string, string> = authorization ? { Authorization: authorization } : {};
  return connect(new StreamableHTTPClientTransport(new URL('/mcp', base), { requestInit: { headers } }));
}

/** `npm run --silent mcp` as a local client starts it, with DSS_BASE_URL and DSS_API_KEY. */
export function mcpOverStdio(env: Record<string, string>): Promise<McpClient> {
  return connect(
    new StdioClientTransport({ command: 'npm', args: ['run', '--silent', 'mcp'], env, stderr: 'pipe' }),
  );
}

export function mcpInMemory(transport: Transport): Promise<McpClient> {
  return connect(transport);
}

/** A tool error carrying the API's error code: in the text a model reads and in the error envelope. */
export function expectToolError(answer: ToolAnswer, code: string): void {
  expect(answer.isError, answer.summary).toBe(true);
  expect(answer.summary.startsWith(`${code}: `), answer.summary).toBe(true);
  expect(answer.json.error.code).toBe(code);
  expect(typeof answer.json.error.message).toBe('string');
  expect(answer.structured).toBeUndefined();
}
