// One schema for a listing: it validates content files (here and in the Astro build), types the code,
// and its public part generates the OpenAPI document. The public projection lives in public-listing.ts.
import { z } from 'zod';
import { countryName } from '../countries.ts';
import { languageName, similarLanguage } from '../languages.ts';
import { parseBand } from '../requests/bands.ts';
import { pricingSchema } from './pricing.ts';
import { publicRightsSchema, rightsDisagreements, rightsSchema } from '../rights/rights-schema.ts';
import {
  DATA_TYPES,
  DICOM_MODALITIES,
  DOMAINS,
  LISTING_STATUSES,
  VERTICALS,
  ALL_DATA_TYPES,
  ALL_DOMAINS,
} from '../vocabulary.ts';

export const LISTING_ID_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const listingId = z.string().max(80).regex(LISTING_ID_PATTERN);

// "500–1,000 hours", "10-50 TB", "5k+ studies": a range or an open band with a unit, never one number. The same
// parser reads a request's volume (requests/bands.ts), so that matching compares the two.
export const sizeBand = z.string().superRefine((value, ctx) => {
  const parsed = parseBand('volume', value);
  if (!parsed.ok) {
    ctx.addIssue({
      code: 'custom',
      message: `must be a band with a unit, such as "500–1,000 hours", "10-50 TB" or "5k+ studies", never one exact number (${parsed.message})`,
    });
  }
});

// "2021" or "2019–2023": years in which the source data was made, so none in the future.
const YEARS = /^(\d{4})(?:\s*[–-]\s*(\d{4}))?$/;
export const yearsCovered = z.string().refine(
  (value) => {
    const match = YEARS.exec(value);
    if (!match) return false;
    const from = Number(match[1]);
    const to = Number(match[2] ?? match[1]);
    return from >= 1950 && from <= to && to <= new Date().getUTCFullYear();
  },
  { error: 'must be a past year ("2021") or a range of past years ("2019–2023")' },
);

// Comma-separated DICOM modality codes, e.g. "CT" or "CT, PT".
export const modalityList = z.string().refine(
  (value) => {
    const codes = value.split(',').map((code) => code.trim());
    return codes.every((code) => code in DICOM_MODALITIES) && new Set(codes).size === codes.length;
  },
  {
    error: `must be a comma-separated list of DICOM modality codes (${Object.keys(DICOM_MODALITIES).join(', ')})`,
  },
);

// YAML turns an unquoted 2024-03-18 into a Date; keep dates as ISO strings either way.
const isoDate = z.preprocess(
  (value) => (value instanceof Date ? value.toISOString().slice(0, 10) : value),
  z.iso.date(),
);
// An update or a report is something that happened: a future date (a typo for a year) would sit atop the
// catalogue's "newest" order and tell feeds and sitemaps of a change that has not been made.
const pastDate = isoDate.refine((value) => value <= new Date().toISOString().slice(0, 10), {
  error: 'must be today or earlier, not a date in the future',
});

// A language given by name or code becomes its English name ("eng", "en-US" → "English").
export const language = z
  .string({ error: 'must be a language written as text: a name such as "English" or a code such as "en"' })
  .transform((value, ctx) => {
    const name = languageName(value);
    if (!name) {
      const near = similarLanguage(value);
      ctx.addIssue({
        code: 'custom',
        message: `"${value.slice(0, 60)}" is not a language we know; ${near ? `did you mean "${near}"? ` : ''}use a name such as "English" or a code such as "en"`,
      });
      return z.NEVER;
    }
    return name;
  });

const text = (max: number) => z.string().trim().min(1).max(max);

export const ndaSchema = z.strictObject({
  owner: z.strictObject({ name: text(200), kind: text(200), country: text(100) }),
  deidentification_report: z.strictObject({
    method: text(500),
    standard: text(300),
    performed_by: text(200),
    date: pastDate,
    summary: text(5000),
  }),
  composition: z
    .record(z.string(), z.unknown())
    .refine((value) => Object.keys(value).length > 0, { error: 'must hold the exact counts and breakdowns' })
    .describe('Exact counts and breakdowns'),
  sample_file: z
    .string()
    .regex(/^(?!\/)(?!.*(?:^|\/)\.\.(?:\/|$))[\w./-]+$/, {
      error: 'must be a relative path under SAMPLES_DIR',
    })
    .optional(),
});
export type NdaFields = z.output<typeof ndaSchema>;

