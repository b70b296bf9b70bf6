// Indicative terms (issue 42): a public price range a buyer can budget with before signing anything. The
// listing file's `pricing:` block is validated here and shown, in words, by the page, the card, the feeds and the
// JSON-LD; the price a contract names stays a negotiation, so the range is only ever "indicative".
import { z } from 'zod';

export const PRICING_MODELS = ['per_hour', 'per_study', 'per_record', 'flat'] as const;
export type PricingModel = (typeof PRICING_MODELS)[number];

/** What one unit of the price is, after the amount: "$40 – $90 per hour". */
export const PRICING_UNITS: Record<PricingModel, string> = {
  per_hour: 'per hour of audio',
  per_study: 'per study',
  per_record: 'per record',
  flat: 'for the whole dataset',
};
// UN/CEFACT codes schema.org's unitCode takes: HUR hour; C62 "one" for a study or a record.
const UNIT_CODES: Record<PricingModel, string | undefined> = {
  per_hour: 'HUR',
  per_study: 'C62',
  per_record: 'C62',
  flat: undefined,
};

const CURRENCIES = new Set(Intl.supportedValuesOf('currency'));
const amount = z
  .number({ error: 'must be a number, without a currency sign or thousands separators (e.g. 40 or 12500)' })
  .positive({ error: 'must be more than 0' })
  .max(1e9, { error: 'must be at most 1,000,000,000' });

export const pricingSchema = z
  .strictObject({
    model: z
      .enum(PRICING_MODELS, { error: `must be one of ${PRICING_MODELS.join(', ')}` })
      .describe(
        'What one unit of the price is: an hour of audio, a study, a record, or the whole dataset (flat)',
      ),
    currency: z
      .string({ error: 'must be an ISO 4217 currency code such as "USD" or "EUR"' })
      .regex(/^[A-Z]{3}$/, {
        error: 'must be an ISO 4217 currency code in capitals, such as "USD", "EUR" or "GBP"',
      })
      .refine((code) => CURRENCIES.has(code), {
        error: 'must be an ISO 4217 currency code this server knows',
      })
      .describe('ISO 4217 currency code'),
    from: amount.describe('Lower end of the indicative range, in `currency`'),
    to: amount.describe('Upper end of the indicative range, in `currency`'),
    exclusivity: z
      .string()
      .trim()
      .min(1)
      .max(200)
      .optional()
      .describe('What an exclusive licence adds to the price, where the owner offers one'),
  })
  .refine((pricing) => pricing.from <= pricing.to, {
    error: 'must not be more than `to`: the range goes from the lower price to the higher',
    path: ['from'],
  })
  .describe('Indicative, non-binding price range for a non-exclusive licence');
export type Pricing = z.output<typeof pricingSchema>;
export const PRICING_FIELDS = Object.keys(pricingSchema.shape) as (keyof Pricing)[];

/** The public copy of a pricing block, field by field, so nothing added later slips out unlisted. */
export function projectPricing(pricing: Pricing | null | undefined): Pricing | null {
  if (!pricing) return null;
  const out: Record<string, unknown> = {};
  for (const field of PRICING_FIELDS) if (pricing[field] !== undefined) out[field] = pricing[field];
  return out as Pricing;
}

const formatters = new Map<string, Intl.NumberFormat>();
function money(currency: string, whole: boolean): Intl.NumberFormat {
  const key = `${currency}:${whole}`;
  let format = formatters.get(key);
  if (!format) {
    format = new Intl.NumberFormat('en', {
      style: 'currency',
      currency,
      ...(whole ? { maximumFractionDigits: 0 } : {}),
    });
    formatters.set(key, format);
  }
  return format;
}

/** "$40 – $90 per hour of audio", or "$40 per hour of audio" when both ends are the same. */
export function priceRange(pricing: Pricing): string {
  const format = money(pricing.currency, Number.isInteger(pricing.from) && Number.isInteger(pricing.to));
  const range =
    pricing.from === pricing.to ? format.format(pricing.from) : format.formatRange(pricing.from, pricing.to);
  return `${range} ${PRICING_UNITS[pricing.model]}`;
}

/** The row the fact sheet and the Markdown table show: the range, "indicative", and what exclusivity adds. */
export function priceSummary(pricing: Pricing): string {
  const exclusive = pricing.exclusivity ? ` Exclusivity: ${pricing.exclusivity}.` : '';
  return `${priceRange(pricing)}, non-exclusive (indicative, ${pricing.currency}).${exclusive}`;
}

/** schema.org Offer with a (Unit)PriceSpecification, as the listing's JSON-LD carries it. */
export function pricingOffer(pricing: Pricing, url: string): Record<string, unknown> {
  const unitCode = UNIT_CODES[pricing.model];
  return {
    '@type': 'Offer',
    url,
    priceCurrency: pricing.currency,
    description: `Indicative non-exclusive licence price, ${priceRange(pricing)}${pricing.exclusivity ? `; exclusivity: ${pricing.exclusivity}` : ''}`,
    priceSpecification: {
      '@type': unitCode ? 'UnitPriceSpecification' : 'PriceSpecification',
      priceCurrency: pricing.currency,
      minPrice: pricing.from,
      maxPrice: pricing.to,
      ...(unitCode ? { unitCode, unitText: PRICING_UNITS[pricing.model].replace(/^per /, '') } : {}),
    },
  };
}
