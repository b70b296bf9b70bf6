// POST /api/v1/catalog/{id}/fit (contract §15): public, rate limited per client IP as the catalogue is. An intended
// use against the listing's rights block: whether it fits, each refusing term in words, and the nearest use that fits.
import { unknownListingMessage } from '../domain/listings/closest-listing.ts';
import { LISTING_ID_PATTERN } from '../domain/listings/listing-schema.ts';
import { checkFit, fitSchema, intendedUseSchema } from '../domain/rights/fit.ts';
import { PURPOSES } from '../domain/rights/rights-schema.ts';
import { notFound } from '../errors.ts';
import { readJsonBody } from '../http/body.ts';
import type { Endpoint } from '../http/endpoint.ts';
import { json } from '../http/responses.ts';
import type { Handler } from '../http/types.ts';
import { parseBody } from '../http/validation.ts';
import { listingIdParameter } from './catalog.ts';

export const checkUse: Handler = async (request, { params, deps }) => {
  const id = params.id!;
  const listing = LISTING_ID_PATTERN.test(id) && id.length <= 80 ? deps.catalog.find(id) : undefined;
  if (!listing) throw notFound(unknownListingMessage(id, deps.catalog));
  const body = await readJsonBody(request, deps.config.maxBodyBytes);
  const use = parseBody(intendedUseSchema, body.value, 'intended use');
  return json({ data: checkFit(listing.rights, use) });
};

export const fitExample = {
  data: {
    fits: false,
    reasons: [
      {
        field: 'term_months',
        says: 'The licence runs 24 months (rights.term_months: 24); 36 months is longer. Closest that fits: term_months 24.',
      },
    ],
    closest: { purposes: ['training'], commercial: true, territories: ['US'], term_months: 24 },
  },
};

export const fitEndpoints: Endpoint[] = [
  {
    method: 'POST',
    path: '/api/v1/catalog/:id/fit',
    handle: checkUse,
    access: 'public',
    parameters: [listingIdParameter],
    body: {
      schema: intendedUseSchema,
      example: { purposes: ['training'], commercial: true, territories: ['US'], term_months: 36 },
    },
    operationId: 'checkFit',
    summary: 'Will my use fit this listing’s licence?',
    description: `Public, no key needed. The intended use against the listing's licence terms (its \`rights\`): purposes (${PURPOSES.join(', ')}), commercial, territories (ISO 3166-1 alpha-2 codes, country names or "worldwide") and term_months; a field left out is not checked. Each refusing term is one reason naming the term and the closest value that would fit; \`closest\` is the whole use that would. An unknown purpose is 422 naming the vocabulary.`,
    tag: 'Catalogue',
    responses: [
      { status: 200, description: 'Whether it fits, and why not', schema: fitSchema, example: fitExample },
    ],
    errors: [
      'unauthorized',
      'not_found',
      'payload_too_large',
      'unsupported_media_type',
      'invalid',
      'rate_limited',
    ],
  },
];
