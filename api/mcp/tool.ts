// What an MCP tool is (contract §12): an endpoint of /api/v1 with its schemas, how it calls it, and a line a model
// reads from the answer. The tools themselves: tools.ts, thread-tools.ts.
import type { ToolAnnotations } from '@modelcontextprotocol/sdk/types.js';
import type { z } from 'zod';
import type { Args } from './arguments.ts';
import type { ApiAnswer, Door } from './door.ts';

export type Tool = {
  name: string;
  title: string;
  /** When to use it, in a sentence or two: what a model reads to choose. */
  description: string;
  /** Needs an API key (the endpoint answers 401 without one). */
  keyed: boolean;
  /** The endpoint it calls, for the guides; null for a tool that answers by itself (get_nda). */
  endpoint: string | null;
  input: z.ZodType;
  output: z.ZodType;
  annotations: ToolAnnotations;
  run(args: Args, door: Door): Promise<ApiAnswer>;
  /** A line a model can read, from the endpoint's successful answer. */
  summary(body: unknown): string;
};

/** A tool whose summary reads the endpoint's answer as the output schema types it. */
export function tool<O extends z.ZodType>(
  definition: Omit<Tool, 'output' | 'summary'> & { output: O; summary(body: z.output<O>): string },
): Tool {
  return definition as Tool;
}

export const READ: ToolAnnotations = { readOnlyHint: true, openWorldHint: false };
