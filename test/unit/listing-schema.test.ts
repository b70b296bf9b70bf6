import { describe, expect, test } from 'vitest';
import { ListingFileError, parseListingFile } from '../../api/domain/listings/listing-files.ts';
import { toPublicListing } from '../../api/domain/listings/public-listing.ts';
import { PUBLIC_LISTING_FIELDS } from '../../api/domain/listings/listing-schema.ts';

const audio = `title: Retail support calls
vertical: conversational_audio
data_type: call_audio
size_band: "500–1,000 hours"
years_covered: "2020–2023"
languages: [English, es]
domain: retail
geography: United Kingdom
status: listed
exclusivity_available: false
sample: true
updated: 2026-03-01
data_card:
  record: One record
  fields: [{ name: id, type: text, description: Opaque id }, { name: audio, type: audio, description: The recording }]
  formats: [WAV]
  typical_size: About 5 MB
  annotation: { method: Transcribed, checked: Double-checked }
  collection: Contact centre
  consent: Recording notice
  limitations: [One country]
rights: { purposes: [training], commercial: true, territory: [worldwide], term_months: 24, exclusivity: not_available, redistribution: none }
nda:
  owner: { name: Owner Name Ltd, kind: Retailer, country: England }
  deidentification_report: { method: redaction, standard: internal, performed_by: someone, date: 2025-01-02, summary: done }
  composition: { recordings: 12345 }`;

const imaging = `title: Chest CT
vertical: medical_imaging
data_type: ct_study
size_band: "10k–25k studies"
years_covered: "2018"
modality: "CT, PT"
domain: oncology
geography: Germany
status: sample_ready
exclusivity_available: true
sample: true
updated: "2026-04-01"
data_card:
  record: One record
  fields: [{ name: id, type: text, description: Opaque id }, { name: audio, type: audio, description: The recording }]
  formats: [WAV]
  typical_size: About 5 MB
  annotation: { method: Transcribed, checked: Double-checked }
  collection: Contact centre
  consent: Recording notice
  limitations: [One country]
rights: { purposes: [training], commercial: true, territory: [worldwide], term_months: 24, exclusivity: available, redistribution: none, duo: ["DUO:0000006", "DUO:0000025"] }
nda:
  owner: { name: Hospital Group, kind: Hospital, country: DE }
  deidentification_report: { method: DICOM PS3.15, standard: GDPR, performed_by: team, date: "2025-01-02", summary: ok }
  composition: { studies: 14873 }
  sample_file: imaging/chest-ct.png`;

const file = (frontMatter: string) => `---\n${frontMatter}\n---\nA public description.\n`;
const replace = (source: string, line: RegExp, by: string) => {
  if (!line.test(source)) throw new Error(`fixture has no line ${line}`);
  return source.replace(line, by);
};

describe('a valid listing file', () => {
  test('parses, with languages normalised to English names and the id from the file name', () => {
    const listing = parseListingFile('content/listings/retail-support-calls.md', file(audio));
    expect(listing.id).toBe('retail-support-calls');
    expect(listing.languages).toEqual(['English', 'Spanish']);
    expect(listing.modality).toBeNull();
    expect(listing.nda.deidentification_report.date).toBe('2025-01-02');
    expect(listing.body).toBe('A public description.');
  });

  test('the public projection has exactly the spec fields, in order, and nothing under nda', () => {
    const listing = parseListingFile('x/chest-ct.md', file(imaging));
    const projected = toPublicListing(listing);
    expect(Object.keys(projected)).toEqual([
      'id',
      'title',
      'vertical',
      'data_type',
      'size_band',
      'years_covered',
      'languages',
      'modality',
      'domain',
      'geography',
      'status',
      'exclusivity_available',
      'sample',
      'pricing',
      'rights',
    ]);
    expect(PUBLIC_LISTING_FIELDS).toEqual(Object.keys(projected));
    expect(projected.languages).toBeNull();
    expect(projected.pricing).toBeNull();
    expect(JSON.stringify(projected)).not.toContain('Hospital Group');
  });
});

