// Property tests (fast-check) of POST /api/v1/requests against the built server: no JSON body makes it fail on our
// side (5xx); every valid body built from the allowed values is stored; a valid body with one field corrupted, or
// with one unknown field, is 422 naming that field and only it. The examples-based checks are in
// request-bodies.test.ts; these reach the cases nobody thought to write down. On a lab of its own.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  ALL_DATA_TYPES,
  ALL_DOMAINS,
  EXCLUSIVITY,
  TIMELINE_BANDS,
  VOLUME_BANDS,
} from '../../api/domain/vocabulary.ts';
import { formatRange, parseBand, type BandUnit } from '../../api/domain/requests/bands.ts';
import { termKey } from '../../api/domain/vocabulary-term.ts';
import { apiClient, startApiServer, VALID_REQUEST } from '../support/api-client.ts';
import { makeLab, type Lab } from '../support/lab.ts';
import type { InProcessServer } from '../support/app.ts';

let server: InProcessServer;
const { postRequest } = apiClient(() => server);

beforeAll(async () => {
  server = await startApiServer();
});
afterAll(async () => {
  await server?.stop();
});

const FORBIDDEN_KEYS = ['__proto__', 'constructor', 'prototype'];

/** True if `value` holds an object key the body reader refuses outright (400, before validation). */
const hasForbiddenKey = (value: unknown): boolean =>
  value !== null &&
  typeof value === 'object' &&
  Object.keys(value).some(
    (key) => FORBIDDEN_KEYS.includes(key) || hasForbiddenKey((value as Record<string, unknown>)[key]),
  );

