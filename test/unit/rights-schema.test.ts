// The `rights:` block of a listing file (issue 43): what an author writes is read as a person means it, and a block
// that disagrees with the rest of the file (exclusivity, the DUO codes) stops the build, naming what to change.
import { readFileSync } from 'node:fs';
import { expect, test } from 'vitest';
import { ListingFileError, parseListingFile } from '../../api/domain/listings/listing-files.ts';
import { toPublicListing } from '../../api/domain/listings/public-listing.ts';

const CHEST = readFileSync('content/listings/de-chest-ct-lung-nodules.md', 'utf8');
const CALLS = readFileSync('content/listings/us-auto-insurance-claims-calls.md', 'utf8');

/** The file with one line of its rights block replaced (the line must exist). */
function edit(source: string, line: RegExp, by: string): string {
  if (!line.test(source)) throw new Error(`no line ${line}`);
  return source.replace(line, by);
}
const parse = (source: string, name = 'de-chest-ct-lung-nodules') => parseListingFile(`x/${name}.md`, source);
const refusal = (source: string, name?: string) => {
  try {
    parse(source, name);
  } catch (error) {
    expect(error).toBeInstanceOf(ListingFileError);
    return (error as Error).message;
  }
  throw new Error('the file was accepted');
};

test('a seed block is read and projected into the public listing whole', () => {
  const listing = parse(CHEST);
  expect(toPublicListing(listing).rights).toEqual({
    purposes: ['training', 'evaluation'],
    commercial: true,
    territory: ['DE', 'AT', 'CH'],
    term_months: 24,
    exclusivity: 'available',
    redistribution: 'derived_models_only',
    duo: ['DUO:0000006', 'DUO:0000021', 'DUO:0000022', 'DUO:0000025'],
  });
});

test('uses in any case and spacing, countries by name or code', () => {
  const source = edit(
    edit(CHEST, /^ {2}purposes: .*/m, '  purposes: [Training, Fine tuning]'),
    /^ {2}territory: .*/m,
    '  territory: [germany, at, Switzerland]',
  );
  const { rights } = parse(source);
  expect(rights.purposes).toEqual(['training', 'fine_tuning']);
  expect(rights.territory).toEqual(['DE', 'AT', 'CH']);
});

test.each([
  [
    'exclusivity that exclusivity_available contradicts',
    /^ {2}exclusivity: available$/m,
    '  exclusivity: not_available',
    /rights\.exclusivity: must be "available": exclusivity_available is true/,
  ],
  [
    'an unknown use, naming the closest',
    /^ {2}purposes: .*/m,
    '  purposes: [pretraining]',
    /rights\.purposes\.0: .*the closest is "training"/,
  ],
  [
    '"worldwide" beside countries',
    /^ {2}territory: .*/m,
    '  territory: [worldwide, DE]',
    /"worldwide" stands alone/,
  ],
  [
    'a place that is no country',
    /^ {2}territory: .*/m,
    '  territory: [Europa]',
    /rights\.territory\.0: "Europa" is not a country we know/,
  ],
  [
    'a term in words',
    /^ {2}term_months: .*/m,
    '  term_months: two years',
    /rights\.term_months: must be a whole number of months/,
  ],
  [
    'an unknown redistribution',
    /^ {2}redistribution: .*/m,
    '  redistribution: anything',
    /rights\.redistribution: must be one of none, derived_models_only/,
  ],
  [
    'commercial use with a non-commercial DUO code',
    /^ {2}duo: .*/m,
    '  duo: ["DUO:0000006", "DUO:0000046", "DUO:0000022", "DUO:0000025"]',
    /non-commercial DUO code .* while commercial is true/,
  ],
  [
    'a territory without DUO:0000022',
    /^ {2}duo: .*/m,
    '  duo: ["DUO:0000006", "DUO:0000025"]',
    /needs DUO:0000022/,
  ],
  [
    'a term without DUO:0000025',
    /^ {2}duo: .*/m,
    '  duo: ["DUO:0000006", "DUO:0000022"]',
    /needs DUO:0000025/,
  ],
  ['imaging without DUO codes', /^ {2}duo: .*\n/m, '', /medical imaging needs the GA4GH DUO codes/],
  ['an unknown DUO code', /^ {2}duo: .*/m, '  duo: ["DUO:9999999"]', /must be a GA4GH DUO code/],
])('refuses %s, naming the field', (_, line, by, says) => {
  expect(refusal(edit(CHEST, line, by))).toMatch(says);
});

test('DUO codes are for medical imaging only; a file without a rights block is refused', () => {
  const withDuo = edit(CALLS, /^ {2}redistribution: .*/m, '  redistribution: none\n  duo: ["DUO:0000025"]');
  expect(refusal(withDuo, 'us-auto-insurance-claims-calls')).toMatch(
    /rights\.duo: DUO codes are for medical_imaging only/,
  );
  const without = CALLS.replace(/^rights:\n(?: {2}.*\n)+/m, '');
  expect(without).not.toContain('rights:');
  expect(refusal(without, 'us-auto-insurance-claims-calls')).toMatch(/rights: /);
});