// The kinds a data card's field may have, and the Croissant dataType each becomes.
export const FIELD_TYPES = {
  text: 'sc:Text',
  integer: 'sc:Integer',
  number: 'sc:Float',
  boolean: 'sc:Boolean',
  date: 'sc:Date',
  category: 'sc:Text',
  audio: 'sc:AudioObject',
  image: 'sc:ImageObject',
  json: 'sc:Text',
} as const;

/**
 * The public data card (issue 23): what a lab's data lead reads to judge a dataset, as a Hugging Face dataset card
 * or a Croissant RAI record tells it. Public values only; exact counts and the owner stay under `nda:`.
 */
export const dataCardSchema = z.strictObject({
  record: text(600).describe('What one record is'),
  fields: z
    .array(
      z.strictObject({
        name: z
          .string()
          .regex(/^[a-z][a-z0-9_]*$/, { error: 'must be snake_case, as it is in the delivered files' }),
        type: z.enum(Object.keys(FIELD_TYPES) as [keyof typeof FIELD_TYPES, ...(keyof typeof FIELD_TYPES)[]]),
        description: text(300),
      }),
    )
    .min(2)
    .max(30),
  formats: z.array(text(160)).min(1).max(10).describe('File formats as delivered'),
  typical_size: text(200).describe('Typical size of one record'),
  annotation: z.strictObject({ method: text(600), checked: text(600) }),
  quality: z
    .array(z.strictObject({ measure: text(120), value: text(200) }))
    .max(10)
    .default([])
    .describe('Quality figures where they exist, e.g. transcript word error rate, annotator agreement'),
  collection: text(600).describe('How the data was collected'),
  consent: text(600).describe('The consent or legal basis'),
  limitations: z.array(text(400)).min(1).max(10),
  sample_outlook: text(200)
    .optional()
    .describe('When a listing has no sample yet: when one is expected, or why none is offered'),
  preview_transcript: z
    .array(z.strictObject({ speaker: text(40), text: text(300) }))
    .max(8)
    .optional()
    .describe('Audio only: a short, redacted excerpt of a transcript, public by design'),
});
export type DataCard = z.output<typeof dataCardSchema>;