describe('property tests: POST /api/v1/requests never fails on our side', () => {
  let lab: Lab;
  beforeAll(async () => {
    lab = await makeLab(server.dataDir, 'property tests lab'); // nothing here counts its requests: it only adds
  });

  const FIELDS = [
    'data_types',
    'languages',
    'domains',
    'volume',
    'timeline',
    'exclusivity',
    'description',
    'publish_to_demand_board',
  ];

  /** Objects with the schema's field names (and some others) holding any JSON: reaches deeper into validation. */
  const schemaShaped = fc.dictionary(
    fc.oneof(fc.constantFrom(...FIELDS), fc.string({ maxLength: 12 })),
    fc.oneof(
      fc.jsonValue({ maxDepth: 3 }),
      fc.array(fc.oneof(fc.constantFrom(...ALL_DATA_TYPES, ...ALL_DOMAINS), fc.string({ maxLength: 20 })), {
        maxLength: 4,
      }),
    ),
    { maxKeys: 9 },
  );

  test('(a) any JSON value as the body: 201, or 4xx with the error envelope; never 5xx', async () => {
    await fc.assert(
      fc.asyncProperty(fc.oneof(fc.jsonValue(), schemaShaped), async (value) => {
        const reply = await postRequest(lab.key, JSON.stringify(value));
        expect(reply.status, reply.text).toBeLessThan(500);
        expect(reply.headers.get('content-type')).toBe('application/json; charset=utf-8');
        if (reply.status === 201) {
          expect(reply.body).toEqual({ data: { id: expect.any(String), status: 'received' } });
          return;
        }
        expect(reply.status, reply.text).toBeGreaterThanOrEqual(400);
        expect(Object.keys(reply.body)).toEqual(['error']);
        expect(reply.body.error).toEqual(
          expect.objectContaining({ code: expect.any(String), message: expect.any(String) }),
        );
        if (reply.status === 422) expect(Object.keys(reply.body.error.fields).length).toBeGreaterThan(0);
      }),
      { numRuns: 150 },
    );
  });

  /** Bands as the parser prints them back (any unit, open or closed): each one a lab could write. */
  const writtenBand = (kind: 'volume' | 'timeline') =>
    fc
      .tuple(
        kind === 'timeline'
          ? fc.constant<BandUnit>('days')
          : fc.constantFrom<BandUnit>('bytes', 'hours', 'studies', 'images', 'series', 'records', 'calls'),
        fc.integer({ min: 1, max: 5000 }),
        fc.integer({ min: 1, max: 5000 }),
        fc.boolean(),
      )
      .map(([unit, a, b, open]) => {
        const scale = unit === 'bytes' ? 1e9 : unit === 'days' ? 7 : 1;
        return formatRange({
          min: Math.min(a, b) * scale,
          max: open ? null : (Math.max(a, b) + 1) * scale,
          unit,
        });
      });
  // Distinct canonical names: "English" and "en" together would be a duplicate.
  const LANGUAGES = ['English', 'es', 'de-DE', 'fra', 'Japanese', 'hi'];
  const description = fc.stringMatching(/^[A-Za-z][A-Za-z0-9 ,.()-]{18,120}[a-z.]$/);
  const validBody = fc.record(
    {
      data_types: fc.uniqueArray(fc.constantFrom(...ALL_DATA_TYPES), { minLength: 1, maxLength: 4 }),
      // null is "none" for these lists, as for the optional fields below.
      languages: fc.oneof(fc.uniqueArray(fc.constantFrom(...LANGUAGES), { maxLength: 3 }), fc.constant(null)),
      domains: fc.oneof(fc.uniqueArray(fc.constantFrom(...ALL_DOMAINS), { maxLength: 4 }), fc.constant(null)),
      volume: fc.oneof(fc.constantFrom(...VOLUME_BANDS, null), writtenBand('volume')),
      timeline: fc.oneof(fc.constantFrom(...TIMELINE_BANDS, null), writtenBand('timeline')),
      exclusivity: fc.constantFrom(...EXCLUSIVITY, null),
      description,
      publish_to_demand_board: fc.boolean(),
    },
    { requiredKeys: ['data_types', 'description'] },
  );

  test('valid bodies built from the allowed values are always 201', async () => {
    await fc.assert(
      fc.asyncProperty(validBody, async (body) => {
        const reply = await postRequest(lab.key, body);
        expect(reply.status, `${JSON.stringify(body)} → ${reply.text}`).toBe(201);
      }),
      { numRuns: 40 },
    );
  });

  const notIn = (allowed: readonly unknown[]) => (value: unknown) => !allowed.includes(value as never);
  // No NaN or ±Infinity: JSON.stringify turns them into null, which some fields allow.
  const wrongScalar = fc.oneof(
    fc.integer(),
    fc.double({ noNaN: true, noDefaultInfinity: true }),
    fc.boolean(),
    fc.constant({}),
  );
  // Any string the parser refuses (a random one is, but "1-2 h" would not be), a wrong type, a list.
  const band = (kind: 'volume' | 'timeline', allowed: readonly string[]) =>
    fc.oneof(
      fc.string({ maxLength: 15 }).filter((text) => !parseBand(kind, text).ok),
      wrongScalar,
      fc.constant([allowed[0]]),
    );
  const listOf = (allowed: readonly string[], unknown: fc.Arbitrary<unknown>, nullMeansNone = false) =>
    fc.oneof(
      fc.constantFrom(...allowed), // a bare string, not a list
      wrongScalar,
      nullMeansNone ? wrongScalar : fc.constant(null),
      fc
        .tuple(fc.uniqueArray(fc.constantFrom(...allowed), { maxLength: 2 }), unknown)
        .map(([good, bad]) => [...good, bad]),
    );
  const corruption: fc.Arbitrary<[string, unknown]> = fc.oneof(
    fc.tuple(
      fc.constant('data_types'),
      fc.oneof(
        listOf(
          ALL_DATA_TYPES,
          fc.oneof(fc.string({ maxLength: 15 }).filter(notIn(ALL_DATA_TYPES)), wrongScalar),
        ),
        fc.constant([]),
      ),
    ),
    fc.tuple(
      fc.constant('languages'),
      listOf(
        LANGUAGES,
        fc.oneof(
          fc.constantFrom('Klingonese', 'Elvish', 'Dothraki!', '', '   ', '12', 'not a language'),
          wrongScalar,
        ),
        true,
      ),
    ),
    fc.tuple(
      fc.constant('domains'),
      // Any case and spacing of a domain is the domain: a corruption must be none of them.
      listOf(
        ALL_DOMAINS,
        fc.oneof(
          fc
            .string({ maxLength: 15 })
            .filter((text) => !(ALL_DOMAINS as readonly string[]).includes(termKey(text))),
          wrongScalar,
        ),
        true,
      ),
    ),
    fc.tuple(fc.constant('volume'), band('volume', VOLUME_BANDS)),
    fc.tuple(fc.constant('timeline'), band('timeline', TIMELINE_BANDS)),
    fc.tuple(
      fc.constant('exclusivity'),
      fc.oneof(
        fc.string({ maxLength: 15 }).filter(notIn(EXCLUSIVITY)),
        wrongScalar,
        fc.constant([EXCLUSIVITY[0]]),
      ),
    ),
    fc.tuple(
      fc.constant('description'),
      fc.oneof(
        wrongScalar,
        fc.constant(null),
        fc.string({ maxLength: 19 }),
        fc.constant(' '.repeat(40)),
        fc.constant([VALID_REQUEST.description]),
      ),
    ),
    fc.tuple(
      fc.constant('publish_to_demand_board'),
      fc.oneof(fc.constantFrom('true', 'false', 1, 0, null, [], {}), fc.string({ maxLength: 5 })),
    ),
  );

  test('(b) a valid body with one field corrupted is 422 naming that field (or a path under it), only it', async () => {
    await fc.assert(
      fc.asyncProperty(validBody, corruption, async (body, [field, value]) => {
        const sent = { ...body, [field]: value };
        const reply = await postRequest(lab.key, sent);
        const context = `${JSON.stringify(sent)} → ${reply.text}`;
        expect(reply.status, context).toBe(422);
        expect(reply.body.error.code, context).toBe('invalid');
        const named = Object.keys(reply.body.error.fields);
        expect(named.length, context).toBeGreaterThan(0);
        for (const name of named) expect(name === field || name.startsWith(`${field}.`), context).toBe(true);
      }),
      { numRuns: 150 },
    );
  });

  test('(b′) a valid body with one unknown field is 422 naming exactly that field', async () => {
    // Names an object has by inheritance (toString, valueOf, …) are unknown fields like any other.
    const inherited = Object.getOwnPropertyNames(Object.prototype).filter((n) => !FORBIDDEN_KEYS.includes(n));
    const unknownName = fc
      .oneof(fc.string({ minLength: 1, maxLength: 20 }), fc.constantFrom(...inherited))
      .filter((name) => !FIELDS.includes(name) && !FORBIDDEN_KEYS.includes(name));
    const value = fc.jsonValue({ maxDepth: 2 }).filter((v) => !hasForbiddenKey(v));
    await fc.assert(
      fc.asyncProperty(validBody, unknownName, value, async (body, name, value) => {
        const reply = await postRequest(lab.key, { ...body, [name]: value });
        const context = `${name} → ${reply.text}`;
        expect(reply.status, context).toBe(422);
        expect(Object.keys(reply.body.error.fields), context).toEqual([name]);
      }),
      { numRuns: 100 },
    );
  });
});
