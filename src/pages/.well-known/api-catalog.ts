import type { APIRoute } from 'astro';
import { API_CATALOG_TYPE, apiCatalog } from '../../../api/http/api-catalog.ts';

// RFC 9727: where agents and tools discover the APIs (api/http/api-catalog.ts).
export const GET: APIRoute = ({ site }) =>
  new Response(JSON.stringify(apiCatalog(site!), null, 2), { headers: { 'Content-Type': API_CATALOG_TYPE } });
