// schema.org Dataset JSON-LD for a listing page (https://schema.org/Dataset): public fields only.
import type { Listing } from '../../api/listing-schema.ts';
import { languageCode } from '../../api/languages.ts';
import { listingSummary } from './format.ts';

const PUBLISHER = { '@type': 'Organization', name: 'Data Sourcing Service' };

export function datasetJsonLd(listing: Listing, body: string, site: URL): Record<string, unknown> {
  const url = new URL(`/catalog/${listing.id}/`, site).href;
  const description = `${listingSummary(listing)}. ${body
    .replace(/[#*_`>]/g, '')
    .replace(/\s+/g, ' ')
    .trim()}`;
  const [from, to] = listing.years_covered.split(/\s*[–-]\s*/);
  return {
    '@context': 'https://schema.org',
    '@type': 'Dataset',
    name: listing.title,
    description: description.slice(0, 5000),
    identifier: listing.id,
    url,
    keywords: [listing.vertical, listing.data_type, listing.domain, ...(listing.languages ?? [])],
    temporalCoverage: to ? `${from}/${to}` : from,
    spatialCoverage: listing.geography,
    ...(listing.languages ? { inLanguage: listing.languages.map((name) => languageCode(name) ?? name) } : {}),
    isAccessibleForFree: false,
    conditionsOfAccess: 'Licensed. Samples require an API key and an accepted NDA.',
    creator: PUBLISHER,
    publisher: PUBLISHER,
    includedInDataCatalog: {
      '@type': 'DataCatalog',
      name: 'Data Sourcing Service catalogue',
      url: new URL('/catalog/', site).href,
    },
  };
}