const priced = (block: string) =>
  replace(audio, /^ {2}composition: .*/m, `  composition: { recordings: 12345 }\npricing: ${block}`);

describe('indicative pricing', () => {
  test('is projected field by field into the public listing, beside nothing from nda', () => {
    const source = priced('{ model: per_hour, currency: EUR, from: 40, to: 90 }');
    const projected = toPublicListing(parseListingFile('x/retail-calls.md', file(source)));
    expect(projected.pricing).toEqual({ model: 'per_hour', currency: 'EUR', from: 40, to: 90 });
    expect(JSON.stringify(projected)).not.toContain('Owner Name');
  });

  test('says what exclusivity adds only where the owner offers exclusivity', () => {
    const offered = replace(
      priced('{ model: flat, currency: USD, from: 90000, to: 150000, exclusivity: "2× for 12 months" }'),
      /^exclusivity_available: .*/m,
      'exclusivity_available: true',
    ).replace('exclusivity: not_available', 'exclusivity: available');
    expect(parseListingFile('x/retail-calls.md', file(offered)).pricing?.exclusivity).toBe(
      '2× for 12 months',
    );
  });
});

// Each broken pricing block is refused, naming the field within it.
const badPricing: [string, string, string][] = [
  ['an unknown pricing model', '{ model: per_minute, currency: USD, from: 1, to: 2 }', 'pricing.model'],
  [
    'a currency that is not ISO 4217',
    '{ model: per_hour, currency: dollars, from: 1, to: 2 }',
    'pricing.currency',
  ],
  ['a price written as text', '{ model: per_hour, currency: USD, from: "$40", to: 90 }', 'pricing.from'],
  ['a reversed range', '{ model: per_hour, currency: USD, from: 90, to: 40 }', 'pricing.from'],
  ['a negative price', '{ model: per_hour, currency: USD, from: -5, to: 40 }', 'pricing.from'],
  ['a missing upper end', '{ model: per_hour, currency: USD, from: 5 }', 'pricing.to'],
  ['an unknown field', '{ model: per_hour, currency: USD, from: 5, to: 9, owner: X }', 'pricing.owner'],
  [
    'an exclusivity price where none is offered',
    '{ model: per_hour, currency: USD, from: 5, to: 9, exclusivity: "2×" }',
    'pricing.exclusivity',
  ],
];

