// Structured data for crawlers: schema.org Dataset and DataCatalog (for Google Dataset Search) and MLCommons
// Croissant. Public fields only: the publisher is the service, never the owner under NDA.
import {
  FIELD_TYPES,
  type DataCard,
  type ListingWithoutNda,
} from '../../api/domain/listings/listing-schema.ts';
import { geographyCountries } from '../../api/domain/countries.ts';
import { languageCode } from '../../api/domain/languages.ts';
import {
  DATA_TYPE_LABELS,
  VERTICAL_LABELS,
  domainLabel,
  listingSummary,
} from '../../api/domain/listings/listing-format.ts';
import { pricingOffer } from '../../api/domain/listings/pricing.ts';
import { sampleOffer } from '../../api/domain/listings/sample-offer.ts';
import { odrlOffer } from '../../api/domain/rights/odrl.ts';
import { rightsSentence } from '../../api/domain/rights/rights-words.ts';
import { sampleFileObjects, type SampleFiles } from './croissant-samples.ts';

const PUBLISHER = { '@type': 'Organization', name: 'Data Sourcing Service' };

/** Licensed, and what the listing's page says of a sample: how to ask for one, or its outlook when there is none. */
function conditionsOfAccess(listing: ListingWithoutNda, site: URL): string {
  const offer = sampleOffer(listing);
  if (!offer.offered) return `Licensed. Sample: ${offer.outlook}`;
  const request = new URL(`/api/v1/samples/${listing.id}`, site).href;
  return `Licensed. A de-identified sample is sent as an expiring link once your organisation has accepted the NDA: POST ${request} with Authorization: Bearer <API_KEY>.`;
}

