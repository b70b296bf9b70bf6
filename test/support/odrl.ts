// Reading an ODRL offer back the way a licensee's tools would: expanded by a JSON-LD processor (the `jsonld`
// package) against the W3C ODRL context kept in test/fixtures/standards (no network), then walked by full IRIs.
import { readFileSync } from 'node:fs';
import jsonld from 'jsonld';

const ODRL = 'http://www.w3.org/ns/odrl/2/';
const CC = 'http://creativecommons.org/ns#';
const DCT = 'http://purl.org/dc/terms/';

const STORED: Record<string, string> = {
  'http://www.w3.org/ns/odrl.jsonld': 'test/fixtures/standards/odrl.jsonld',
  'https://www.w3.org/ns/odrl.jsonld': 'test/fixtures/standards/odrl.jsonld',
};

/** Serves only the contexts kept in the repository; anything else is an error, never a fetch. */
export async function documentLoader(url: string) {
  const file = STORED[url];
  if (!file) throw new Error(`no stored context for ${url}: the test does not use the network`);
  return { contextUrl: undefined, documentUrl: url, document: JSON.parse(readFileSync(file, 'utf8')) };
}

type Node = Record<string, any>;
export const expand = (document: unknown) =>
  jsonld.expand(document as any, { documentLoader: documentLoader as any }) as Promise<Node[]>;

/** Every node of an expanded document, however deeply nested (Croissant holds the offer in usageInfo). */
export function nodes(value: unknown): Node[] {
  if (Array.isArray(value)) return value.flatMap(nodes);
  if (value && typeof value === 'object') return [value as Node, ...Object.values(value).flatMap(nodes)];
  return [];
}

const id = (values: Node[] | undefined) => values?.[0]?.['@id'] as string | undefined;

/** The terms an expanded ODRL Offer says, in the rights block's own words. */
export function readOffer(expanded: unknown, dataset: string) {
  const offer = nodes(expanded).find((node) => node['@type']?.includes(`${ODRL}Offer`));
  if (!offer) throw new Error('no odrl:Offer in the document');
  const rules = (key: string): Node[] => offer[`${ODRL}${key}`] ?? [];
  const is = (rule: Node, action: string, target: string) =>
    id(rule[`${ODRL}action`]) === action && id(rule[`${ODRL}target`]) === target;
  const derived = `${dataset}#derived-models`;
  const use = rules('permission').find((rule) => is(rule, `${ODRL}use`, dataset));
  if (!use) throw new Error('no permission to use the dataset');
  const constraint = (left: string) =>
    (use[`${ODRL}constraint`] as Node[]).find((c) => id(c[`${ODRL}leftOperand`]) === `${ODRL}${left}`);
  const purpose = constraint('purpose');
  const spatial = constraint('spatial');
  const elapsed = constraint('elapsedTime');
  const commercialPermitted = rules('permission').some((r) => is(r, `${CC}CommercialUse`, dataset));
  const commercialProhibited = rules('prohibition').some((r) => is(r, `${CC}CommercialUse`, dataset));
  const derivedPermitted = rules('permission').some((r) => is(r, `${ODRL}distribute`, derived));
  const derivedProhibited = rules('prohibition').some((r) => is(r, `${ODRL}distribute`, derived));
  const duo = (offer[`${DCT}accessRights`] as Node[] | undefined)?.map((v) =>
    String(v['@id']).replace('http://purl.obolibrary.org/obo/DUO_', 'DUO:'),
  );
  return {
    purposes: (purpose?.[`${ODRL}rightOperand`] as Node[]).map((v) => String(v['@id']).split('#use-')[1]),
    purposeOperator: id(purpose?.[`${ODRL}operator`]),
    commercial:
      commercialPermitted && !commercialProhibited ? true : commercialProhibited ? false : undefined,
    territory: spatial ? (spatial[`${ODRL}rightOperand`] as Node[]).map((v) => v['@value']) : ['worldwide'],
    territoryType: spatial?.[`${ODRL}rightOperand`]?.[0]?.['@type'],
    termMonths: Number(/^P(\d+)M$/.exec(elapsed?.[`${ODRL}rightOperand`]?.[0]?.['@value'])?.[1]),
    termOperator: id(elapsed?.[`${ODRL}operator`]),
    dataRedistributed: !rules('prohibition').some((r) => is(r, `${ODRL}distribute`, dataset)),
    redistribution:
      derivedPermitted && !derivedProhibited ? 'derived_models_only' : derivedProhibited ? 'none' : undefined,
    ...(duo ? { duo } : {}),
  };
}
