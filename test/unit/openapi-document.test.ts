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
  {
    what: 'every operation documents 401: POST /api/v1/access-requests and /api/v1/session/link gain it',
    why: 'an Authorization header that fails (another scheme, a bad key) is refused everywhere, even where none is read (contract §5; issue 41, item 18)',
    fix: (document) => gain(document, '401', 'POST /api/v1/session/logout'),
  },
  {
    what: 'every POST and DELETE documents 403: POST /api/v1/requests, …/withdraw, /access-requests and /session/link gain it',
    why: 'a session cookie sent from another origin, or a form from another site, is 403 on each (issue 41, item 18)',
    fix: (document) =>
      gain(document, '403', 'POST /api/v1/session/logout', (name) => !name.startsWith('GET ')),
  },
  {
    what: 'POST /api/v1/access-requests and /api/v1/session/link document the 303 a form post gets',
    why: 'a page without JavaScript posts a form and is sent on with Location (issue 41, item 18)',
    fix(document) {
      for (const [name, location, what] of [
        ['POST /api/v1/access-requests', '/access/?sent=1', 'Received'],
        ['POST /api/v1/session/link', '/signin/?sent=1', 'Sent if the address is known'],
      ] as const)
        operationsByName(document)[name]!.responses['303'] = {
          description: `${what}, from a form post: on to the page that says so`,
          headers: {
            ...RATE_HEADERS_OF(document),
            Location: { description: location, schema: { type: 'string' } },
          },
        };
    },
  },
  {
    what: 'POST /api/v1/samples/{id} documents 400 for a body that is not JSON',
    why: 'it reads an optional body, and bad JSON there is 400 bad_request (issue 41, item 18)',
    fix(document) {
      operationsByName(document)['POST /api/v1/samples/{id}']!.responses['400'] = structuredClone(
        response(document, 'POST /api/v1/requests', '400'),
      );
    },
  },
  {
    what: "POST /api/v1/session/logout's 204 names its Set-Cookie",
    why: 'it clears the session cookie (issue 41, item 18)',
    fix(document) {
      const signedOut = response(document, 'POST /api/v1/session/logout', '204');
      signedOut.headers = {
        ...signedOut.headers,
        'Set-Cookie': { description: 'The session cookie, cleared (Max-Age=0)', schema: { type: 'string' } },
      };
    },
  },
  {
    what: 'every operation documents 503 unavailable with Retry-After (reads too)',
    why: 'the store is asked on every keyed call, and a PostgreSQL that does not answer is 503 on reads as on writes (issue 41, item 18)',
    fix: (document) => gain(document, '503', 'POST /api/v1/requests'),
  },
  {
    what: 'every answer names X-Request-Id and its CORS headers, by $ref to components.headers',
    why: 'the pipeline puts them on every answer, counted or not (issue 41, item 18); X-Request-Id was named only beside the rate-limit headers',
    fix(document) {
      const every = Object.fromEntries(
        ['X-Request-Id', 'Access-Control-Allow-Origin', 'Access-Control-Expose-Headers'].map((name) => [
          name,
          { $ref: `#/components/headers/${name}` },
        ]),
      );
      for (const operation of operationsOf(document))
        for (const answer of Object.values(operation.responses)) {
          const { 'X-Request-Id': _inline, ...rest } = answer.headers ?? {};
          answer.headers = { ...rest, ...every };
        }
    },
  },
  {
    what: 'a sign-in link is confirmed by a POST on its page; an invitation lives 72 hours, not 7 days',
    why: 'a mail scanner following the link used it up, and a read-later invitation outlived its use (issue 41, items 3, 4, 7)',
    fix(document) {
      const op = (path: string) => document.paths[path]!.post as { description: string };
      op('/api/v1/session/link').description = op('/api/v1/session/link').description.replace(
        'GET /signin/callback?token=… sets the session cookie.',
        "The link's page (GET /signin/callback?token=…) asks the person to confirm, and only that POST uses the link and sets the session cookie. The answer does not wait for the mail, so it takes the same time for any address.",
      );
      const invite = op('/api/v1/team/invitations');
      invite.description = invite.description.replace('(valid 7 days, once)', '(valid 72 hours, once)');
    },
  },
];

type Answer = { headers?: Record<string, unknown> } & Record<string, unknown>;
type Operation = { responses: Record<string, Answer> };

