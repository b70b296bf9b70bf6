// A listing's licence terms as data (issue 43, contract §15): the `rights:` block of a listing file. It is public;
// the page, the .md, llms-full.txt, the API, the ODRL offer, Croissant's usageInfo and the fit check all read it.
import { z } from 'zod';
import { countryName } from '../countries.ts';
import { vocabularyTerm } from '../vocabulary-term.ts';

/** What a licensee may do with the data: the fit check and ODRL's `purpose` use the same words. */
export const PURPOSES = ['training', 'evaluation', 'fine_tuning', 'benchmark_publication'] as const;
export type Purpose = (typeof PURPOSES)[number];
export const REDISTRIBUTION = ['none', 'derived_models_only'] as const;
export const EXCLUSIVITY_OFFER = ['available', 'not_available'] as const;

/**
 * GA4GH Data Use Ontology (DUO) terms a medical imaging listing may carry, with the codes' own labels
 * (http://purl.obolibrary.org/obo/DUO_0000042 …). Only terms a licence of this kind can say are listed.
 */
export const DUO_TERMS = {
  'DUO:0000004': 'no restriction',
  'DUO:0000042': 'general research use',
  'DUO:0000006': 'health or medical or biomedical research',
  'DUO:0000007': 'disease specific research',
  'DUO:0000043': 'clinical care use',
  'DUO:0000044': 'population origins or ancestry research prohibited',
  'DUO:0000046': 'non-commercial use only',
  'DUO:0000045': 'not-for-profit organisation use only',
  'DUO:0000018': 'not-for-profit, non-commercial use only',
  'DUO:0000019': 'publication required',
  'DUO:0000024': 'publication moratorium',
  'DUO:0000020': 'collaboration required',
  'DUO:0000021': 'ethics approval required',
  'DUO:0000022': 'geographical restriction',
  'DUO:0000025': 'time limit on use',
  'DUO:0000026': 'user specific restriction',
  'DUO:0000028': 'institution specific restriction',
  'DUO:0000029': 'return to database or resource',
} as const;
export type DuoCode = keyof typeof DUO_TERMS;
const DUO_CODES = Object.keys(DUO_TERMS) as [DuoCode, ...DuoCode[]];
/** The DUO codes that say "no commercial use": present exactly when `commercial` is false. */
export const NON_COMMERCIAL_DUO: readonly DuoCode[] = ['DUO:0000046', 'DUO:0000018'];
export const GEOGRAPHY_DUO: DuoCode = 'DUO:0000022';
export const TIME_LIMIT_DUO: DuoCode = 'DUO:0000025';

/** "DE", "de", "Germany" → "DE": an ISO 3166-1 alpha-2 code, as ODRL's spatial and the fit check compare them. */
export function territoryCode(value: string): string | undefined {
  const name = countryName(value);
  if (!name) return undefined;
  if (/^[a-z]{2}$/i.test(value.trim())) return canonicalRegion(value.trim().toUpperCase());
  return codeByName().get(name);
}

/** A retired code as its successor ("DD" → "DE"), as CLDR's aliases say. */
const canonicalRegion = (code: string) => Intl.getCanonicalLocales(`und-${code}`)[0]!.split('-')[1] ?? code;

let byName: Map<string, string> | undefined;
function codeByName(): Map<string, string> {
  if (byName) return byName;
  byName = new Map();
  for (let a = 65; a <= 90; a++) {
    for (let b = 65; b <= 90; b++) {
      const code = String.fromCharCode(a, b);
      const name = countryName(code);
      if (name && canonicalRegion(code) === code && !byName.has(name)) byName.set(name, code);
    }
  }
  return byName;
}

/** One territory: `worldwide`, or a country as an ISO 3166-1 alpha-2 code or its English name. */
export const territory = z
  .string({ error: 'must be "worldwide" or an ISO 3166-1 alpha-2 country code such as "DE"' })
  .max(60, { error: 'must be "worldwide" or an ISO 3166-1 alpha-2 country code such as "DE"' })
  .transform((value, ctx) => {
    if (value.trim().toLowerCase() === 'worldwide') return 'worldwide';
    const code = territoryCode(value);
    if (code) return code;
    ctx.addIssue({
      code: 'custom',
      message: `"${value.slice(0, 60)}" is not a country we know; give "worldwide" or an ISO 3166-1 alpha-2 code such as "DE", "US" or "GB"`,
    });
    return z.NEVER;
  });

const TERRITORY_NOTE =
  '["worldwide"], or the ISO 3166-1 alpha-2 codes of the countries where the data may be used';

