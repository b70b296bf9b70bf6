// A rights block as a W3C ODRL 2.2 Offer (JSON-LD), served at /catalog/<id>/rights.jsonld and embedded as the
// Croissant's usageInfo. It says exactly what the block says, no more: each term becomes one permission,
// prohibition or constraint, and test/build/rights-documents.test.ts expands it and reads the block back.
import type { Rights } from './rights-schema.ts';

export const ODRL_CONTEXT_URL = 'http://www.w3.org/ns/odrl.jsonld';

/** Beside ODRL's own context: Creative Commons (cc:CommercialUse replaces ODRL's deprecated commercialize). */
const LOCAL_CONTEXT = {
  cc: 'http://creativecommons.org/ns#',
  dct: 'http://purl.org/dc/terms/',
  xsd: 'http://www.w3.org/2001/XMLSchema#',
};

/** The IRI a permitted use is known by: an anchor on the licensing page, which explains each use. */
export const purposeIri = (site: URL, purpose: string) => new URL(`/licensing/#use-${purpose}`, site).href;
/** DUO codes as the OBO Foundry publishes them: DUO:0000006 → http://purl.obolibrary.org/obo/DUO_0000006. */
export const duoIri = (code: string) => `http://purl.obolibrary.org/obo/${code.replace(':', '_')}`;
/** Models trained on the data: the asset a derived_models_only licence lets the licensee distribute. */
export const derivedModelsIri = (dataset: string) => `${dataset}#derived-models`;

export function odrlOffer(id: string, rights: Rights, site: URL): Record<string, unknown> {
  const dataset = new URL(`/catalog/${id}/`, site).href;
  const assigner = new URL('/about/', site).href;
  const derived = derivedModelsIri(dataset);
  // The licence's reach and length, on every permission it grants.
  const where = rights.territory.includes('worldwide')
    ? []
    : [
        {
          leftOperand: 'spatial',
          operator: 'isAnyOf',
          rightOperand: rights.territory.map((code) => ({ '@value': code, '@type': 'dct:ISO3166' })),
        },
      ];
  const term = {
    leftOperand: 'elapsedTime',
    operator: 'lteq',
    rightOperand: { '@value': `P${rights.term_months}M`, '@type': 'xsd:duration' },
  };
  const limits = [...where, term];
  const permission: Record<string, unknown>[] = [
    {
      target: dataset,
      action: 'use',
      constraint: [
        {
          leftOperand: 'purpose',
          operator: 'isAnyOf',
          rightOperand: rights.purposes.map((purpose) => ({ '@id': purposeIri(site, purpose) })),
        },
        ...limits,
      ],
    },
  ];
  const prohibition: Record<string, unknown>[] = [{ target: dataset, action: 'distribute' }];
  if (rights.commercial) permission.push({ target: dataset, action: 'cc:CommercialUse', constraint: limits });
  else prohibition.push({ target: dataset, action: 'cc:CommercialUse' });
  if (rights.redistribution === 'derived_models_only') {
    permission.push({ target: derived, action: 'distribute' });
  } else prohibition.push({ target: derived, action: 'distribute' });
  return {
    '@context': [ODRL_CONTEXT_URL, LOCAL_CONTEXT],
    '@type': 'Offer',
    uid: new URL(`/catalog/${id}/rights.jsonld`, site).href,
    assigner,
    'dct:source': { '@id': dataset },
    ...(rights.duo?.length
      ? { 'dct:accessRights': rights.duo.map((code) => ({ '@id': duoIri(code) })) }
      : {}),
    permission: permission.map((rule) => ({ assigner, ...rule })),
    prohibition: prohibition.map((rule) => ({ assigner, ...rule })),
  };
}
