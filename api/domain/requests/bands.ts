// Bands as labs write them (contract §9): "1-5 TB", "500 GB - 2 TB", "10+ TB", "<1 TB", "1,000-5,000 hours",
// "50k+ studies", "3-6 months", "2 to 4 weeks", "under 3 months", "3 months". One parser for a request's `volume`
// and `timeline` and a listing's `size_band`, so that they compare. Pure: no I/O, no clock.
//
// The normalised form is { min, max, unit } in one base unit per kind, integers: sizes in bytes (decimal units,
// 1 TB = 10^12 bytes; KiB… binary), amounts as counts (k = 10^3, M = 10^6), durations in days (a week is 7 days,
// a month 30, a year 12 months). `max` is null for an open band ("10+ TB"); "<1 TB" is 0 to 1 TB.

export type BandUnit = 'bytes' | 'hours' | 'studies' | 'images' | 'series' | 'records' | 'calls' | 'days';
export type Range = { min: number; max: number | null; unit: BandUnit };
/** As written (trimmed) and normalised. */
export type Band = { written: string; range: Range };

/** volume: size or amount; size_band: the same; timeline: durations, and one duration alone is allowed. */
export type BandKind = 'volume' | 'timeline';

export type ParseResult = { ok: true; band: Band } | { ok: false; message: string };

type Family = 'size' | 'amount' | 'duration';
type UnitInfo = { family: Family; unit: BandUnit; factor: number };

const UNITS: Record<string, UnitInfo> = {};
const add = (names: string[], family: Family, unit: BandUnit, factor = 1) => {
  for (const name of names) UNITS[name] = { family, unit, factor };
};
add(['b', 'byte', 'bytes'], 'size', 'bytes');
add(['kb', 'kilobyte', 'kilobytes'], 'size', 'bytes', 1e3);
add(['mb', 'megabyte', 'megabytes'], 'size', 'bytes', 1e6);
add(['gb', 'gigabyte', 'gigabytes'], 'size', 'bytes', 1e9);
add(['tb', 'terabyte', 'terabytes'], 'size', 'bytes', 1e12);
add(['pb', 'petabyte', 'petabytes'], 'size', 'bytes', 1e15);
add(['kib'], 'size', 'bytes', 2 ** 10);
add(['mib'], 'size', 'bytes', 2 ** 20);
add(['gib'], 'size', 'bytes', 2 ** 30);
add(['tib'], 'size', 'bytes', 2 ** 40);
add(['pib'], 'size', 'bytes', 2 ** 50);
add(['hours', 'hour', 'hrs', 'hr', 'h'], 'amount', 'hours');
add(['studies', 'study'], 'amount', 'studies');
add(['images', 'image'], 'amount', 'images');
add(['series'], 'amount', 'series');
add(['records', 'record'], 'amount', 'records');
add(['calls', 'call'], 'amount', 'calls');
add(['days', 'day'], 'duration', 'days');
add(['weeks', 'week', 'wks', 'wk'], 'duration', 'days', 7);
add(['months', 'month', 'mos', 'mo'], 'duration', 'days', 30);
add(['years', 'year', 'yrs', 'yr'], 'duration', 'days', 360); // twelve months, so "1 year" and "12 months" agree

const MULTIPLIERS: Record<string, number> = { k: 1e3, m: 1e6 };

export const BAND_EXAMPLES: Record<BandKind, string> = {
  volume: '"1-5 TB", "500 GB - 2 TB", "10+ TB", "<1 TB", "1,000-5,000 hours" or "50k+ studies"',
  timeline: '"3-6 months", "2 to 4 weeks", "under 3 months", "12+ months" or "3 months"',
};
const UNITS_SAID: Record<BandKind, string> = {
  volume: 'a size (KB, MB, GB, TB, PB) or an amount (hours, studies, images, series, records, calls)',
  timeline: 'days, weeks, months or years',
};

export const MAX_BAND_LENGTH = 60;

// A number as people write it: 1,000 or 1000 or 2.5 or 1.000.000, then k or M, glued on or after one space (not
// the M of MB).
const NUM = String.raw`(\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d{1,3}(?:\.\d{3}){2,}|\d+(?:\.\d+)?)(?:\s?([km])(?![a-z]))?`;
const UNIT = String.raw`([a-z]+)`;
const SEP = String.raw`(?:-|–|—|to)`;
const RANGE = new RegExp(String.raw`^${NUM}(?:\s*${UNIT})?\s*${SEP}\s*${NUM}\s*${UNIT}$`, 'i');
const OPEN_ABOVE = [
  new RegExp(String.raw`^${NUM}\s*\+\s*${UNIT}$`, 'i'),
  new RegExp(String.raw`^${NUM}\s*${UNIT}\s*(?:\+|or more|and more|and up)$`, 'i'),
  new RegExp(String.raw`^(?:>=?|≥|over|above|more than|at least)\s*${NUM}\s*${UNIT}$`, 'i'),
];
const OPEN_BELOW = new RegExp(
  String.raw`^(?:<=?|≤|under|below|less than|up to|at most|within)\s*${NUM}\s*${UNIT}$`,
  'i',
);
const SINGLE = new RegExp(String.raw`^${NUM}\s*${UNIT}$`, 'i');

