// The band parser (contract §9): what labs write, what it means, what it refuses, and that printing a range back
// gives text that parses to the same range.
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import {
  formatRange,
  overlaps,
  parseBand,
  type BandKind,
  type BandUnit,
  type Range,
} from '../../api/domain/requests/bands.ts';
import { sizeBand } from '../../api/domain/listings/listing-schema.ts';
import { TIMELINE_BANDS, VOLUME_BANDS } from '../../api/domain/vocabulary.ts';

const TB = 1e12;
const GB = 1e9;
const MB = 1e6;
const r = (min: number, max: number | null, unit: BandUnit): Range => ({ min, max, unit });

const ACCEPTED: [BandKind, string, Range][] = [
  ['volume', '1-5 TB', r(1 * TB, 5 * TB, 'bytes')],
  ['volume', '1–5 TB', r(1 * TB, 5 * TB, 'bytes')],
  ['volume', '1—5 TB', r(1 * TB, 5 * TB, 'bytes')],
  ['volume', '1 - 5 TB', r(1 * TB, 5 * TB, 'bytes')],
  ['volume', '1 to 5 TB', r(1 * TB, 5 * TB, 'bytes')],
  ['volume', '5-20 TB', r(5 * TB, 20 * TB, 'bytes')],
  ['volume', '5-20 tb', r(5 * TB, 20 * TB, 'bytes')],
  ['volume', '  5-20 TB  ', r(5 * TB, 20 * TB, 'bytes')],
  ['volume', '500 GB - 2 TB', r(500 * GB, 2 * TB, 'bytes')],
  ['volume', '500GB-2TB', r(500 * GB, 2 * TB, 'bytes')],
  ['volume', '500 MB – 1.5 GB', r(500 * MB, 1.5 * GB, 'bytes')],
  ['volume', '1.5-2.5 PB', r(1.5e15, 2.5e15, 'bytes')],
  ['volume', '100-900 KB', r(1e5, 9e5, 'bytes')],
  ['volume', '1-2 TiB', r(2 ** 40, 2 * 2 ** 40, 'bytes')],
  ['volume', '10+ TB', r(10 * TB, null, 'bytes')],
  ['volume', '10 TB+', r(10 * TB, null, 'bytes')],
  ['volume', '10 TB or more', r(10 * TB, null, 'bytes')],
  ['volume', 'over 10 TB', r(10 * TB, null, 'bytes')],
  ['volume', 'at least 200 TB', r(200 * TB, null, 'bytes')],
  ['volume', '>50 TB', r(50 * TB, null, 'bytes')],
  ['volume', '<1 TB', r(0, 1 * TB, 'bytes')],
  ['volume', '< 1 TB', r(0, 1 * TB, 'bytes')],
  ['volume', 'under 500 GB', r(0, 500 * GB, 'bytes')],
  ['volume', 'up to 2 TB', r(0, 2 * TB, 'bytes')],
  ['volume', 'less than 800 GB', r(0, 800 * GB, 'bytes')],
  ['volume', '1,000-5,000 hours', r(1000, 5000, 'hours')],
  ['volume', '1000-5000 hours', r(1000, 5000, 'hours')],
  ['volume', '500–1,000 hours', r(500, 1000, 'hours')],
  ['volume', '2k-10k hours', r(2000, 10_000, 'hours')],
  ['volume', '2K-10K hrs', r(2000, 10_000, 'hours')],
  ['volume', '200+ hours', r(200, null, 'hours')],
  ['volume', '50k+ studies', r(50_000, null, 'studies')],
  ['volume', '10k–25k studies', r(10_000, 25_000, 'studies')],
  ['volume', '1 study - 5k studies', r(1, 5000, 'studies')],
  ['volume', '100k+ images', r(100_000, null, 'images')],
  ['volume', '1M-2M images', r(1e6, 2e6, 'images')],
  ['volume', '1.5M+ records', r(1.5e6, null, 'records')],
  ['volume', '500-2,000 series', r(500, 2000, 'series')],
  ['volume', '10k-50k calls', r(10_000, 50_000, 'calls')],
  ['volume', 'under 5,000 calls', r(0, 5000, 'calls')],
  ['timeline', '3-6 months', r(90, 180, 'days')],
  ['timeline', '3–6 months', r(90, 180, 'days')],
  ['timeline', '2 to 4 weeks', r(14, 28, 'days')],
  ['timeline', 'under 3 months', r(0, 90, 'days')],
  ['timeline', 'within 6 weeks', r(0, 42, 'days')],
  ['timeline', '12+ months', r(360, null, 'days')],
  ['timeline', '3 months', r(90, 90, 'days')],
  ['timeline', '1 month', r(30, 30, 'days')],
  ['timeline', '10 days', r(10, 10, 'days')],
  ['timeline', '30-45 days', r(30, 45, 'days')],
  ['timeline', '2 weeks - 2 months', r(14, 60, 'days')],
  ['timeline', '<1 month', r(0, 30, 'days')],
  ['timeline', '6-12 Months', r(180, 360, 'days')],
  ['timeline', '1 year', r(360, 360, 'days')],
  ['timeline', '1-2 years', r(360, 720, 'days')],
  ['timeline', '6 months - 1 year', r(180, 360, 'days')],
  ['volume', '2-3 terabytes', r(2 * TB, 3 * TB, 'bytes')],
  ['volume', '500 gigabytes - 1 terabyte', r(500 * GB, 1 * TB, 'bytes')],
  // k and M after a space, as people also write them.
  ['volume', '1-5 M records', r(1e6, 5e6, 'records')],
  ['volume', '1 M-5 M calls', r(1e6, 5e6, 'calls')],
  // A bare first number takes the second's k or M, as it takes its unit, unless that would make it the larger.
  ['volume', '1-5M records', r(1e6, 5e6, 'records')],
  ['volume', '10-50k calls', r(10_000, 50_000, 'calls')],
  ['volume', '500-2k hours', r(500, 2000, 'hours')],
  ['volume', '50 k+ studies', r(50_000, null, 'studies')],
  ['volume', 'under 2 k hours', r(0, 2000, 'hours')],
  // A dot before three digits is a decimal point where the band says so, and groups thousands where it does.
  ['volume', '0.500-2 TB', r(500 * GB, 2 * TB, 'bytes')],
  ['volume', '1.500-2.5 TB', r(1500 * GB, 2500 * GB, 'bytes')],
  ['volume', '1,000.500-2,000 hours', r(1001, 2000, 'hours')],
  ['volume', '1.000.000-5.000.000 records', r(1e6, 5e6, 'records')],
  ['volume', '500.000-1.000.000 calls', r(500_000, 1e6, 'calls')],
  ['volume', '1234.567-2000 hours', r(1235, 2000, 'hours')],
];

