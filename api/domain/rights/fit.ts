// "Will my use fit?" (contract §15): an intended use checked against a listing's rights block, term by term. Each
// term that refuses says so in words, naming the term, and the nearest use that would fit; the answer also carries
// that nearest use whole, so an agent can ask again with it. The same object rides on a data request
// (`intended_use`), where each match says whether it fits.
import { z } from 'zod';
import { vocabularyTerm } from '../vocabulary-term.ts';
import { PURPOSES, territory, type Purpose, type Rights } from './rights-schema.ts';
import { PURPOSE_WORDS, purposeWords, territoryWords } from './rights-words.ts';
import { countryName } from '../countries.ts';

export const intendedUseSchema = z
  .strictObject({
    purposes: z
      .array(vocabularyTerm(PURPOSES, 'a use'), {
        error: `must be a list of uses, e.g. ["training"]; the uses are ${PURPOSES.join(', ')}`,
      })
      .min(1, { error: `name at least one use: ${PURPOSES.join(', ')}` })
      .max(PURPOSES.length, { error: `name at most the ${PURPOSES.length} uses, each once` })
      .refine((items) => new Set(items).size === items.length, { error: 'names a use twice' })
      .describe(`What the data would be used for: ${PURPOSES.join(', ')} (any case and spacing)`),
    commercial: z
      .boolean({ error: 'must be true (the use is commercial) or false, without quotes' })
      .optional()
      .describe('Whether the use is commercial; left out, it is not checked'),
    territories: z
      .array(territory, { error: 'must be a list such as ["DE", "FR"] or ["worldwide"]' })
      .min(1, { error: 'name at least one country, or ["worldwide"]' })
      .max(250, { error: 'name at most 250 countries' })
      .optional()
      .describe(
        'Where the data would be used: ISO 3166-1 alpha-2 codes or country names, or ["worldwide"]; left out, not checked',
      ),
    term_months: z
      .int({ error: 'must be a whole number of months, e.g. 24' })
      .min(1, { error: 'must be at least 1 month' })
      .max(1200, { error: 'must be at most 1200 months' })
      .optional()
      .describe('For how many months the data would be used; left out, not checked'),
  })
  .meta({ id: 'IntendedUse' });
export type IntendedUse = z.output<typeof intendedUseSchema>;

export const FIT_FIELDS = ['purposes', 'commercial', 'territories', 'term_months'] as const;
export type FitReason = { field: (typeof FIT_FIELDS)[number]; says: string };
export type Fit = { fits: boolean; reasons: FitReason[]; closest: IntendedUse | null };

const codes = (items: readonly string[]) => JSON.stringify(items);
const place = (code: string) =>
  code === 'worldwide' ? 'worldwide' : `${countryName(code) ?? code} (${code})`;

/** Each refusing term with what it says, and the nearest use the licence allows. */
export function checkFit(rights: Rights, use: IntendedUse): Fit {
  const reasons: FitReason[] = [];
  const closest: IntendedUse = { ...use };

  const refused = use.purposes.filter((purpose) => !rights.purposes.includes(purpose));
  if (refused.length) {
    const kept = use.purposes.filter((purpose) => rights.purposes.includes(purpose));
    closest.purposes = (kept.length ? kept : rights.purposes) as Purpose[];
    reasons.push({
      field: 'purposes',
      says: `The licence permits ${purposeWords(rights.purposes)}, not ${refused.map((p) => PURPOSE_WORDS[p]).join(' or ')} (rights.purposes: ${rights.purposes.join(', ')}). Closest that fits: purposes ${codes(closest.purposes)}.`,
    });
  }

  if (use.commercial === true && !rights.commercial) {
    closest.commercial = false;
    reasons.push({
      field: 'commercial',
      says: 'The licence allows non-commercial use only (rights.commercial: false). Closest that fits: commercial false.',
    });
  }

  if (use.territories && !rights.territory.includes('worldwide')) {
    const outside = use.territories.filter((code) => !rights.territory.includes(code));
    if (outside.length) {
      const inside = use.territories.filter((code) => rights.territory.includes(code));
      closest.territories = inside.length ? inside : rights.territory;
      reasons.push({
        field: 'territories',
        says: `The licence covers use ${territoryWords(rights.territory)} only (rights.territory: ${rights.territory.join(', ')}); ${outside.map(place).join(', ')} ${outside.length > 1 ? 'are' : 'is'} outside it. Closest that fits: territories ${codes(closest.territories)}.`,
      });
    }
  }

  if (use.term_months !== undefined && use.term_months > rights.term_months) {
    closest.term_months = rights.term_months;
    reasons.push({
      field: 'term_months',
      says: `The licence runs ${rights.term_months} months (rights.term_months: ${rights.term_months}); ${use.term_months} months is longer. Closest that fits: term_months ${rights.term_months}.`,
    });
  }

  return { fits: reasons.length === 0, reasons, closest: reasons.length ? closest : null };
}

/** The answer's schema: OpenAPI documents it, and it types the handler's body. */
export const fitSchema = z
  .object({
    data: z.object({
      fits: z.boolean().describe("True when every term of the listing's licence allows the use"),
      reasons: z
        .array(
          z.object({
            field: z.enum(FIT_FIELDS).describe('The field of the use that a term refuses'),
            says: z
              .string()
              .describe('Which term refuses it (rights.<term>: value), and the closest value that would fit'),
          }),
        )
        .describe('One per refusing term; empty when the use fits'),
      closest: z
        .object({
          purposes: z.array(z.enum(PURPOSES)),
          commercial: z.boolean().optional(),
          territories: z.array(z.string()).optional(),
          term_months: z.int().optional(),
        })
        .nullable()
        .describe(
          'The nearest use the licence allows (the same body with each refused field changed); null when it fits',
        ),
    }),
  })
  .meta({ id: 'Fit' });
