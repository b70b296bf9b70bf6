// The catalogue's parts below the API: country names through ICU, the closest known value, size bands as numbers,
// and the matcher's rules (filters combine, a filter's values are alternatives).
import { describe, expect, test } from 'vitest';
import { closest } from '../../api/domain/closest.ts';
import { countryName, geographyCountries } from '../../api/domain/countries.ts';
import { catalogQuerySchema, sizeRank } from '../../api/domain/listings/catalog-query.ts';

describe('countries', () => {
  test.each([
    ['Germany', 'Germany'],
    ['germany', 'Germany'],
    ['DE', 'Germany'],
    ['us', 'United States'],
    ['South Korea', 'South Korea'],
    ['Atlantis', undefined],
    ['XA', undefined], // a pseudo-region, not a country
  ])('%s → %s', (input, name) => expect(countryName(input)).toBe(name));

  test('a composite geography is its countries', () => {
    expect(geographyCountries('Germany, Austria')).toEqual(['Germany', 'Austria']);
  });
});

test.each([
  ['Germny', ['Germany', 'Armenia', 'Norway'], 'Germany'],
  ['germ', ['Armenia', 'Germany'], 'Germany'],
  ['insurence', ['insurance', 'banking'], 'insurance'],
  // A word of a term is what was meant, whatever the edit distance to the whole says.
  ['audio', ['medical_imaging', 'conversational_audio'], 'conversational_audio'],
  ['imaging', ['conversational_audio', 'medical_imaging'], 'medical_imaging'],
  // Nothing close: no suggestion rather than a random one.
  ['video', ['conversational_audio', 'medical_imaging'], undefined],
  ['Mandarin', ['English', 'Spanish', 'Arabic', 'Marathi'], undefined],
  ['Atlantis', ['Germany', 'Austria', 'Argentina'], undefined],
])('closest(%s) is %s', (value, candidates, wanted) => expect(closest(value, candidates)).toBe(wanted));

test.each([
  ['1,000–2,500 hours', { unit: 'hours', from: 1000 }],
  ['10k–25k studies', { unit: 'studies', from: 10_000 }],
  ['50k+ images', { unit: 'images', from: 50_000 }],
  ['10–25 TB', { unit: 'TB', from: 10 }],
])('sizeRank(%s)', (band, rank) => expect(sizeRank(band)).toEqual(rank));

describe('the query schema', () => {
  test('comma-separated values become a list, canonical and without repeats', () => {
    const query = catalogQuerySchema.parse({
      geography: 'de, Germany ,AT',
      domain: 'Public sector',
      modality: 'ct,MR',
    });
    expect(query.geography).toEqual(['Germany', 'Austria']);
    expect(query.domain).toEqual(['public_sector']);
    expect(query.modality).toEqual(['CT', 'MR']);
  });

  test('every unknown value is reported, each with its closest known one', () => {
    const result = catalogQuerySchema.safeParse({ geography: 'Germny,Frnace' });
    expect(result.success).toBe(false);
    expect(result.error!.issues.map((issue) => issue.message)).toEqual([
      '"Germny" is not a country name or ISO 3166 code; did you mean "Germany"?',
      '"Frnace" is not a country name or ISO 3166 code; did you mean "France"?',
    ]);
  });
});
