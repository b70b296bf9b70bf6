// The data request body field by field, with the forms each accepts: the table of the API guide (/docs/api/)
// and llms.txt, drawn from the same vocabulary and band examples the validation uses.
import { ALL_DATA_TYPES, ALL_DOMAINS, EXCLUSIVITY } from '../vocabulary.ts';
import { BAND_EXAMPLES } from './bands.ts';

export type BodyField = { name: string; required: boolean; accepts: string; example: string };

export const REQUEST_BODY_FIELDS: readonly BodyField[] = [
  {
    name: 'data_types',
    required: true,
    accepts: `a list of one or more, in any case and spacing ("Call audio" is call_audio), of: ${ALL_DATA_TYPES.join(', ')}; an unknown one is refused naming the closest`,
    example: '["call_audio"]',
  },
  {
    name: 'description',
    required: true,
    accepts: 'free text, 20 to 5,000 visible characters: what the data is for, what matters most',
    example: '"Spanish insurance claims calls for ASR fine-tuning."',
  },
  {
    name: 'languages',
    required: false,
    accepts:
      'language names or codes in any case (English, en, eng, en-US, Mandarin, Brazilian Portuguese); stored as English names; null or left out: none',
    example: '["Spanish", "en"]',
  },
  {
    name: 'domains',
    required: false,
    accepts: `any case and spacing ("Public sector" is public_sector) of: ${ALL_DOMAINS.join(', ')}; an unknown one is refused naming the closest; null or left out: none`,
    example: '["Insurance", "public sector"]',
  },
  {
    name: 'volume',
    required: false,
    accepts:
      'a range ("1-5 TB", "1–5 TB", "500 GB - 2 TB", "1 to 5 TB") or an open band ("10+ TB", "over 10 TB", "<1 TB", "under 500 GB") in KB, MB, GB, TB, PB, or in hours, studies, images, series, records or calls with k or M ("1,000-5,000 hours", "50k+ studies", "1-5 M records"); a comma groups thousands and a dot marks decimals ("1.000" alone is refused as ambiguous); stored as written and as { min, max, unit } (bytes, counts)',
    example: BAND_EXAMPLES.volume.split(', ')[0]!,
  },
  {
    name: 'timeline',
    required: false,
    accepts:
      'the same shapes in days, weeks, months or years, or one duration: "3-6 months", "2 to 4 weeks", "under 3 months", "12+ months", "3 months", "1-2 years"; stored as written and as { min, max, unit: days } (a month is 30 days, a year 12 months)',
    example: '"3-6 months"',
  },
  {
    name: 'exclusivity',
    required: false,
    accepts: `one of ${EXCLUSIVITY.join(', ')}, in any case and spacing ("Open to both")`,
    example: '"open_to_both"',
  },
  {
    name: 'listing_id',
    required: false,
    accepts:
      'the id of a catalogue listing the request is about; an unknown one is refused naming the closest',
    example: '"us-auto-insurance-claims-calls"',
  },
  {
    name: 'intended_use',
    required: false,
    accepts:
      'how the data would be used, as POST /api/v1/catalog/{id}/fit takes it: { purposes (training, evaluation, fine_tuning, benchmark_publication), commercial, territories (country codes or names, or "worldwide"), term_months }; each match then carries fit: { fits, reasons } against that listing\'s licence',
    example: '{ "purposes": ["training"], "commercial": true, "territories": ["US"], "term_months": 24 }',
  },
  {
    name: 'publish_to_demand_board',
    required: false,
    accepts: 'true or false (default false): true posts an anonymised version to the public demand board',
    example: 'true',
  },
];
