// GET /api/v1/catalog and GET /api/v1/catalog/{id}: public; a key whose organisation has accepted the NDA also
// sees the NDA-only fields of one listing, and each such disclosure is audited before it is sent (a HEAD sends none).
import { z } from 'zod';
import { CATALOG_QUERY_PARAMETERS, catalogQuerySchema } from '../domain/listings/catalog.ts';
import { unknownListingMessage } from '../domain/listings/closest-listing.ts';
import { LISTING_ID_PATTERN, ndaSchema, publicListingSchema } from '../domain/listings/listing-schema.ts';
import { discloseNdaFields } from '../domain/listings/nda-disclosure.ts';
import { notFound } from '../errors.ts';
import { json, jsonText } from '../http/responses.ts';
import type { Endpoint } from '../http/endpoint.ts';
import { pathId } from '../http/openapi/parameters.ts';
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

// The endpoints above, declared once: the route table and /openapi.json are read from these (endpoints.ts).
export const catalogListSchema = z
  .object({
    data: z.array(publicListingSchema),
    count: z.int().min(0),
    nearest: z
      .array(z.object({ id: z.string(), title: z.string() }))
      .optional()
      .describe('Only when nothing matches: up to three listings nearest to the query, best first'),
  })
  .meta({ id: 'CatalogList' });

/** The fields shown only under NDA (contract §5): the listing file's `nda:` block without the sample's location. */
export const ndaFieldsSchema = ndaSchema.omit({ sample_file: true }).meta({ id: 'NdaFields' });

export const listingResponseSchema = z
  .object({
    data: publicListingSchema
      .extend(ndaFieldsSchema.partial().shape)
      .describe(
        'The public fields; with a key whose organisation has accepted the NDA, also the NDA-only fields',
      ),
  })
  .meta({ id: 'ListingResponse' });

export const listingIdParameter = pathId(
  'Listing identifier (lowercase letters, digits and -)',
  'us-auto-insurance-claims-calls',
  { type: 'string', pattern: '^[a-z0-9]+(?:-[a-z0-9]+)*$', maxLength: 80 },
);

export const catalogEndpoints: Endpoint[] = [
  {
    method: 'GET',
    path: '/api/v1/catalog',
    handle: listCatalog,
    access: 'public',
    query: catalogQuerySchema,
    operationId: 'listCatalog',
    summary: 'List listings',
    description:
      "Public. Every listing's public fields, in a stable order (by id, or as `sort` asks). Filters combine (a listing must pass each); a filter's comma-separated values are alternatives (`geography=Germany,Austria`). Terms are read in any case and spacing (`status=LISTED`, `vertical=Medical imaging`); `vertical` takes one value. An unknown value is 422 `invalid`, and error.fields names the closest known one, or says what to send when none is near. Unfiltered, the same body is served statically at /catalog.json.",
    tag: 'Catalogue',
    responses: [
      {
        status: 200,
        description: 'The listings',
        schema: catalogListSchema,
        headers: { 'Cache-Control': PUBLIC_CACHE },
      },
    ],
    errors: ['unauthorized', 'invalid', 'rate_limited'],
  },
  {
    method: 'GET',
    path: '/api/v1/catalog/:id',
    handle: getListing,
    access: 'public',
    parameters: [listingIdParameter],
    operationId: 'getListing',
    summary: 'One listing',
    description:
      'Public fields for anyone. With a key whose organisation has accepted the NDA, also owner, deidentification_report and composition (each such disclosure is audited).',
    tag: 'Catalogue',
    responses: [{ status: 200, description: 'The listing', schema: listingResponseSchema }],
    // unavailable: a disclosure is audited before it is sent, and the audit needs a write.
    errors: ['unauthorized', 'not_found', 'rate_limited', 'unavailable'],
  },
];
