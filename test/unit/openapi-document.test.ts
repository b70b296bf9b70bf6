// The document derived from the endpoints' declarations is the one the hand-written builder made before them
// (test/fixtures/openapi-before.json, today's /openapi.json saved before the move), path by path and operation by
// operation, except where that one was wrong: each such change is named below with its reason.
import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { apiDocument } from '../../api/handlers/endpoints.ts';
import { asciiPatterns } from '../../api/http/openapi/ascii-patterns.ts';
import { defaultsInWords } from '../../api/http/openapi/request-defaults.ts';
import { termsPattern } from '../../api/http/openapi/terms-as-written.ts';

type Document = {
  paths: Record<string, Record<string, unknown>>;
  webhooks: Record<string, unknown>;
  components: { schemas: Record<string, unknown>; securitySchemes: unknown };
  [part: string]: unknown;
};

const before = JSON.parse(readFileSync('test/fixtures/openapi-before.json', 'utf8')) as Document;
// As served: through JSON, which drops what is undefined.
const derived = JSON.parse(JSON.stringify(apiDocument(new URL('http://localhost:4321')))) as Document;

/** Where the document before was wrong: what changed, and why. Applied to it before comparing. */
const FIXED: { what: string; why: string; fix(document: Document): void }[] = [
  {
    what: "DELETE /api/v1/webhooks/{id}'s 204 names the rate-limit headers",
    why: 'the pipeline puts them on every counted answer, this 204 too (issue 41, item 18); the old builder left them out',
    fix(document) {
      const deleted = document.paths['/api/v1/webhooks/{id}']!.delete as {
        responses: Record<string, object>;
      };
      const revoked = document.paths['/api/v1/keys/{id}']!.delete as {
        responses: { 204: { headers: object } };
      };
      deleted.responses['204'] = { ...deleted.responses['204'], headers: revoked.responses[204].headers };
    },
  },
  {
    what: "GET /api/v1/health's 503 names its Retry-After header",
    why: "the pipeline puts Retry-After on every 503, the health check's too (issue 41, smaller items)",
    fix(document) {
      const health = document.paths['/api/v1/health']!.get as {
        responses: Record<string, { headers?: object }>;
      };
      const unavailable = document.paths['/api/v1/requests']!.post as {
        responses: Record<string, { headers: Record<string, unknown> }>;
      };
      const retryAfter = unavailable.responses['503']!.headers['Retry-After'];
      health.responses['503'] = { ...health.responses['503'], headers: { 'Retry-After': retryAfter } };
    },
  },
  {
    what: 'patterns are ASCII: the volume and timeline bands write –, —, ≥ and ≤ as \\u escapes',
    why: 'Prism puts a pattern in a header and crashed on them (issue 41, item 17); the escapes match the same',
    fix(document) {
      Object.assign(document, JSON.parse(JSON.stringify(document), asciiPatterns));
    },
  },
  {
    what: "request bodies say their defaults in words (listing_id, publish_to_demand_board, grace_hours: 'Default: …')",
    why: 'openapi-typescript makes a property with a `default` required, so a lab could not leave them out (issue 41, item 15)',
    fix(document) {
      for (const name of ['DataRequestInput', 'RotateKeyInput'])
        defaultsInWords(document.components.schemas[name]);
    },
  },
  {
    what: 'a vocabulary term a client sends (3 query parameters, 5 body fields) lists its terms, or the pattern that reads them in any case and spacing',
    why: 'the server takes "Medical imaging", "Call audio", "Received"; a validating proxy refused them (issue 41, item 16)',
    fix(document) {
      const { DataRequestInput, AccessRequestInput } = document.components.schemas;
      for (const sent of [document.paths, DataRequestInput, AccessRequestInput]) termsAsWritten(sent);
    },
  },
];

/** The old document's term lists (maxLength 100 with an enum: only ever in what clients send), rewritten. */
function termsAsWritten(value: unknown): void {
  if (!value || typeof value !== 'object') return;
  const schema = value as { enum?: string[]; maxLength?: number; anyOf?: unknown };
  if (schema.maxLength === 100 && schema.enum) {
    schema.anyOf = [{ enum: schema.enum }, { pattern: termsPattern(schema.enum) }];
    delete schema.enum;
  }
  for (const item of Object.values(value)) termsAsWritten(item);
}
for (const { fix } of FIXED) fix(before);

/** What later work added on purpose, each named: adopted from the derived document at these places. */
const ADDED: { what: string; at: string[][] }[] = [
  {
    what: 'listings carry an indicative `pricing` block, null when absent (issue 42)',
    at: [
      ['components', 'schemas', 'Listing'],
      ['components', 'schemas', 'ListingResponse'],
    ],
  },
  {
    what: 'a catalogue search with no result names the nearest listings; q matches any word; sort=relevance (issue 42)',
    at: [
      ['components', 'schemas', 'CatalogList'],
      ['paths', '/api/v1/catalog', 'get', 'parameters'],
    ],
  },
];
ADDED.push({
  what: 'caps and removal (issue 41 items 8–13): 20 live keys (409), 30 data requests an hour and access requests per domain and hour (429), an endpoint disabled with its maker, an invitation to another organisation answered 201',
  at: [
    ['paths', '/api/v1/requests', 'post', 'description'],
    ['paths', '/api/v1/access-requests', 'post', 'description'],
    ['paths', '/api/v1/keys', 'post'],
    ['paths', '/api/v1/team/invitations', 'post', 'description'],
    ['components', 'schemas', 'WebhookEndpoint'],
    ['components', 'schemas', 'WebhookEndpointCreated'],
  ],
});
const at = (document: unknown, path: string[]) => path.reduce<any>((value, key) => value?.[key], document);
for (const { at: places } of ADDED)
  for (const place of places) {
    const parent = at(before, place.slice(0, -1));
    parent[place.at(-1)!] = structuredClone(at(derived, place));
  }

const operations = (document: Document) =>
  Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`),
  );

test('the same operations, no more and no fewer', () => {
  expect(operations(derived).sort()).toEqual(operations(before).sort());
});

describe.each(operations(before))('%s', (operation) => {
  const [method, path] = operation.split(' ') as [string, string];
  test('is derived as it was documented', () => {
    expect(derived.paths[path]?.[method.toLowerCase()]).toEqual(before.paths[path]![method.toLowerCase()]);
  });
});

test.each(Object.keys(before.components.schemas))('component %s is the same', (name) => {
  expect(derived.components.schemas[name]).toEqual(before.components.schemas[name]);
});

test('the same components, webhooks, security schemes, tags, info and servers', () => {
  expect(Object.keys(derived.components.schemas)).toEqual(Object.keys(before.components.schemas));
  expect(derived.components.securitySchemes).toEqual(before.components.securitySchemes);
  expect(derived.webhooks).toEqual(before.webhooks);
  for (const part of ['openapi', 'info', 'servers', 'tags', 'security'])
    expect(derived[part], part).toEqual(before[part]);
});
