import type { APIRoute } from 'astro';
import { agentGuideMarkdown } from '../../lib/agent-guide.ts';

export const GET: APIRoute = ({ site }) =>
  new Response(agentGuideMarkdown(site!), {
    headers: { 'Content-Type': 'text/markdown; charset=utf-8' },
  });
