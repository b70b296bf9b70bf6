import type { APIRoute } from 'astro';
import { openApiDocument } from '../../api/http/openapi.ts';

// Generated from the zod schemas that validate the API (api/http/openapi.ts).
export const GET: APIRoute = ({ site }) =>
  new Response(JSON.stringify(openApiDocument(site!), null, 2), {
    headers: { 'Content-Type': 'application/json; charset=utf-8' },
  });