/**
 * The shapes above as one ECMA-262 pattern for JSON Schema (OpenAPI, MCP), which has no case-insensitive flag:
 * each letter becomes [xX]. It documents the shape; the parser still checks units and order (1-5, not 5-1).
 */
function caseless(source: string): string {
  let out = '';
  for (let i = 0; i < source.length; i++) {
    const c = source[i]!;
    if (c === '\\') {
      out += c + source[++i]!;
    } else if (c === '[') {
      const end = source.indexOf(']', i);
      const inner = source.slice(i + 1, end);
      out += `[${inner}${/[a-z]/.test(inner) && !inner.includes('\\') ? inner.toUpperCase() : ''}]`;
      i = end;
    } else if (c === ' ') {
      out += '\\s+'; // the parser reads any run of white space as one space
    } else if (/[a-z]/.test(c) && source[i - 1] !== '?') {
      out += `[${c}${c.toUpperCase()}]`;
    } else {
      out += c;
    }
  }
  return out;
}

const shapes = (kind: BandKind) => [
  RANGE,
  ...OPEN_ABOVE,
  OPEN_BELOW,
  ...(kind === 'timeline' ? [SINGLE] : []),
];

export const bandPattern = (kind: BandKind) =>
  `^\\s*(?:${shapes(kind)
    .map((re) => caseless(re.source.slice(1, -1)))
    .join('|')})\\s*$`;

type Quantity = { value: number; unit: UnitInfo };

class Refusal extends Error {}

/**
 * What a dot before exactly three digits ("1.000") is in this band: a thousands separator where another number
 * groups with dots (1.000.000), a decimal point where another is plainly decimal (2.5, 0.500, 1,000), and
 * otherwise not ours to guess: "1.000-5.000 hours" read as 1-5 hours would be off by 1000 (European grouping).
 */
type Dots = 'grouping' | 'decimal';

const AMBIGUOUS_DOT = /^[1-9]\d{0,2}\.\d{3}$/;

function dotsOf(text: string): Dots {
  const numbers = text.match(/\d[\d.,]*\d|\d/g) ?? [];
  const grouping = numbers.some((n) => /^\d{1,3}(?:\.\d{3}){2,}$/.test(n));
  const decimal = numbers.some((n) => n.includes(',') || (/^\d+\.\d+$/.test(n) && !AMBIGUOUS_DOT.test(n)));
  const ambiguous = numbers.find((n) => AMBIGUOUS_DOT.test(n));
  if (ambiguous && grouping === decimal) {
    const thousands = Number(ambiguous.replace('.', '')).toLocaleString('en-US');
    const fraction = String(Number(ambiguous));
    throw new Refusal(
      `"${ambiguous}" could mean ${thousands} or ${fraction}: write ${thousands} or ${fraction} (a comma groups thousands, a dot marks decimals)`,
    );
  }
  return grouping ? 'grouping' : 'decimal';
}

/** The number written, commas grouping thousands, and dots too where the band groups with them. */
function numberOf(digits: string, dots: Dots): number {
  const plain = digits.replaceAll(',', '');
  return Number(dots === 'grouping' || /\..*\./.test(plain) ? plain.replaceAll('.', '') : plain);
}

function quantity(
  kind: BandKind,
  dots: Dots,
  digits: string,
  multiplier: string | undefined,
  unitName: string,
): Quantity {
  const unit = UNITS[unitName.toLowerCase()];
  if (!unit) throw new Refusal(`"${unitName}" is not a unit we know; use ${UNITS_SAID[kind]}`);
  if (kind === 'timeline' && unit.family !== 'duration')
    throw new Refusal(`a timeline is in ${UNITS_SAID.timeline}, not "${unitName}"`);
  if (kind === 'volume' && unit.family === 'duration')
    throw new Refusal(`a volume is ${UNITS_SAID.volume}, not "${unitName}"`);
  if (multiplier && unit.family !== 'amount')
    throw new Refusal(
      `"${multiplier}" multiplies amounts (50k studies), not ${unit.family}s; write the unit instead`,
    );
  const scale = multiplier ? MULTIPLIERS[multiplier.toLowerCase()]! : 1;
  const value = Math.round(numberOf(digits, dots) * scale * unit.factor);
  if (!Number.isSafeInteger(value)) throw new Refusal('that number is too large');
  return { value, unit };
}

function sameFamily(a: Quantity, b: Quantity): void {
  if (a.unit.family !== b.unit.family || a.unit.unit !== b.unit.unit)
    throw new Refusal('both ends of a range must be in the same kind of unit');
}

