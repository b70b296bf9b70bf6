// GET /api/v1/catalog and GET /api/v1/catalog/{id}: public; a key whose organisation has accepted the NDA also
// sees the NDA-only fields of one listing, and each such disclosure is audited before it is sent (a HEAD sends none).
import { CATALOG_QUERY_PARAMETERS, catalogQuerySchema } from '../domain/listings/catalog.ts';
import { unknownListingMessage } from '../domain/listings/closest-listing.ts';
import { LISTING_ID_PATTERN } from '../domain/listings/listing-schema.ts';
import { discloseNdaFields } from '../domain/listings/nda-disclosure.ts';
import { notFound } from '../errors.ts';
import { json, jsonText } from '../http/responses.ts';
import type { Handler } from '../http/types.ts';
import { parseQuery } from '../http/validation.ts';

export const PUBLIC_CACHE = 'public, max-age=60';

// Filtered bodies by query string: the catalogue is fixed for the life of the process, so a query answered once
// is answered the same way again, without zod or ICU. Bounded: emptied when full (valid queries are few).
const FILTERED_CACHE_LIMIT = 1000;
const filtered = new WeakMap<object, Map<string, Buffer>>();

export const listCatalog: Handler = (_request, { url, deps }) => {
  const headers = { 'Cache-Control': PUBLIC_CACHE };
  if (url.search === '') return jsonText(deps.catalog.allBytes, { headers });
  let cache = filtered.get(deps.catalog);
  if (!cache) filtered.set(deps.catalog, (cache = new Map()));
  let body = cache.get(url.search);
  if (!body) {
    const query = parseQuery(url.searchParams, catalogQuerySchema, CATALOG_QUERY_PARAMETERS);
    body = Buffer.from(JSON.stringify(deps.catalog.filter(query)));
    // Free text has no end of variants, each a body as large as the catalogue: it is answered, never kept.
    if (query.q) return jsonText(body, { headers });
    if (cache.size >= FILTERED_CACHE_LIMIT) cache.clear();
    cache.set(url.search, body);
  }
  return jsonText(body, { headers });
};

/** The fields shown only under NDA (contract §5); the sample file's location is never shown. */
export const getListing: Handler = async (request, { params, caller, now, deps }) => {
  const id = params.id!;
  const listing = LISTING_ID_PATTERN.test(id) && id.length <= 80 ? deps.catalog.publicListing(id) : undefined;
  if (!listing) {
    throw notFound(unknownListingMessage(id, deps.catalog));
  }
  const shown =
    caller && (await discloseNdaFields(deps.store, caller, deps.catalog.find(id)!, request.method, now));
  if (shown) return json({ data: { ...listing, ...shown } });
  return jsonText(deps.catalog.publicListingBytes(id)!, {
    headers: { 'Cache-Control': PUBLIC_CACHE, Vary: 'Authorization' },
  });
};
