// GET /api/v1/catalog and GET /api/v1/catalog/{id}: public, the listing projection chosen by the caller.
import { CATALOG_QUERY_PARAMETERS, catalogQuerySchema } from '../catalog.ts';
import { notFound } from '../errors.ts';
import { json, jsonText } from '../http.ts';
import { LISTING_ID_PATTERN } from '../listing-schema.ts';
import { parseQuery } from '../validation.ts';
import type { Handler } from '../app.ts';

export const PUBLIC_CACHE = 'public, max-age=60';

export const listCatalog: Handler = (_request, { url, deps }) => {
  if (url.search === '' || url.search === '?') {
    return jsonText(deps.catalog.allJson, { headers: { 'Cache-Control': PUBLIC_CACHE } });
  }
  const query = parseQuery(url.searchParams, catalogQuerySchema, CATALOG_QUERY_PARAMETERS);
  return json(deps.catalog.filter(query), { headers: { 'Cache-Control': PUBLIC_CACHE } });
};

export const getListing: Handler = (_request, { params, deps }) => {
  const id = params.id!;
  const listing = LISTING_ID_PATTERN.test(id) && id.length <= 80 ? deps.catalog.publicListing(id) : undefined;
  if (!listing) {
    throw notFound(`No listing has the id "${id.slice(0, 80)}". GET /api/v1/catalog lists every listing id.`);
  }
  return json({ data: listing }, { headers: { 'Cache-Control': PUBLIC_CACHE, Vary: 'Authorization' } });
};