// Each broken file is refused, and the message names the file and the field.
test.each<[string, string, RegExp, string, string]>([
  ['an exact count as size_band', audio, /^size_band: .*/m, 'size_band: "1200 hours"', 'size_band'],
  ['a bare number as size_band', audio, /^size_band: .*/m, 'size_band: 1200', 'size_band'],
  ['a reversed range as size_band', audio, /^size_band: .*/m, 'size_band: "1,000–500 hours"', 'size_band'],
  ['a band without a unit', audio, /^size_band: .*/m, 'size_band: "500–1,000"', 'size_band'],
  ['languages on imaging', imaging, /^modality: .*/m, 'modality: CT\nlanguages: [English]', 'languages'],
  ['no languages on audio', audio, /^languages: .*/m, 'languages: []', 'languages'],
  ['missing languages on audio', audio, /^languages: .*\n/m, '', 'languages'],
  ['an unknown language', audio, /^languages: .*/m, 'languages: [Klingonese]', 'languages.0'],
  ['the same language twice', audio, /^languages: .*/m, 'languages: [English, eng]', 'languages'],
  ['a modality on audio', audio, /^domain: .*/m, 'domain: retail\nmodality: CT', 'modality'],
  ['no modality on imaging', imaging, /^modality: .*\n/m, '', 'modality'],
  ['a modality that is not a DICOM code', imaging, /^modality: .*/m, 'modality: "CT, XRAY"', 'modality'],
  ['an unknown status', audio, /^status: .*/m, 'status: archived', 'status'],
  ['an unknown vertical', audio, /^vertical: .*/m, 'vertical: video', 'vertical'],
  ['a data type of the other vertical', audio, /^data_type: .*/m, 'data_type: ct_study', 'data_type'],
  ['a domain of the other vertical', imaging, /^domain: .*/m, 'domain: banking', 'domain'],
  ['future years', audio, /^years_covered: .*/m, 'years_covered: "2020–2099"', 'years_covered'],
  ['an update date in the future', audio, /^updated: .*/m, 'updated: 2099-01-01', 'updated'],
  ['an update before the last year covered', audio, /^updated: .*/m, 'updated: 2022-06-30', 'updated'],
  [
    'a de-identification report dated in the future',
    audio,
    /date: 2025-01-02/,
    'date: 2099-01-02',
    'nda.deidentification_report.date',
  ],
  ['a year as a number', audio, /^years_covered: .*/m, 'years_covered: 2021', 'years_covered'],
  ['a missing nda block', audio, /^nda:[\s\S]*$/m, '', 'nda'],
  ['an nda block without the owner', audio, /^ {2}owner: .*\n/m, '', 'nda.owner'],
  [
    'a sample file outside SAMPLES_DIR',
    imaging,
    /^ {2}sample_file: .*/m,
    '  sample_file: ../../etc/passwd',
    'nda.sample_file',
  ],
  ['a region that is not a country', audio, /^geography: .*/m, 'geography: Nordics', 'geography'],
  ['countries joined by "and"', audio, /^geography: .*/m, 'geography: Germany and Austria', 'geography'],
  ['a country code for a name', audio, /^geography: .*/m, 'geography: DE', 'geography'],
  ['a missing data card', audio, /^data_card:\n(?: {2}.*\n)*/m, '', 'data_card'],
  [
    'a data card field that is not snake_case',
    audio,
    /name: id,/,
    'name: Call ID,',
    'data_card.fields.0.name',
  ],
  [
    'a transcript excerpt on imaging',
    imaging,
    /^ {2}limitations: .*/m,
    '  limitations: [x]\n  preview_transcript: [{ speaker: A, text: b }]',
    'data_card',
  ],
  ['an unknown field (a typo)', audio, /^domain: .*/m, 'domain: retail\ngeograhpy: UK', 'geograhpy'],
  [
    'exclusivity as a string',
    audio,
    /^exclusivity_available: .*/m,
    'exclusivity_available: "yes"',
    'exclusivity_available',
  ],
  ...badPricing.map(
    ([name, block, field]) =>
      [name, audio, /^ {2}composition: .*/m, `  composition: { a: 1 }\npricing: ${block}`, field] as [
        string,
        string,
        RegExp,
        string,
        string,
      ],
  ),
])('refuses %s, naming the field', (_name, source, line, by, field) => {
  const path = 'content/listings/some-listing.md';
  expect(() => parseListingFile(path, file(replace(source, line, by)))).toThrowError(ListingFileError);
  try {
    parseListingFile(path, file(replace(source, line, by)));
  } catch (error) {
    expect((error as Error).message).toMatch(new RegExp(`^${path}: ${field.replace('.', '\\.')}: `, 'm'));
  }
});

test.each([
  ['Some_Listing.md', 'upper case and underscore'],
  ['a--b.md', 'a double dash'],
])('refuses the file name %s (%s)', (name) => {
  expect(() => parseListingFile(`content/listings/${name}`, file(audio))).toThrowError(/: id: /);
});

test('refuses a file without front matter, and YAML that does not parse', () => {
  expect(() => parseListingFile('x/a.md', 'just text')).toThrowError(/x\/a\.md: \(front matter\)/);
  expect(() => parseListingFile('x/a.md', '---\ntitle: [unclosed\n---\n')).toThrowError(
    /YAML does not parse/,
  );
});
