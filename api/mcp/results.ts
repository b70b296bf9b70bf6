// An endpoint's answer as an MCP tool result. Success: the JSON as structured content, with a summary line and the
// same JSON as text (for clients that pass only text to the model). A refusal: a tool error (isError) whose text
// carries the API's error code, message and failing fields, and the error envelope itself as JSON.
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { ApiAnswer } from './door.ts';
import type { Tool } from './tools.ts';

type ErrorBody = { code: string; message: string; fields?: Record<string, string[]> };

export function toolResult(tool: Tool, { status, body, text }: ApiAnswer): CallToolResult {
  if (status < 400) {
    return {
      content: [
        { type: 'text', text: tool.summary(body) },
        { type: 'text', text: text ?? JSON.stringify(body) },
      ],
      structuredContent: body as Record<string, unknown>,
    };
  }
  const error = (body as { error?: ErrorBody } | null)?.error ?? {
    code: 'internal',
    message: `The endpoint answered ${status} without an error body.`,
  };
  const fields = Object.entries(error.fields ?? {}).map(
    ([field, messages]) => `\n- ${field}: ${messages.join('; ')}`,
  );
  // No structured content: the client checks it against the tool's output schema, which is the success's shape.
  return {
    isError: true,
    content: [
      { type: 'text', text: `${error.code}: ${error.message}${fields.join('')}` },
      { type: 'text', text: JSON.stringify({ error }) },
    ],
  };
}
