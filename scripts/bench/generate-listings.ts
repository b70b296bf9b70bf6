// N synthetic listings, valid and varied, with nda: blocks, for the build benchmark:
// `node scripts/bench/generate-listings.ts N DIR` writes DIR/listings/*.md.
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { DATA_TYPES, DOMAINS, LISTING_STATUSES } from '../../api/domain/vocabulary.ts';

const LANGUAGES = [
  'English',
  'Spanish',
  'Hindi',
  'Arabic',
  'Chinese',
  'Portuguese',
  'French',
  'German',
  'Japanese',
  'Italian',
];
const GEOGRAPHIES = [
  'United States',
  'India',
  'Brazil',
  'Germany',
  'France',
  'Japan',
  'Mexico',
  'United Kingdom',
  'Spain',
  'Australia',
];
const MODALITIES: Record<string, string> = {
  ct_study: 'CT',
  mr_study: 'MR',
  radiograph: 'DX',
  mammogram: 'MG',
  ultrasound_study: 'US',
  pet_ct_study: 'CT, PT',
  whole_slide_image: 'SM',
};

const pick = <T>(items: readonly T[], i: number) => items[i % items.length]!;

export function listingFile(i: number): string {
  const audio = i % 2 === 0;
  const vertical = audio ? 'conversational_audio' : 'medical_imaging';
  const dataType = pick(DATA_TYPES[vertical], i >> 1);
  const low = 100 + (i % 50) * 10;
  const lines = [
    '---',
    `title: "Synthetic ${audio ? 'call' : 'imaging'} dataset ${i}"`,
    `vertical: ${vertical}`,
    `data_type: ${dataType}`,
    `size_band: "${low}–${low * 2} ${audio ? 'hours' : 'studies'}"`,
    `years_covered: "${2015 + (i % 5)}–${2020 + (i % 5)}"`,
    audio
      ? `languages: [${pick(LANGUAGES, i)}, ${pick(LANGUAGES, i + 3)}]`
      : `modality: "${MODALITIES[dataType]}"`,
    `domain: ${pick(DOMAINS[vertical], i)}`,
    `geography: ${pick(GEOGRAPHIES, i)}`,
    `status: ${pick(LISTING_STATUSES, i)}`,
    `exclusivity_available: ${i % 3 === 0}`,
    'sample: true',
    `updated: "2025-${String(1 + (i % 12)).padStart(2, '0')}-${String(1 + (i % 28)).padStart(2, '0')}"`,
    'data_card:',
    `  record: "One synthetic ${dataType.replace('_', ' ')} (${i})"`,
    '  fields: [{ name: record_id, type: text, description: "Opaque id" }, { name: payload, type: json, description: "The record" }]',
    '  formats: ["JSON"]',
    '  typical_size: "About 1 MB"',
    '  annotation: { method: "Synthetic labels", checked: "Not checked: synthetic" }',
    '  collection: "Generated for the build benchmark"',
    '  consent: "Synthetic: no person is recorded"',
    '  limitations: ["Synthetic"]',
    `rights: { purposes: [training, evaluation], commercial: true, territory: [worldwide], term_months: 24, exclusivity: ${i % 3 === 0 ? 'available' : 'not_available'}, redistribution: derived_models_only${audio ? '' : ', duo: ["DUO:0000006", "DUO:0000025"]'} }`,
    'nda:',
    `  owner: { name: "Synthetic Owner ${i} Holdings", kind: "Synthetic data holder", country: "Synthetic Republic ${i}" }`,
    `  deidentification_report: { method: "Synthetic redaction pass ${i}", standard: "Synthetic standard ${i}", performed_by: "Synthetic Auditors ${i}", date: "2025-01-15", summary: "Synthetic summary ${i}" }`,
    `  composition: { records: ${10_000 + i * 7}, by_year: { "2020": ${1_000 + i} } }`,
    '---',
    '',
    `Synthetic listing ${i}, generated for the build benchmark. One record is a ${dataType.replace('_', ' ')}.`,
    '',
    'Collected with consent and de-identified before listing. Typical uses: training and evaluating models.',
    '',
  ];
  return lines.join('\n');
}

export async function generateListings(n: number, dir: string): Promise<void> {
  const listings = join(dir, 'listings');
  await rm(listings, { recursive: true, force: true });
  await mkdir(listings, { recursive: true });
  for (let i = 0; i < n; i++)
    await writeFile(join(listings, `synthetic-${String(i).padStart(6, '0')}.md`), listingFile(i));
}

if (import.meta.main) {
  const [n = '1000', dir = '.tmp/bench-content'] = process.argv.slice(2);
  await generateListings(Number(n), dir);
  console.log(`${n} listings in ${dir}/listings`);
}