const REFUSED: [BandKind, string][] = [
  ['volume', ''],
  ['volume', '   '],
  ['volume', 'lots'],
  ['volume', 'TB'],
  ['volume', '5'],
  ['volume', '1-5'],
  ['volume', '5 TB'],
  ['volume', '5-1 TB'],
  ['volume', '5-5 TB'],
  ['volume', '1-5 XB'],
  ['volume', '1-5 terabytes please'],
  ['volume', '500 GB - 2 hours'],
  ['volume', '1-5 months'],
  ['volume', '5k-10k TB'],
  ['volume', '<0 TB'],
  ['volume', '1e3-1e4 hours'],
  ['volume', '-1-5 TB'],
  ['volume', '1,00-5,000 hours'],
  ['volume', '99999999999 PB+'],
  ['volume', `1-5 TB${' '.repeat(60)}x`],
  ['volume', '1-5 TB; 10 TB'],
  ['timeline', 'asap'],
  ['timeline', '3-6 TB'],
  ['timeline', '2k+ months'],
  ['timeline', '6-3 months'],
  ['timeline', '0 days'],
  ['timeline', 'Q3 2026'],
  ['timeline', '3 fortnights'],
  ['timeline', '0-0 days'],
  // A dot before exactly three digits, with nothing else in the band to say which: 1,000 or 1?
  ['volume', '1.000-5.000 hours'],
  ['volume', '1.500+ hours'],
  ['volume', '1.500-3 TB'],
  ['volume', '2.500k+ calls'],
  ['timeline', '1.000 days'],
  ['volume', '5 MB - 1 M calls'],
];

