// /legal/nda.md: the NDA's text exactly as hashed (GET /api/v1/nda's sha256 is over these bytes), so a counsel can
// check the hash a signed copy certifies: `curl …/legal/nda.md | sha256sum`.
import type { APIRoute } from 'astro';
import { builtNda } from '../../lib/legal-nda.ts';

export const GET: APIRoute = () =>
  new Response(builtNda.text, { headers: { 'content-type': 'text/markdown; charset=utf-8' } });