export const rightsSchema = z
  .strictObject({
    purposes: z
      .array(vocabularyTerm(PURPOSES, 'a permitted use'))
      .min(1, { error: `name at least one permitted use: ${PURPOSES.join(', ')}` })
      .refine((items) => new Set(items).size === items.length, { error: 'names a use twice' })
      .describe(`What the licensee may use the data for: ${PURPOSES.join(', ')}`),
    commercial: z
      .boolean({ error: 'must be true (commercial use allowed) or false' })
      .describe('Whether commercial use (a product or a model sold or served for money) is allowed'),
    territory: z
      .array(territory)
      .min(1, { error: `must name ${TERRITORY_NOTE}` })
      .refine((items) => new Set(items).size === items.length, { error: 'names a territory twice' })
      .refine((items) => !items.includes('worldwide') || items.length === 1, {
        error: '"worldwide" stands alone: leave out the country codes',
      })
      .describe(`Where the data may be used: ${TERRITORY_NOTE}`),
    term_months: z
      .int({ error: 'must be a whole number of months, e.g. 24' })
      .min(1, { error: 'must be at least 1 month' })
      .max(120, { error: 'must be at most 120 months (10 years)' })
      .describe('How long the licence runs, in months from signature'),
    exclusivity: z
      .enum(EXCLUSIVITY_OFFER, { error: `must be one of ${EXCLUSIVITY_OFFER.join(', ')}` })
      .describe('Whether the owner will grant an exclusive licence (the same as exclusivity_available)'),
    redistribution: z
      .enum(REDISTRIBUTION, { error: `must be one of ${REDISTRIBUTION.join(', ')}` })
      .describe(
        'none: neither the data nor models trained on it may be passed on; derived_models_only: models trained on it may be distributed, the data may not',
      ),
    duo: z
      .array(z.enum(DUO_CODES, { error: `must be a GA4GH DUO code: ${DUO_CODES.join(', ')}` }))
      .refine((items) => new Set(items).size === items.length, { error: 'names a DUO code twice' })
      .optional()
      .describe('Medical imaging only: the GA4GH Data Use Ontology codes that apply, e.g. DUO:0000006'),
  })
  .describe("The licence's terms as data: public, the same as the ODRL offer at /catalog/{id}/rights.jsonld");
export type Rights = z.output<typeof rightsSchema>;

/** The block as the API and catalog.json give it (values normalised): the OpenAPI document's `Rights`. */
export const publicRightsSchema = z
  .object({
    purposes: z.array(z.enum(PURPOSES)).describe('What the licensee may use the data for'),
    commercial: z.boolean().describe('Whether commercial use is allowed'),
    territory: z
      .array(z.string().regex(/^(worldwide|[A-Z]{2})$/))
      .describe('["worldwide"], or ISO 3166-1 alpha-2 codes of the countries where the data may be used'),
    term_months: z.int().min(1).describe('How long the licence runs, in months from signature'),
    exclusivity: z.enum(EXCLUSIVITY_OFFER).describe('Whether the owner will grant an exclusive licence'),
    redistribution: z
      .enum(REDISTRIBUTION)
      .describe('none: nothing may be passed on; derived_models_only: trained models may be, the data not'),
    duo: z
      .array(z.enum(DUO_CODES))
      .optional()
      .describe('Medical imaging only: the GA4GH Data Use Ontology codes that apply'),
  })
  .meta({ id: 'Rights' })
  .describe("The licence's terms as data, the same as the ODRL offer at /catalog/{id}/rights.jsonld");
export const RIGHTS_FIELDS = Object.keys(rightsSchema.shape) as (keyof Rights)[];

/** The public copy of a rights block, field by field (as pricing is), so nothing added later slips out unlisted. */
export function projectRights(rights: Rights): Rights {
  const out: Record<string, unknown> = {};
  for (const field of RIGHTS_FIELDS) if (rights[field] !== undefined) out[field] = rights[field];
  return out as Rights;
}

type Issue = { path: (string | number)[]; message: string };

/**
 * What the rest of the listing file must agree with: exclusivity as `exclusivity_available` says, DUO codes for
 * medical imaging only, and DUO codes that say what the block says (no commercial use, a territory, a term).
 */
export function rightsDisagreements(listing: {
  vertical: string;
  exclusivity_available: boolean;
  rights: Rights;
}): Issue[] {
  const { rights } = listing;
  const issues: Issue[] = [];
  const expected = listing.exclusivity_available ? 'available' : 'not_available';
  if (rights.exclusivity !== expected) {
    issues.push({
      path: ['rights', 'exclusivity'],
      message: `must be "${expected}": exclusivity_available is ${listing.exclusivity_available}, and the two say the same thing`,
    });
  }
  if (listing.vertical !== 'medical_imaging') {
    if (rights.duo)
      issues.push({ path: ['rights', 'duo'], message: 'DUO codes are for medical_imaging only' });
    return issues;
  }
  const duo = rights.duo ?? [];
  if (!duo.length) {
    issues.push({
      path: ['rights', 'duo'],
      message: 'medical imaging needs the GA4GH DUO codes that apply, e.g. ["DUO:0000006", "DUO:0000025"]',
    });
    return issues;
  }
  const nonCommercial = duo.some((code) => NON_COMMERCIAL_DUO.includes(code));
  if (nonCommercial === rights.commercial) {
    issues.push({
      path: ['rights', 'duo'],
      message: rights.commercial
        ? 'holds a non-commercial DUO code (DUO:0000046 or DUO:0000018) while commercial is true'
        : 'needs DUO:0000046 (non-commercial use only) or DUO:0000018, since commercial is false',
    });
  }
  const limited = !rights.territory.includes('worldwide');
  if (limited !== duo.includes(GEOGRAPHY_DUO)) {
    issues.push({
      path: ['rights', 'duo'],
      message: limited
        ? 'needs DUO:0000022 (geographical restriction), since the territory is not worldwide'
        : 'holds DUO:0000022 (geographical restriction) while the territory is worldwide',
    });
  }
  if (!duo.includes(TIME_LIMIT_DUO)) {
    issues.push({
      path: ['rights', 'duo'],
      message: 'needs DUO:0000025 (time limit on use): the licence runs term_months',
    });
  }
  return issues;
}