/** The description crawlers show: the summary line and the public text, within schema.org's 50–5,000 characters. */
export function plainDescription(listing: ListingWithoutNda, body: string): string {
  const text = body
    .replace(/^#+\s+/gm, '')
    .replace(/[*_`>]/g, '')
    .replace(/\[([^\]]+)\]\([^)]*\)/g, '$1')
    .replace(/\s+/g, ' ')
    .trim();
  const description = `${listingSummary(listing)}. ${text}`;
  return description.length > 5000 ? `${description.slice(0, 4997)}...` : description;
}

function years(listing: ListingWithoutNda): string {
  const [from, to] = listing.years_covered.split(/\s*[–-]\s*/);
  return to ? `${from}/${to}` : from!;
}

/** The first and last day of the years covered: RAI's dataCollectionTimeframe is DateTime values, start and end. */
function timeframe(listing: ListingWithoutNda): [string, string] {
  const [from, to = from] = listing.years_covered.split(/\s*[–-]\s*/);
  return [`${from}-01-01`, `${to}-12-31`];
}

// One schema.org Country per country of the geography: a single Place named "France, Belgium" is no place at all.
const places = (listing: ListingWithoutNda) =>
  geographyCountries(listing.geography).map((name) => ({ '@type': 'Country', name }));

const keywords = (listing: ListingWithoutNda) => [
  VERTICAL_LABELS[listing.vertical],
  DATA_TYPE_LABELS[listing.data_type],
  domainLabel(listing.domain),
  ...(listing.languages ?? []),
  ...(listing.modality?.split(',').map((code) => code.trim()) ?? []),
];

export function datasetJsonLd(listing: ListingWithoutNda, body: string, site: URL): Record<string, unknown> {
  const url = new URL(`/catalog/${listing.id}/`, site).href;
  return {
    '@context': 'https://schema.org',
    '@type': 'Dataset',
    name: listing.title,
    description: plainDescription(listing, body),
    identifier: listing.id,
    url,
    keywords: keywords(listing),
    temporalCoverage: years(listing),
    spatialCoverage: places(listing),
    // The data card's fields, as Google Dataset Search reads them.
    variableMeasured: listing.data_card.fields.map((field) => ({
      '@type': 'PropertyValue',
      name: field.name,
      description: field.description,
    })),
    measurementTechnique: listing.data_card.annotation.method,
    encodingFormat: listing.data_card.formats,
    ...(listing.languages ? { inLanguage: listing.languages.map((name) => languageCode(name) ?? name) } : {}),
    isAccessibleForFree: false,
    ...(listing.pricing ? { offers: pricingOffer(listing.pricing, url) } : {}),
    conditionsOfAccess: conditionsOfAccess(listing, site),
    // The same licence as the Croissant file: Google Dataset Search shows it, and a buyer's tools compare the two.
    license: new URL('/licensing/', site).href,
    // The listing's own terms, machine-readable (an ODRL offer).
    usageInfo: new URL(`/catalog/${listing.id}/rights.jsonld`, site).href,
    creator: PUBLISHER,
    publisher: PUBLISHER,
    dateModified: listing.updated,
    includedInDataCatalog: {
      '@type': 'DataCatalog',
      name: 'Data Sourcing Service catalogue',
      url: new URL('/catalog/', site).href,
    },
    subjectOf: {
      '@type': 'DigitalDocument',
      encodingFormat: 'application/ld+json',
      url: new URL(`/catalog/${listing.id}/croissant.json`, site).href,
    },
  };
}

export function dataCatalogJsonLd(
  listings: readonly ListingWithoutNda[],
  site: URL,
): Record<string, unknown> {
  return {
    '@context': 'https://schema.org',
    '@type': 'DataCatalog',
    name: 'Data Sourcing Service catalogue',
    description: 'Licensable AI training datasets: conversational audio and medical imaging.',
    url: new URL('/catalog/', site).href,
    publisher: PUBLISHER,
    // Google's Dataset docs require a name and a description of every Dataset, nested ones too.
    dataset: listings.map((listing) => ({
      '@type': 'Dataset',
      name: listing.title,
      description: listingSummary(listing),
      identifier: listing.id,
      url: new URL(`/catalog/${listing.id}/`, site).href,
    })),
  };
}

// https://docs.mlcommons.org/croissant/docs/croissant-spec.html: the metadata layer (the data files are shared only
// under NDA, so the one file listed is the listing's public Markdown); how to ask for a sample, where there is one,
// is in conditionsOfAccess, since a POST is no file.
const CROISSANT_CONTEXT = {
  '@language': 'en',
  '@vocab': 'https://schema.org/',
  citeAs: 'cr:citeAs',
  column: 'cr:column',
  conformsTo: 'dct:conformsTo',
  cr: 'http://mlcommons.org/croissant/',
  data: { '@id': 'cr:data', '@type': '@json' },
  dataType: { '@id': 'cr:dataType', '@type': '@vocab' },
  dct: 'http://purl.org/dc/terms/',
  examples: { '@id': 'cr:examples', '@type': '@json' },
  extract: 'cr:extract',
  field: 'cr:field',
  fileProperty: 'cr:fileProperty',
  fileObject: 'cr:fileObject',
  fileSet: 'cr:fileSet',
  format: 'cr:format',
  includes: 'cr:includes',
  isLiveDataset: 'cr:isLiveDataset',
  jsonPath: 'cr:jsonPath',
  key: 'cr:key',
  md5: 'cr:md5',
  parentField: 'cr:parentField',
  rai: 'http://mlcommons.org/croissant/RAI/',
  path: 'cr:path',
  recordSet: 'cr:recordSet',
  references: 'cr:references',
  regex: 'cr:regex',
  repeated: 'cr:repeated',
  replace: 'cr:replace',
  sc: 'https://schema.org/',
  separator: 'cr:separator',
  source: 'cr:source',
  subField: 'cr:subField',
  transform: 'cr:transform',
};

/** One RecordSet: what one record is and its fields (no `source`: the files themselves are shared under NDA). */
function recordSet(card: DataCard) {
  return [
    {
      '@type': 'cr:RecordSet',
      '@id': 'records',
      name: 'records',
      description: card.record,
      field: card.fields.map((field) => ({
        '@type': 'cr:Field',
        '@id': `records/${field.name}`,
        name: field.name,
        description: field.description,
        dataType: FIELD_TYPES[field.type],
      })),
    },
  ];
}

// The Croissant RAI 1.0 properties (http://mlcommons.org/croissant/RAI/1.0) the data card answers.
function responsibleAi(listing: ListingWithoutNda, card: DataCard) {
  const quality = card.quality.map((q) => `${q.measure}: ${q.value}.`).join(' ');
  return {
    'rai:dataCollection': card.collection,
    'rai:dataCollectionTimeframe': timeframe(listing),
    'rai:dataAnnotationProtocol': card.annotation.method,
    'rai:dataAnnotationAnalysis': [card.annotation.checked, quality].filter(Boolean).join(' '),
    'rai:dataLimitations': card.limitations.join(' '),
    // What the licence permits the data to be used for (the rights block), in words.
    'rai:dataUseCases': rightsSentence(listing.rights),
    // Half the consent texts already end "de-identified before listing": add only the report, as the page does.
    'rai:personalSensitiveInformation': `${card.consent} The de-identification report is shared under NDA.`,
    'rai:dataReleaseMaintenancePlan': `Last updated ${listing.updated}. The listing page shows its current status; a delivery is versioned and its manifest lists every file with a checksum.`,
  };
}

/**
 * `markdownSha256`: the SHA-256 of the exact bytes of /catalog/<id>.md. Croissant requires a checksum of every file
 * of a dataset that is not live (mlcroissant: md5 or sha256 on each FileObject); `sample`, where the listing has
 * one, adds the sample zip and each file its manifest lists.
 */
export function croissant(
  listing: ListingWithoutNda,
  body: string,
  site: URL,
  markdownSha256: string,
  sample?: SampleFiles,
): Record<string, unknown> {
  return {
    '@context': CROISSANT_CONTEXT,
    '@type': 'sc:Dataset',
    conformsTo: ['http://mlcommons.org/croissant/1.1', 'http://mlcommons.org/croissant/RAI/1.0'],
    name: listing.id,
    alternateName: listing.title,
    description: plainDescription(listing, body),
    url: new URL(`/catalog/${listing.id}/`, site).href,
    // The standard licence terms; /access/ is a form for asking for an account, not a licence.
    license: new URL('/licensing/', site).href,
    // The listing's own terms, as the ODRL offer at rights.jsonld (its own context, nested).
    usageInfo: odrlOffer(listing.id, listing.rights, site),
    creator: PUBLISHER,
    publisher: PUBLISHER,
    // Croissant requires datePublished. A listing records one date, its last update, which is when this
    // version of it was published; an earlier first publication is not recorded, so none is claimed.
    datePublished: listing.updated,
    dateModified: listing.updated,
    version: '1.0.0',
    keywords: keywords(listing),
    isAccessibleForFree: false,
    conditionsOfAccess: conditionsOfAccess(listing, site),
    temporalCoverage: years(listing),
    spatialCoverage: places(listing),
    ...(listing.languages ? { inLanguage: listing.languages.map((name) => languageCode(name) ?? name) } : {}),
    isLiveDataset: false,
    ...responsibleAi(listing, listing.data_card),
    recordSet: recordSet(listing.data_card),
    citeAs: `Data Sourcing Service. ${listing.title}. ${new URL(`/catalog/${listing.id}/`, site).href}`,
    // A file the build writes, so its checksum is known; the API's JSON is no file with fixed bytes (an NDA key sees
    // more), so it is named in the description instead.
    distribution: [
      {
        '@type': 'cr:FileObject',
        '@id': 'listing-markdown',
        name: `${listing.id}.md`,
        description: `This listing as Markdown: its public fields, description and data card. The public fields as JSON: GET ${new URL(`/api/v1/catalog/${listing.id}`, site).href}`,
        contentUrl: new URL(`/catalog/${listing.id}.md`, site).href,
        encodingFormat: 'text/markdown',
        sha256: markdownSha256,
      },
      ...(sample ? sampleFileObjects(listing.id, sample, site) : []),
    ],
  };
}
