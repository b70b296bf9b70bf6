import type { APIRoute } from 'astro';
import { listingEntries } from '../lib/listings.ts';
import { llmsTxt } from '../lib/llms.ts';

export const GET: APIRoute = async ({ site }) =>
  new Response(llmsTxt(await listingEntries(), site!), {
    headers: { 'Content-Type': 'text/plain; charset=utf-8' },
  });
