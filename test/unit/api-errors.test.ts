// The API core with real Requests: routing and the error envelope on every path, the headers every response
// carries, and no NDA value in any public answer.
import { beforeAll, describe, expect, test } from 'vitest';
import { createCatalog } from '../../api/domain/listings/catalog.ts';
import { languageCode } from '../../api/domain/languages.ts';
import type { ListingWithBody } from '../../api/domain/listings/listing-files.ts';
import { testApi } from '../support/api.ts';
import { body, catalogApi } from '../support/catalog-api.ts';

let t: Awaited<ReturnType<typeof catalogApi>>;
let listings: ListingWithBody[];
beforeAll(async () => {
  t = await catalogApi();
  listings = t.listings;
});

describe('errors on every path', () => {
  test.each(['/api/v1', '/api/v1/', '/api/v1/nothing', '/api/v1/catalog/x/y', '/api/v1/CATALOG'])(
    '%s is a JSON 404',
    async (path) => {
      const response = await t.call(path);
      expect(response.status).toBe(404);
      expect((await body(response)).error).toMatchObject({ code: 'not_found' });
      expect(response.headers.get('x-request-id')).toMatch(/^test-/);
    },
  );

  test.each([
    ['DELETE', '/api/v1/catalog'],
    ['PUT', '/api/v1/catalog/us-auto-insurance-claims-calls'],
    ['PATCH', '/api/v1/health'],
  ])('%s %s is 405 with Allow', async (method, path) => {
    const response = await t.call(path, { method });
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('GET, HEAD, OPTIONS');
    expect((await body(response)).error.code).toBe('method_not_allowed');
  });

  test('HEAD is answered wherever GET is', async () => {
    const response = await t.call('/api/v1/catalog', { method: 'HEAD' });
    expect(response.status).toBe(200);
  });

  test('OPTIONS is a CORS preflight', async () => {
    const response = await t.call('/api/v1/catalog', {
      method: 'OPTIONS',
      headers: { Origin: 'https://lab.example', 'Access-Control-Request-Method': 'GET' },
    });
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(response.headers.get('access-control-allow-methods')).toContain('GET');
    expect(response.headers.get('access-control-allow-headers')).toContain('Authorization');
  });

  test('an unexpected failure is 500 internal: logged with the request id, no stack trace in the body', async () => {
    const broken = createCatalog(listings);
    broken.filter = () => {
      throw new TypeError('boom at secret/path.ts:12');
    };
    const { call, errors } = await testApi({}, { catalog: broken });
    const response = await call('/api/v1/catalog?status=listed');
    expect(response.status).toBe(500);
    const text = await response.text();
    expect(JSON.parse(text).error.code).toBe('internal');
    expect(text).not.toContain('boom');
    expect(text).not.toContain('.ts');
    expect(errors).toHaveLength(1);
    expect(errors[0]!.requestId).toBe(response.headers.get('x-request-id'));
    expect(JSON.parse(text).error.message).toContain(errors[0]!.requestId);
  });

  test('every response carries nosniff, a request id and the rate-limit headers', async () => {
    const response = await t.call('/api/v1/catalog/nope');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('x-request-id')).toBeTruthy();
    expect(response.headers.get('ratelimit-policy')).toBe('"per-ip";q=100000;w=60');
    expect(response.headers.get('ratelimit')).toMatch(/^"per-ip";r=\d+;t=\d+$/);
  });
});

test('the catalogue index holds a language code for every listed language', () => {
  for (const listing of listings)
    for (const name of listing.languages ?? []) expect(languageCode(name)).toBeTruthy();
});

test('no nda value appears in any public API response', async () => {
  const { ndaSecrets } = await import('../support/nda-secrets.ts');
  const secrets = ndaSecrets(listings);
  const bodies = [
    await (await t.call('/api/v1/catalog')).text(),
    await (await t.call('/api/v1/demand')).text(),
  ];
  for (const listing of listings) bodies.push(await (await t.call(`/api/v1/catalog/${listing.id}`)).text());
  for (const body of bodies) for (const secret of secrets) expect(body.includes(secret), secret).toBe(false);
});

test.each(['toString', 'valueOf', 'hasOwnProperty', '__proto__', 'constructor'])(
  'a query parameter named %s is refused like any unknown one (422), never a 500',
  async (name) => {
    const response = await t.call(`/api/v1/catalog?${name}=1`);
    expect(response.status).toBe(422);
    const { error } = await response.json();
    expect(Object.keys(error.fields)).toEqual([name]);
  },
);
