import type { APIRoute } from 'astro';
import { catalogBody } from '../../api/domain/listings/catalog.ts';
import { allListings } from '../lib/listings.ts';

// The same objects, in the same order, as GET /api/v1/catalog (both come from catalogBody).
export const GET: APIRoute = async () =>
  new Response(JSON.stringify(catalogBody(await allListings())), {
    headers: { 'Content-Type': 'application/json; charset=utf-8' },
  });
