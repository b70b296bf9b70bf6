// A listing as an SPDX 3.0.1 document with the Dataset profile (JSON-LD), served at /catalog/<id>/spdx.json: what
// a lab's SBOM / AI-BOM tooling reads for each dataset it trained on. Public fields only; the licence is a
// LicenseRef whose terms are the listing's ODRL offer. test/build/rights-documents.test.ts validates it against
// SPDX 3.0.1's published JSON schema.
import type { ListingWithoutNda } from '../listings/listing-schema.ts';
import { rightsSentence } from './rights-words.ts';

const SPDX_CONTEXT = 'https://spdx.org/rdf/3.0.1/spdx-context.jsonld';

/** "LicenseRef-dss-us-auto-insurance-claims-calls": SPDX's form for a licence outside its list. */
export const licenseRef = (id: string) => `LicenseRef-dss-${id}`;

export function spdxDocument(
  listing: ListingWithoutNda,
  description: string,
  site: URL,
): Record<string, unknown> {
  const at = (path: string) => new URL(path, site).href;
  const page = at(`/catalog/${listing.id}/`);
  const base = at(`/catalog/${listing.id}/spdx.json`);
  const creationInfo = '_:creation';
  const publisher = at('/about/#organization');
  const dataset = `${base}#dataset`;
  const licence = `${base}#licence`;
  const created = `${listing.updated}T00:00:00Z`;
  const audio = listing.vertical === 'conversational_audio';
  const elements = [
    {
      type: 'Organization',
      spdxId: publisher,
      creationInfo,
      name: 'Data Sourcing Service',
    },
    {
      type: 'dataset_DatasetPackage',
      spdxId: dataset,
      creationInfo,
      name: listing.title,
      summary: `${listing.size_band}, ${listing.years_covered}, ${listing.geography}`,
      description,
      software_primaryPurpose: 'data',
      software_downloadLocation: page,
      software_homePage: page,
      software_packageVersion: listing.updated,
      releaseTime: created,
      suppliedBy: publisher,
      originatedBy: [publisher],
      dataset_datasetType: [audio ? 'audio' : 'image'],
      dataset_dataCollectionProcess: listing.data_card.collection,
      dataset_intendedUse: rightsSentence(listing.rights),
      dataset_knownBias: listing.data_card.limitations,
      dataset_hasSensitivePersonalInformation: 'yes',
      dataset_anonymizationMethodUsed: [listing.data_card.consent],
      // Shared only under licence, after the NDA: neither public nor a click-through.
      dataset_datasetAvailability: 'registration',
      dataset_confidentialityLevel: 'amber',
    },
    {
      type: 'simplelicensing_LicenseExpression',
      spdxId: licence,
      creationInfo,
      simplelicensing_licenseExpression: licenseRef(listing.id),
      simplelicensing_customIdToUri: [
        {
          type: 'DictionaryEntry',
          key: licenseRef(listing.id),
          value: at(`/catalog/${listing.id}/rights.jsonld`),
        },
      ],
    },
    {
      type: 'Relationship',
      spdxId: `${base}#declared-licence`,
      creationInfo,
      from: dataset,
      relationshipType: 'hasDeclaredLicense',
      to: [licence],
    },
  ];
  return {
    '@context': SPDX_CONTEXT,
    '@graph': [
      {
        type: 'CreationInfo',
        '@id': creationInfo,
        specVersion: '3.0.1',
        created,
        createdBy: [publisher],
      },
      ...elements,
      {
        type: 'SpdxDocument',
        spdxId: `${base}#document`,
        creationInfo,
        name: `SPDX 3.0.1 Dataset description of ${listing.title}`,
        profileConformance: ['core', 'software', 'dataset', 'simpleLicensing'],
        rootElement: [dataset],
        element: elements.map((element) => element.spdxId),
      },
    ],
  };
}
