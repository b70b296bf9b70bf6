// zod's own English ("Invalid input: expected boolean, received string") is written for programmers and never says
// what to send. Every issue a schema does not word itself is worded here instead, once, for the API's error.fields,
// the dashboard's forms and the MCP tools alike: zod's customError (z.config), which it consults after a check's,
// its schema's and the parse call's own `error` and before its locale (zod/v4/core/util.js, finalizeIssue).
import { z } from 'zod';
import { closest } from './closest.ts';

type Issue = z.core.$ZodRawIssue;

/** For a schema's own `error`: "required: …" when the field is missing, "must be …" otherwise. */
export const required = (what: string) => (issue: { input: unknown }) =>
  issue.input === undefined ? `required: ${what}` : `must be ${what}`;

const KIND: Record<string, string> = {
  string: 'text (a JSON string)',
  number: 'a number',
  int: 'a whole number',
  boolean: 'true or false (a JSON boolean)',
  array: 'a list (a JSON array)',
  object: 'a JSON object ({ "name": value, … })',
  record: 'a JSON object ({ "name": value, … })',
  null: 'null',
  date: 'a date such as 2026-01-31',
};

/** What was sent, as a person would name it. */
function sent(input: unknown): string {
  if (input === null) return 'null';
  if (Array.isArray(input)) return 'a list';
  if (typeof input === 'string') return `the text ${JSON.stringify(input.slice(0, 40))}`;
  if (typeof input === 'number')
    return Number.isFinite(input) ? `the number ${input}` : 'a number out of range';
  if (typeof input === 'boolean') return String(input);
  if (typeof input === 'object') return 'an object';
  return typeof input;
}

function wrongType(issue: Issue & { expected: string }): string {
  const { expected, input } = issue;
  const kind = KIND[expected] ?? `a ${expected}`;
  if (input === undefined) return `required: ${kind}`;
  // The closest valid value, where the intent is plain: "true" for true, "30" for 30, "x" for ["x"].
  if (expected === 'boolean' && typeof input === 'string' && /^(true|false)$/i.test(input.trim()))
    return `send ${input.trim().toLowerCase()} without quotes: a JSON boolean`;
  if (
    (expected === 'number' || expected === 'int') &&
    typeof input === 'string' &&
    /^-?\d+(\.\d+)?$/.test(input.trim())
  )
    return `send ${input.trim()} without quotes: a JSON number`;
  if (expected === 'array' && (typeof input === 'string' || typeof input === 'number'))
    return `must be a list, even of one: [${JSON.stringify(input)}]`;
  return `must be ${kind}, not ${sent(input)}`;
}

type Bound = { value: number; inclusive: boolean };

/** A number schema's bounds and whether it takes whole numbers only, from its checks (z.int() is a format). */
function numberRule(schema: z.core.$ZodType | undefined): string | undefined {
  const def = schema?._zod.def as
    { type: string; format?: string; checks?: { _zod: { def: Record<string, unknown> } }[] } | undefined;
  if (def?.type !== 'number') return undefined;
  let whole = /int/.test(def.format ?? '');
  let low: Bound | undefined;
  let high: Bound | undefined;
  for (const check of def.checks ?? []) {
    const c = check._zod.def as { check: string; format?: string; value?: number; inclusive?: boolean };
    if (c.check === 'number_format' && /int/.test(c.format ?? '')) whole = true;
    if (c.check === 'greater_than') low = { value: c.value!, inclusive: c.inclusive ?? false };
    if (c.check === 'less_than') high = { value: c.value!, inclusive: c.inclusive ?? false };
  }
  const kind = whole ? 'a whole number' : 'a number';
  if (low?.inclusive && high?.inclusive) return `must be ${kind} from ${low.value} to ${high.value}`;
  const parts = [
    low && `${low.inclusive ? 'at least' : 'more than'} ${low.value}`,
    high && `${high.inclusive ? 'at most' : 'less than'} ${high.value}`,
  ].filter(Boolean);
  return `must be ${kind}${parts.length ? `, ${parts.join(' and ')}` : ''}`;
}

const plural = (n: number | bigint, one: string, many: string) => `${n} ${n === 1 || n === 1n ? one : many}`;

function size(
  issue: Issue & { origin: string; exact?: boolean },
  bound: number | bigint,
  most: boolean,
): string {
  const rule = numberRule(issue.schema);
  if (rule) return rule;
  const how = issue.exact ? 'exactly' : most ? 'at most' : 'at least';
  if (issue.origin === 'string')
    return !most && bound === 1
      ? 'must not be empty'
      : `must be ${how} ${plural(bound, 'character', 'characters')}`;
  if (issue.origin === 'array' || issue.origin === 'set')
    return !most && bound === 1
      ? 'must name at least one'
      : `must list ${how} ${plural(bound, 'item', 'items')}`;
  if (issue.origin === 'file') return `must be ${how} ${plural(bound, 'byte', 'bytes')}`;
  return `must be ${how} ${bound}`;
}

const FORMATS: Record<string, string> = {
  email: 'an email address such as name@lab.example',
  url: 'an absolute URL such as https://hooks.example.com/dss',
  uuid: 'a UUID such as 123e4567-e89b-12d3-a456-426614174000',
  datetime: 'a date and time such as 2026-01-31T09:00:00Z',
  date: 'a date such as 2026-01-31',
  time: 'a time such as 09:00:00',
};

function badFormat(issue: Issue & { format: string; pattern?: string }): string {
  const extra = issue as Record<string, unknown>;
  if (issue.format === 'starts_with') return `must start with "${extra.prefix}"`;
  if (issue.format === 'ends_with') return `must end with "${extra.suffix}"`;
  if (issue.format === 'includes') return `must include "${extra.includes}"`;
  if (issue.format === 'regex') return `must match the pattern ${issue.pattern}`;
  return `must be ${FORMATS[issue.format] ?? `a valid ${issue.format}`}`;
}

function notOneOf(values: readonly unknown[], input: unknown): string {
  if (values.length === 1) return `must be ${JSON.stringify(values[0])}`;
  const near = typeof input === 'string' ? closest(input, values.map(String)) : undefined;
  const all = values.map((value) => JSON.stringify(value)).join(', ');
  return `must be one of ${all}${near ? `; did you mean "${near}"?` : ''}`;
}

/** The message for an issue no schema or check worded itself. */
export function plainMessage(issue: Issue): string {
  switch (issue.code) {
    case 'invalid_type':
      return wrongType(issue);
    case 'too_big':
      return size(issue, issue.maximum, true);
    case 'too_small':
      return size(issue, issue.minimum, false);
    case 'invalid_format':
      return badFormat(issue);
    case 'not_multiple_of':
      return `must be a multiple of ${issue.divisor}`;
    case 'invalid_value':
      return notOneOf(issue.values, issue.input);
    case 'unrecognized_keys':
      return `unknown ${issue.keys.length === 1 ? 'field' : 'fields'} ${issue.keys.join(', ')}: leave ${issue.keys.length === 1 ? 'it' : 'them'} out`;
    case 'invalid_union':
      return 'matches none of the forms this field takes; /openapi.json shows them';
    case 'invalid_key':
      return 'has a key that is not allowed; /openapi.json shows what this field takes';
    case 'invalid_element':
      return 'holds a value that is not allowed; /openapi.json shows what this field takes';
    default:
      return 'is not valid here; /openapi.json shows what this field takes';
  }
}

z.config({ customError: plainMessage });
