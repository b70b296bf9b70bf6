// The document takes what the server takes (issue 41, item 16): a vocabulary term written as people write it
// ("Medical imaging", "Call audio", "Received") passes both the server's own schema and the document's, which a
// validating proxy (Prism) checks requests against; and what the server refuses, the document refuses too.
import { Ajv2020 } from 'ajv/dist/2020.js';
import { expect, test } from 'vitest';
import type { z } from 'zod';
import { accessRequestSchema } from '../../api/domain/labs/schemas.ts';
import { catalogQuerySchema } from '../../api/domain/listings/catalog.ts';
import { dataRequestSchema } from '../../api/domain/requests/request-schema.ts';
import { webhookSchema } from '../../api/domain/webhooks/webhook-schema.ts';
import { apiDocument } from '../../api/handlers/endpoints.ts';
import { requestListQuerySchema } from '../../api/handlers/requests.ts';

const ajv = new Ajv2020({ strict: false });
ajv.addSchema(apiDocument(new URL('http://localhost:4321')), 'openapi');
const documented = (pointer: string) => ajv.getSchema(`openapi#${pointer}`)!;

const request = { data_types: ['call_audio'], description: 'Insurance claims calls for ASR fine-tuning.' };
const parameter = (path: string, index: number) =>
  `/paths/${path.replaceAll('/', '~1')}/get/parameters/${index}/schema`;

// Where the document describes it, the server's schema for the same thing, and a value as sent.
const CASES: [string, string, z.ZodType, unknown][] = [
  [
    'a data type',
    '/components/schemas/DataRequestInput',
    dataRequestSchema,
    { ...request, data_types: ['Call audio'] },
  ],
  [
    'a domain',
    '/components/schemas/DataRequestInput',
    dataRequestSchema,
    { ...request, domains: ['Insurance'] },
  ],
  [
    'exclusivity',
    '/components/schemas/DataRequestInput',
    dataRequestSchema,
    { ...request, exclusivity: 'open-to-both' },
  ],
  [
    'a vertical asked for',
    '/components/schemas/AccessRequestInput/properties/verticals',
    accessRequestSchema.shape.verticals,
    ['Medical imaging'],
  ],
  [
    'an event type',
    '/paths/~1api~1v1~1webhooks/post/requestBody/content/application~1json/schema/properties/events',
    webhookSchema.shape.events,
    ['Request.Created'],
  ],
];

test.each(CASES)(
  '%s as people write it: the server and the document both take it',
  (_what, pointer, server, value) => {
    expect(server.safeParse(value).success).toBe(true);
    expect(documented(pointer)(value)).toBe(true);
  },
);

test.each([
  ['status=Received', parameter('/api/v1/requests', 0), requestListQuerySchema, 'status', 'Received'],
  [
    'vertical=Medical imaging',
    parameter('/api/v1/catalog', 0),
    catalogQuerySchema,
    'vertical',
    'Medical imaging',
  ],
])(
  'the query parameter %s: the server and the document both take it',
  (_what, pointer, server, name, value) => {
    expect(server.safeParse({ [name]: value }).success).toBe(true);
    expect(documented(pointer)(value)).toBe(true);
  },
);

test.each([
  ['a data type the server does not know', { ...request, data_types: ['Call audi'] }],
  ['a term run into the next', { ...request, data_types: ['callaudio'] }],
])('%s: refused by both', (_what, value) => {
  expect(dataRequestSchema.safeParse(value).success).toBe(false);
  expect(documented('/components/schemas/DataRequestInput')(value)).toBe(false);
});
