import type { APIRoute } from 'astro';
import { apiDocument } from '../../api/handlers/endpoints.ts';

// Derived from the endpoints' declarations and the zod schemas that validate the API (api/http/openapi/).
export const GET: APIRoute = ({ site }) =>
  new Response(JSON.stringify(apiDocument(site!), null, 2), {
    headers: { 'Content-Type': 'application/json; charset=utf-8' },
  });
