import type { APIRoute } from 'astro';
import { catalogFacets, facetCss } from '../../lib/facets.ts';
import { allListings } from '../../lib/listings.ts';

// Generated from the catalogue's own facet values, served as a file so no inline style is needed.
export const GET: APIRoute = async () =>
  new Response(facetCss(catalogFacets(await allListings())) + '\n', {
    headers: { 'Content-Type': 'text/css; charset=utf-8' },
  });