const operationsByName = (document: Document): Record<string, Operation> =>
  Object.fromEntries(
    Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, operation]) => [
        `${method.toUpperCase()} ${path}`,
        operation as Operation,
      ]),
    ),
  );
const operationsOf = (document: Document) => Object.values(operationsByName(document));
const response = (document: Document, operation: string, status: string) =>
  operationsByName(document)[operation]!.responses[status]!;
/** Each operation `which` names without a `status` answer gets `from`'s, as the old document wrote it. */
function gain(document: Document, status: string, from: string, which = (_name: string) => true): void {
  const answer = response(document, from, status);
  for (const [name, operation] of Object.entries(operationsByName(document)))
    if (which(name)) operation.responses[status] ??= structuredClone(answer);
}
/** The rate-limit headers as the old document wrote them on a counted answer. */
const RATE_HEADERS_OF = (document: Document) => {
  const { RateLimit, 'RateLimit-Policy': policy } = response(
    document,
    'POST /api/v1/requests',
    '201',
  ).headers!;
  return { RateLimit, 'RateLimit-Policy': policy };
};

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
  {
    what: 'POST /api/v1/samples/{id} takes an Idempotency-Key, and its 202 says when it is a replay (issue 41, item 19)',
    at: [
      ['paths', '/api/v1/samples/{id}', 'post', 'parameters'],
      ['paths', '/api/v1/samples/{id}', 'post', 'description'],
      ['paths', '/api/v1/samples/{id}', 'post', 'responses', '202', 'headers'],
    ],
  },
  {
    what: 'the NDA names its parties from LEGAL_*: GET /api/v1/nda adds text_url and unset_settings; acceptance is 409 conflict while they are unset, and mails a signed PDF copy (issue 42)',
    at: [
      ['components', 'schemas', 'Nda'],
      ['paths', '/api/v1/nda/acceptances', 'post'],
    ],
  },
  {
    what: 'listings carry their licence terms (`rights`); POST /api/v1/catalog/{id}/fit checks a use against them; a data request may carry `intended_use`, and each match then says whether it fits (issue 43)',
    at: [
      ['components', 'schemas', 'Listing'],
      ['components', 'schemas', 'ListingResponse'],
      ['components', 'schemas', 'Rights'],
      ['paths', '/api/v1/catalog/{id}/fit'],
      ['components', 'schemas', 'IntendedUse'],
      ['components', 'schemas', 'Fit'],
      ['components', 'schemas', 'DataRequestInput'],
      ['components', 'schemas', 'RequestMatch'],
      ['components', 'schemas', 'LabRequest'],
      ['components', 'schemas', 'LabRequestDetail'],
      // Their examples show an intended use and each match's fit.
      ['paths', '/api/v1/requests'],
      ['paths', '/api/v1/requests/{id}'],
      ['paths', '/api/v1/requests/{id}/withdraw'],
    ],
  },
  {
    what: 'a request has a two-way thread: messages beside events, and POST …/messages for the lab (issue 40)',
    at: [
      ['paths', '/api/v1/requests/{id}/messages'],
      ['paths', '/api/v1/requests/{id}', 'get'],
      ['paths', '/api/v1/requests/{id}/withdraw', 'post'],
      ['components', 'schemas', 'RequestMessage'],
      ['components', 'schemas', 'LabRequestDetail'],
      ['components', 'schemas', 'RequestMessageInput'],
      ['components', 'schemas', 'RequestMessageResponse'],
    ],
  },
  {
    what: 'recalls: GET /api/v1/recalls, POST /api/v1/recalls/{id}/acknowledgements, the listing.recalled event (subscribable, so in the endpoint event lists) and the Recalls tag (issue 43)',
    at: [
      ['paths', '/api/v1/recalls'],
      ['paths', '/api/v1/recalls/{id}/acknowledgements'],
      ['components', 'schemas', 'Recall'],
      ['components', 'schemas', 'RecallList'],
      ['components', 'schemas', 'RecallAcknowledgement'],
      ['components', 'schemas', 'WebhookEndpoint'],
      ['components', 'schemas', 'WebhookEndpointCreated'],
      ['paths', '/api/v1/webhooks', 'post', 'requestBody'],
      ['webhooks', 'listing.recalled'],
      ['tags'],
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
// The document lists its components by name: an added one takes its place in that order.
before.components.schemas = Object.fromEntries(
  Object.entries(before.components.schemas).sort(([a], [b]) => (a < b ? -1 : 1)),
);

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