function parseRange(kind: BandKind, text: string): Range {
  const dots = dotsOf(text);
  let m = RANGE.exec(text);
  if (m) {
    const high = quantity(kind, dots, m[4]!, m[5], m[6]!);
    // A bare first number takes the second's k or M as it takes its unit ("1-5 M records", "10-50k calls"),
    // unless that would put it above the second ("500-2k hours" is 500 to 2,000).
    const inherits = !m[2] && !m[3] && numberOf(m[1]!, dots) <= numberOf(m[4]!, dots);
    const low = quantity(kind, dots, m[1]!, inherits ? m[5] : m[2], m[3] ?? m[6]!);
    sameFamily(low, high);
    if (low.value === high.value)
      throw new Refusal(
        kind === 'timeline'
          ? 'both ends of the range are the same: write one duration, or two different numbers'
          : 'both ends of the range are the same: give two different numbers, or an open band',
      );
    if (low.value > high.value) throw new Refusal('the first number of a range must be the smaller');
    return { min: low.value, max: high.value, unit: high.unit.unit };
  }
  for (const pattern of OPEN_ABOVE) {
    m = pattern.exec(text);
    if (m) {
      const low = quantity(kind, dots, m[1]!, m[2], m[3]!);
      return { min: low.value, max: null, unit: low.unit.unit };
    }
  }
  m = OPEN_BELOW.exec(text);
  if (m) {
    const high = quantity(kind, dots, m[1]!, m[2], m[3]!);
    if (high.value === 0) throw new Refusal('an upper bound must be more than zero');
    return { min: 0, max: high.value, unit: high.unit.unit };
  }
  m = SINGLE.exec(text);
  if (m) {
    const one = quantity(kind, dots, m[1]!, m[2], m[3]!);
    if (kind !== 'timeline') throw new Refusal('give a range or an open band, not one number');
    if (one.value === 0) throw new Refusal('a duration must be more than zero');
    return { min: one.value, max: one.value, unit: one.unit.unit };
  }
  throw new Refusal(`write a range or an open band with ${UNITS_SAID[kind]}`);
}

/** Parses a band; a refusal's message says what is wrong and gives examples. */
export function parseBand(kind: BandKind, input: string): ParseResult {
  const written = input.trim();
  const example = `e.g. ${BAND_EXAMPLES[kind]}`;
  if (written === '') return { ok: false, message: `must not be empty; ${example}` };
  if (written.length > MAX_BAND_LENGTH)
    return { ok: false, message: `must be at most ${MAX_BAND_LENGTH} characters; ${example}` };
  try {
    return { ok: true, band: { written, range: parseRange(kind, written.replace(/\s+/g, ' ')) } };
  } catch (error) {
    if (!(error instanceof Refusal)) throw error;
    return { ok: false, message: `"${written}": ${error.message}; ${example}` };
  }
}

/** The normalised range of a band that must parse (a stored one, or one of the old fixed bands). */
export function rangeOf(kind: BandKind, written: string): Range | null {
  const result = parseBand(kind, written);
  return result.ok ? result.band.range : null;
}

// Printing back: the largest unit in which both ends are whole numbers.
const DISPLAY: Record<BandUnit, [string, number][]> = {
  bytes: [
    ['PB', 1e15],
    ['TB', 1e12],
    ['GB', 1e9],
    ['MB', 1e6],
    ['KB', 1e3],
    ['B', 1],
  ],
  days: [
    ['months', 30],
    ['weeks', 7],
    ['days', 1],
  ],
  hours: [],
  studies: [],
  images: [],
  series: [],
  records: [],
  calls: [],
};
const AMOUNT_SCALES: [string, number][] = [
  ['M', 1e6],
  ['k', 1e3],
  ['', 1],
];

const grouped = (n: number) => n.toLocaleString('en-US', { maximumFractionDigits: 0 });

/** A band as text that parses back to exactly this range: "1-5 TB", "50k+ studies", "<3 months". */
export function formatRange({ min, max, unit }: Range): string {
  const ends = max === null ? [min] : [min, max];
  const fits = (factor: number) => ends.every((n) => n % factor === 0);
  let show: (n: number) => string;
  let suffix: string;
  if (DISPLAY[unit].length) {
    const [name, factor] = DISPLAY[unit].find(([, f]) => fits(f))!;
    show = (n) => grouped(n / factor);
    suffix = ` ${name}`;
  } else {
    const [letter, factor] = AMOUNT_SCALES.find(([, f]) => fits(f))!;
    show = (n) => `${grouped(n / factor)}${letter}`;
    suffix = ` ${unit}`;
  }
  if (max === null) return `${show(min)}+${suffix}`;
  if (min === max) return `${show(min)}${suffix}`;
  if (min === 0) return `<${show(max)}${suffix}`;
  return `${show(min)}-${show(max)}${suffix}`;
}

/** Whether two ranges share any value (same unit only; different units never compare). */
export function overlaps(a: Range, b: Range): boolean {
  if (a.unit !== b.unit) return false;
  return (a.max === null || b.min <= a.max) && (b.max === null || a.min <= b.max);
}