describe('parseBand', () => {
  test(`accepts ${ACCEPTED.length} bands as labs write them`, () => {
    expect(ACCEPTED.length).toBeGreaterThanOrEqual(40);
  });

  test.each(ACCEPTED)('%s "%s"', (kind, text, range) => {
    const result = parseBand(kind, text);
    expect(result).toEqual({ ok: true, band: { written: text.trim(), range } });
  });

  test(`refuses ${REFUSED.length} that are not bands`, () => {
    expect(REFUSED.length).toBeGreaterThanOrEqual(20);
  });

  test.each(REFUSED)('%s "%s" is refused with an example', (kind, text) => {
    const result = parseBand(kind, text);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.message).toContain(kind === 'volume' ? '"1-5 TB"' : '"3-6 months"');
  });

  test.each([
    ['volume', '5-5 TB', 'both ends of the range are the same: give two different numbers, or an open band'],
    [
      'timeline',
      '0-0 days',
      'both ends of the range are the same: write one duration, or two different numbers',
    ],
    ['timeline', '6-3 months', 'the first number of a range must be the smaller'],
    ['volume', '1.000-5.000 hours', '"1.000" could mean 1,000 or 1: write 1,000 or 1'],
    ['volume', '2.500k+ calls', '"2.500" could mean 2,500 or 2.5: write 2,500 or 2.5'],
  ] as const)('%s "%s" says what is wrong with it', (kind, text, why) => {
    expect(parseBand(kind, text)).toMatchObject({ ok: false, message: expect.stringContaining(why) });
  });

  test('the five old volume and timeline bands still parse (stored records hold them)', () => {
    for (const band of VOLUME_BANDS) expect(parseBand('volume', band).ok, band).toBe(true);
    for (const band of TIMELINE_BANDS) expect(parseBand('timeline', band).ok, band).toBe(true);
  });

  test("the catalogue's size bands parse with the same parser", () => {
    for (const band of ['1,000–2,500 hours', '100k+ images', '10k–25k studies', '10–25 TB'])
      expect(parseBand('volume', band).ok, band).toBe(true);
    expect(sizeBand.safeParse('25 TB').success).toBe(false);
    expect(sizeBand.safeParse('10-50 TB').success).toBe(true);
  });
});

describe('formatRange', () => {
  const unit = fc.constantFrom<BandUnit>(
    'bytes',
    'hours',
    'studies',
    'images',
    'series',
    'records',
    'calls',
    'days',
  );
  // Ends on the grids people use (so that every unit is exercised) and arbitrary integers.
  const end = fc
    .oneof(
      fc.integer({ min: 0, max: 1e6 }),
      fc
        .tuple(fc.integer({ min: 0, max: 9999 }), fc.constantFrom(1e3, 1e6, 1e9, 1e12, 7, 30))
        .map(([n, f]) => n * f),
    )
    .filter((n) => Number.isSafeInteger(n)); // the parser refuses larger numbers
  const range = fc
    .tuple(unit, end, end, fc.constantFrom('range', 'open', 'below', 'single'))
    .filter(([u, , , shape]) => shape !== 'single' || u === 'days')
    .map(([u, a, b, shape]): Range | undefined => {
      const [low, high] = a < b ? [a, b] : [b, a];
      if (shape === 'open') return r(low, null, u);
      if (shape === 'below') return high > 0 ? r(0, high, u) : undefined;
      if (shape === 'single') return high > 0 ? r(high, high, u) : undefined;
      return low < high ? r(low, high, u) : undefined;
    })
    .filter((x): x is Range => x !== undefined);

  test('what it prints parses back to the same range', () => {
    fc.assert(
      fc.property(range, (given) => {
        const text = formatRange(given);
        const parsed = parseBand(given.unit === 'days' ? 'timeline' : 'volume', text);
        expect(parsed, text).toEqual({ ok: true, band: { written: text, range: given } });
      }),
      { numRuns: 2000 },
    );
  });

  test.each([
    [r(TB, 5 * TB, 'bytes'), '1-5 TB'],
    [r(500 * GB, 2 * TB, 'bytes'), '500-2,000 GB'],
    [r(50_000, null, 'studies'), '50k+ studies'],
    [r(0, 90, 'days'), '<3 months'],
    [r(14, 28, 'days'), '2-4 weeks'],
    [r(1500, 2500, 'hours'), '1,500-2,500 hours'],
  ])('%j prints as "%s"', (given, text) => {
    expect(formatRange(given)).toBe(text);
  });
});

describe('overlaps', () => {
  test.each([
    ['1-5 TB', '10-25 TB', false],
    ['5-20 TB', '10-25 TB', true],
    ['10+ TB', '10-25 TB', true],
    ['<1 TB', '10+ TB', false],
    ['1,000-5,000 hours', '500–1,000 hours', true],
    ['1-5 TB', '500–1,000 hours', false],
  ])('"%s" and "%s": %s', (a, b, expected) => {
    const ra = parseBand('volume', a);
    const rb = parseBand('volume', b);
    if (!ra.ok || !rb.ok) throw new Error('fixture must parse');
    expect(overlaps(ra.band.range, rb.band.range)).toBe(expected);
    expect(overlaps(rb.band.range, ra.band.range)).toBe(expected);
  });
});