/** The front matter of `content/listings/<id>.md`: every public field but the id (the file name), plus `nda:`. */
export const listingFileSchema = z
  .strictObject({
    title: text(160),
    vertical: z.enum(VERTICALS),
    data_type: z.enum(ALL_DATA_TYPES),
    size_band: sizeBand,
    years_covered: yearsCovered,
    languages: z
      .array(language)
      .min(1)
      .refine((names) => new Set(names).size === names.length, { error: 'names the same language twice' })
      .nullable()
      .default(null),
    modality: modalityList.nullable().default(null),
    domain: z.enum(ALL_DOMAINS),
    geography: text(120),
    status: z.enum(LISTING_STATUSES),
    exclusivity_available: z.boolean(),
    sample: z.boolean(),
    updated: pastDate,
    data_card: dataCardSchema,
    pricing: pricingSchema.nullable().default(null),
    rights: rightsSchema,
    nda: ndaSchema,
  })
  .superRefine((listing, ctx) => {
    const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    const audio = listing.vertical === 'conversational_audio';
    if (!(DATA_TYPES[listing.vertical] as readonly string[]).includes(listing.data_type)) {
      issue('data_type', `must be one of ${DATA_TYPES[listing.vertical].join(', ')} for ${listing.vertical}`);
    }
    if (!(DOMAINS[listing.vertical] as readonly string[]).includes(listing.domain)) {
      issue('domain', `must be one of ${DOMAINS[listing.vertical].join(', ')} for ${listing.vertical}`);
    }
    if (audio && !listing.languages) issue('languages', 'conversational_audio needs at least one language');
    if (!audio && listing.languages) issue('languages', 'must be null for medical_imaging');
    if (!audio && !listing.modality) issue('modality', 'medical_imaging needs a DICOM modality such as "CT"');
    if (audio && listing.modality) issue('modality', 'must be null for conversational_audio');
    for (const part of listing.geography.split(',').map((name) => name.trim())) {
      // One option per country in the catalogue's filter: every part must be a country ICU names.
      if (!countryName(part) || countryName(part) !== part) {
        const known = countryName(part);
        issue(
          'geography',
          known
            ? `write "${part}" as "${known}"`
            : `"${part}" is not a country name; give countries separated by commas, e.g. "Germany, Austria"`,
        );
      }
    }
    // A listing cannot have been updated before the last year its data was made in had begun.
    const lastYear = listing.years_covered.split(/\s*[–-]\s*/).at(-1)!;
    if (listing.updated < `${lastYear}-01-01`) {
      issue('updated', `is before ${lastYear}, the last year covered: the listing cannot predate its data`);
    }
    if (listing.pricing?.exclusivity && !listing.exclusivity_available) {
      const path = ['pricing', 'exclusivity'];
      ctx.addIssue({
        code: 'custom',
        path,
        message: 'must be left out: this listing does not offer exclusivity',
      });
    }
    if (listing.pricing && !listing.pricing.exclusivity && listing.exclusivity_available) {
      const path = ['pricing', 'exclusivity'];
      ctx.addIssue({ code: 'custom', path, message: 'say what an exclusive licence adds to the price' });
    }
    for (const { path, message } of rightsDisagreements(listing))
      ctx.addIssue({ code: 'custom', path, message });
    if (!audio && listing.data_card.preview_transcript) {
      issue('data_card', 'preview_transcript is for conversational_audio listings only');
    }
  });

export type ListingFile = z.output<typeof listingFileSchema>;
export type Listing = ListingFile & { id: string };
/**
 * A listing as the site's pages and feeds see it: the NDA block is dropped before Astro stores it; only whether a
 * sample file exists survives (the API's 409 sample_unavailable tells anyone as much).
 */
export type ListingWithoutNda = Omit<Listing, 'nda'> & { sample_available?: boolean };

/**
 * The listing as the public sees it: the spec's 13 fields, in the spec's order, then the indicative price (issue
 * 42) and the licence's terms (issue 43). Also the OpenAPI schema.
 */
export const publicListingSchema = z
  .object({
    id: z.string().describe('Stable listing identifier'),
    title: z.string().describe('Human-readable title'),
    vertical: z.enum(VERTICALS).describe('Which specification applies'),
    data_type: z.enum(ALL_DATA_TYPES).describe('What one record is'),
    size_band: z.string().describe('Size as a band with a unit, never an exact count'),
    years_covered: z.string().describe('Range of years in which the source data was made'),
    languages: z
      .array(z.string())
      .nullable()
      .describe('English language names; audio only, null for imaging'),
    modality: z
      .string()
      .nullable()
      .describe('Comma-separated DICOM modality codes; imaging only, null for audio'),
    domain: z.enum(ALL_DOMAINS).describe('Industry the data comes from'),
    geography: z.string().describe('Where the data was recorded or acquired'),
    status: z.enum(LISTING_STATUSES).describe('Listing state'),
    exclusivity_available: z.boolean().describe('Whether the owner offers exclusivity'),
    sample: z.boolean().describe('True when the listing is illustrative and not live inventory'),
    pricing: pricingSchema
      .nullable()
      .describe(
        'Indicative, non-binding price range for a non-exclusive licence; null when none is published',
      ),
    rights: publicRightsSchema,
  })
  .meta({ id: 'Listing' });
export type PublicListing = z.output<typeof publicListingSchema>;
export const PUBLIC_LISTING_FIELDS = Object.keys(publicListingSchema.shape) as (keyof PublicListing)[];
