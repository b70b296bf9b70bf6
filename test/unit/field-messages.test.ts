// Every message a lab reads in error.fields says what to send (contract §5), never zod's own words ("Invalid input:
// expected boolean, received string"), and one problem gives one message. Walked over every body and query schema
// of the API with values of every wrong kind, so a field added without its own wording is caught here.
import { describe, expect, test } from 'vitest';
import type { z } from 'zod';
import { fieldErrors } from '../../api/field-errors.ts';
import {
  accessRequestSchema,
  invitationSchema,
  ndaAcceptanceSchema,
  newKeySchema,
  rotateKeySchema,
  signinLinkSchema,
} from '../../api/domain/labs/schemas.ts';
import { catalogQuerySchema } from '../../api/domain/listings/catalog-query.ts';
import { dataRequestSchema, withdrawalSchema } from '../../api/domain/requests/request-schema.ts';
import { webhookSchema } from '../../api/domain/webhooks/webhook-schema.ts';
import { deliveriesQuerySchema } from '../../api/handlers/webhooks.ts';
import { demandQuerySchema } from '../../api/handlers/demand.ts';
import { requestListQuerySchema } from '../../api/handlers/requests.ts';
import { sampleListQuerySchema } from '../../api/handlers/samples.ts';

// zod's English, as its locale words each issue (zod/v4/locales/en.js).
const ZOD_WORDS =
  /Invalid input|Invalid option|Invalid (string|number|email|url|key|element)|Too (big|small)|expected \w+, received|Unrecognized key|Expected|received undefined/;

const BODIES: [string, z.ZodObject][] = [
  ['POST /api/v1/requests', dataRequestSchema],
  ['POST /api/v1/requests/{id}/withdraw', withdrawalSchema],
  ['POST /api/v1/access-requests', accessRequestSchema],
  ['POST /api/v1/session/link', signinLinkSchema],
  ['POST /api/v1/nda/acceptances', ndaAcceptanceSchema],
  ['POST /api/v1/keys', newKeySchema],
  ['POST /api/v1/keys/{id}/rotate', rotateKeySchema],
  ['POST /api/v1/team/invitations', invitationSchema],
  ['POST /api/v1/webhooks', webhookSchema],
];

const QUERIES: [string, z.ZodObject][] = [
  ['GET /api/v1/catalog', catalogQuerySchema],
  ['GET /api/v1/demand', demandQuerySchema],
  ['GET /api/v1/requests', requestListQuerySchema],
  ['GET /api/v1/sample-requests', sampleListQuerySchema],
  ['GET /api/v1/webhooks/{id}/deliveries', deliveriesQuerySchema],
];

// JSON can send these for any field; a query string only text.
const JSON_VALUES: unknown[] = [
  undefined,
  null,
  true,
  'true',
  '',
  'x',
  'x'.repeat(10_000),
  0,
  -1,
  1.5,
  1e308,
  [],
  ['x'],
  [null],
  Array.from({ length: 60 }, (_, i) => `v${i}`),
  {},
  { a: 1 },
];
const QUERY_VALUES = ['', ' ', 'x', 'x'.repeat(1000), '-1', '1.5', '99999999999999999999', 'a,b', ',,,'];

const messagesOf = (schema: z.ZodType, value: unknown) => {
  const result = schema.safeParse(value);
  return result.success ? {} : fieldErrors(result.error.issues, 'field');
};

function expectPlain(fields: Record<string, string[]>) {
  for (const [path, messages] of Object.entries(fields)) {
    expect(new Set(messages).size, `${path}: ${messages.join(' | ')}`).toBe(messages.length);
    for (const message of messages) expect(message, path).not.toMatch(ZOD_WORDS);
  }
}

describe.each(BODIES)('%s', (_endpoint, schema) => {
  test.each(Object.keys(schema.shape))('%s: every wrong kind of value is told what to send', (field) => {
    for (const value of JSON_VALUES) expectPlain(messagesOf(schema, { [field]: value }));
  });

  test.each([[null], [[]], ['body'], [42]])('a body of %j', (body) => {
    expectPlain(messagesOf(schema, body));
  });
});

describe.each(QUERIES)('%s', (_endpoint, schema) => {
  test.each(Object.keys(schema.shape))('%s: every value is told what to send', (parameter) => {
    for (const value of QUERY_VALUES) expectPlain(messagesOf(schema, { [parameter]: value }));
  });
});

// The audit's cases, each with the one message it should get.
test.each([
  [
    dataRequestSchema,
    { publish_to_demand_board: 'true' },
    'publish_to_demand_board',
    'send true without quotes',
  ],
  [dataRequestSchema, { publish_to_demand_board: 'yes' }, 'publish_to_demand_board', 'must be true'],
  [dataRequestSchema, { languages: 'English' }, 'languages', 'must be a list of languages, e.g. ["English"'],
  [dataRequestSchema, {}, 'data_types', 'required: a list of data types'],
  [accessRequestSchema, {}, 'email', 'required: one plain address such as lead@lab.example'],
  [accessRequestSchema, {}, 'intended_use', 'required: text saying what you intend to use the data for'],
  [signinLinkSchema, { email: 42 }, 'email', 'must be one plain address'],
  [ndaAcceptanceSchema, {}, 'version', 'required: the version GET /api/v1/nda gives'],
  [
    newKeySchema,
    { name: 'k', expires_in_days: 1e308 },
    'expires_in_days',
    'a whole number of days from 1 to 365',
  ],
  [webhookSchema, { url: 'https://hooks.example.com/in', events: 'request.created' }, 'events', 'a list'],
  [requestListQuerySchema, { limit: '99999999999999999999' }, 'limit', 'a whole number from 1 to 100'],
  [requestListQuerySchema, { cursor: 'x'.repeat(500) }, 'cursor', 'pass next_cursor'],
] as const)('%#: %j gives %s one message: %s', (schema, value, field, message) => {
  const fields = messagesOf(schema, value);
  expect(fields[field]).toEqual([expect.stringContaining(message)]);
});

test('null means none for the lists a data request may leave out', () => {
  const parsed = dataRequestSchema.parse({
    data_types: ['call_audio'],
    description: 'Inbound support calls with both channels, for ASR.',
    languages: null,
    domains: null,
  });
  expect(parsed).toMatchObject({ languages: [], domains: [] });
});

test.each([
  [{ expected: 'boolean', input: 'false' }, 'send false without quotes: a JSON boolean'],
  [{ expected: 'number', input: '30' }, 'send 30 without quotes: a JSON number'],
  [{ expected: 'array', input: 'en' }, 'must be a list, even of one: ["en"]'],
  [{ expected: 'string', input: undefined }, 'required: text (a JSON string)'],
  [{ expected: 'object', input: [] }, 'must be a JSON object ({ "name": value, … }), not a list'],
])('a value of the wrong type is shown the closest valid one: %j', async (issue, message) => {
  const { plainMessage } = await import('../../api/domain/zod-messages.ts');
  expect(plainMessage({ code: 'invalid_type', path: [], ...issue } as never)).toBe(message);
});
