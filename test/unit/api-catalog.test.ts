// The API core with real Requests: routing, the catalogue endpoints, the error envelope.
import { beforeAll, describe, expect, test } from 'vitest';
import { catalogBody, createCatalog } from '../../api/domain/listings/catalog.ts';
import { languageCode } from '../../api/domain/languages.ts';
import type { ListingWithBody } from '../../api/domain/listings/listing-files.ts';
import { toPublicListing } from '../../api/domain/listings/public-listing.ts';
import { testApi } from '../support/api.ts';

let t: Awaited<ReturnType<typeof testApi>>;
let listings: ListingWithBody[];
beforeAll(async () => {
  t = await testApi({ RATE_LIMIT_PUBLIC_PER_MINUTE: '100000' });
  listings = t.listings;
});

async function body(response: Response) {
  expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
  return response.json();
}

describe('GET /api/v1/catalog', () => {
  test('lists every listing, public fields only, in the order of /catalog.json', async () => {
    const response = await t.call('/api/v1/catalog');
    expect(response.status).toBe(200);
    expect(await body(response)).toEqual(catalogBody(listings));
    expect(response.headers.get('cache-control')).toBe('public, max-age=60');
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
  });

  const matching = (predicate: (l: ListingWithBody) => boolean) =>
    catalogBody(listings.filter(predicate)).data.map((l) => l.id);

  test.each([
    ['vertical=conversational_audio', (l: ListingWithBody) => l.vertical === 'conversational_audio'],
    ['vertical=medical_imaging', (l: ListingWithBody) => l.vertical === 'medical_imaging'],
    ['status=listed', (l: ListingWithBody) => l.status === 'listed'],
    ['status=sample_ready', (l: ListingWithBody) => l.status === 'sample_ready'],
    ['status=under_nda', (l: ListingWithBody) => l.status === 'under_nda'],
    ['status=licensed', (l: ListingWithBody) => l.status === 'licensed'],
    [
      'vertical=medical_imaging&status=licensed',
      (l: ListingWithBody) => l.vertical === 'medical_imaging' && l.status === 'licensed',
    ],
    ['vertical=medical_imaging&language=en', () => false],
    // Any case, spaces or hyphens, as every other filter reads its terms.
    ['vertical=Medical_Imaging', (l: ListingWithBody) => l.vertical === 'medical_imaging'],
    ['vertical=medical%20imaging', (l: ListingWithBody) => l.vertical === 'medical_imaging'],
    ['vertical=Conversational-Audio', (l: ListingWithBody) => l.vertical === 'conversational_audio'],
    ['status=LISTED', (l: ListingWithBody) => l.status === 'listed'],
    ['status=Sample%20ready', (l: ListingWithBody) => l.status === 'sample_ready'],
    ['data_type=Call%20Audio', (l: ListingWithBody) => l.data_type === 'call_audio'],
    [
      'status=sample_ready&language=Spanish',
      (l: ListingWithBody) => l.status === 'sample_ready' && !!l.languages?.includes('Spanish'),
    ],
  ])('?%s', async (query, predicate) => {
    const result = await body(await t.call(`/api/v1/catalog?${query}`));
    expect(result.data.map((l: { id: string }) => l.id)).toEqual(matching(predicate));
    expect(result.count).toBe(result.data.length);
  });

  test('each filter narrows the list and every value is met by some listing', async () => {
    for (const query of ['vertical=medical_imaging', 'status=licensed', 'language=de']) {
      const { count } = await body(await t.call(`/api/v1/catalog?${query}`));
      expect(count).toBeGreaterThan(0);
      expect(count).toBeLessThan(listings.length);
    }
  });

  test.each(['en', 'EN', 'eng', 'en-US', 'en-gb', 'English', 'ENGLISH', 'english'])(
    'language=%s means English',
    async (form) => {
      const result = await body(await t.call(`/api/v1/catalog?language=${encodeURIComponent(form)}`));
      expect(result.data.map((l: { id: string }) => l.id)).toEqual(
        matching((l) => !!l.languages?.includes('English')),
      );
    },
  );

  test.each([
    ['es', 'Spanish'],
    ['spa', 'Spanish'],
    ['Spanish', 'Spanish'],
    ['hi', 'Hindi'],
    ['ar', 'Arabic'],
    ['zh', 'Chinese'],
    ['cmn', 'Chinese'],
    ['pt-BR', 'Portuguese'],
    ['fil', 'Filipino'],
    ['tl', 'Filipino'],
    // Common names of one language that ICU's English lacks, and its regional names.
    ['Mandarin', 'Chinese'],
    ['Tagalog', 'Filipino'],
    ['Brazilian%20Portuguese', 'Portuguese'],
    ['Castilian', 'Spanish'],
  ])('language=%s matches %s', async (form, name) => {
    const result = await body(await t.call(`/api/v1/catalog?language=${form}`));
    expect(result.count).toBeGreaterThan(0);
    expect(result.data.map((l: { id: string }) => l.id)).toEqual(
      matching((l) => !!l.languages?.includes(name)),
    );
  });

  test('a known language no listing has gives an empty list, not an error', async () => {
    expect(await body(await t.call('/api/v1/catalog?language=sw'))).toEqual({
      data: [],
      count: 0,
      nearest: expect.any(Array),
    });
  });

  describe('free text (q)', () => {
    const ids = async (query: string) =>
      (await body(await t.call(`/api/v1/catalog?${query}`))).data.map((l: { id: string }) => l.id);

    test('matches any word of the title, the description and the facets, in any case; more words first', async () => {
      expect(await ids('q=Mandarin')).toEqual(['cn-ecommerce-customer-service-calls-mandarin']);
      expect(await ids('q=INSURANCE%20claims')).toContain('us-auto-insurance-claims-calls');
      const either = await ids('q=insurance%20mammography');
      expect(either).toContain('us-auto-insurance-claims-calls');
      expect(either).toContain('nordic-screening-mammography');
      // Issue 42: a language by name, the British spelling, and the listing matching the most words first.
      expect((await ids('q=spanish%20call%20centre'))[0]).toBe('mx-banking-support-calls');
      const none = await body(
        await t.call('/api/v1/catalog?q=spanish&vertical=medical_imaging&geography=MX'),
      );
      expect(none.count).toBe(0);
      // Says so, and names the nearest listings: the Mexican Spanish calls meet the most of what was asked.
      expect(none.nearest.map((l: { id: string }) => l.id)).toContain('mx-banking-support-calls');
      // Facets: a domain and a modality's name, found though neither is in the title.
      const telecom = listings.find((l) => l.domain === 'telecommunications')!;
      expect(await ids('q=telecommunications')).toContain(telecom.id);
      const ct = listings.find((l) => l.modality === 'CT')!;
      expect(await ids('q=computed%20tomography')).toContain(ct.id);
    });

    test('a word matches the start of a word, not its middle; accents and case do not matter', async () => {
      expect(await ids('q=insur')).toContain('us-auto-insurance-claims-calls');
      expect(await ids('q=surance')).not.toContain('us-auto-insurance-claims-calls');
      expect(await ids('q=M%C3%89DICAL')).toEqual(await ids('q=medical'));
    });

    test('combines with the filters; an empty q is no filter', async () => {
      const ct = await ids('vertical=medical_imaging&q=ct');
      expect(ct.length).toBeGreaterThan(0);
      expect(ct).toEqual(
        ct.filter((id: string) => matching((l) => l.vertical === 'medical_imaging').includes(id)),
      );
      expect(await ids('q=')).toEqual(await ids(''));
    });

    test.each([
      ['q=' + 'word%20'.repeat(11), ['q']],
      ['q=' + 'x'.repeat(201), ['q']],
      ['q=a&q=b', ['q']],
    ])('?%s is 422 naming q', async (query, fields) => {
      const response = await t.call(`/api/v1/catalog?${query}`);
      expect(response.status).toBe(422);
      expect(Object.keys((await body(response)).error.fields)).toEqual(fields);
    });
  });

  describe('geography, domain, data_type, modality, several values, sort (issue 23)', () => {
    const ids = async (query: string) =>
      (await body(await t.call(`/api/v1/catalog?${query}`))).data.map((l: { id: string }) => l.id);
    const countriesOf = (l: ListingWithBody) => l.geography.split(',').map((c) => c.trim());

    test.each([
      ['geography=Germany', (l: ListingWithBody) => countriesOf(l).includes('Germany')],
      ['geography=de', (l: ListingWithBody) => countriesOf(l).includes('Germany')],
      ['geography=AUSTRIA', (l: ListingWithBody) => countriesOf(l).includes('Austria')],
      [
        'geography=Germany,Austria',
        (l: ListingWithBody) => countriesOf(l).some((c) => ['Germany', 'Austria'].includes(c)),
      ],
      ['domain=Insurance', (l: ListingWithBody) => l.domain === 'insurance'],
      ['domain=emergency medicine', (l: ListingWithBody) => l.domain === 'emergency_medicine'],
      ['data_type=ct_study,mr_study', (l: ListingWithBody) => ['ct_study', 'mr_study'].includes(l.data_type)],
      ['modality=ct', (l: ListingWithBody) => !!l.modality?.split(', ').includes('CT')],
      ['modality=Mammography', (l: ListingWithBody) => l.modality === 'MG'],
      ['status=listed,licensed', (l: ListingWithBody) => ['listed', 'licensed'].includes(l.status)],
      [
        'language=en,es',
        (l: ListingWithBody) => !!l.languages?.some((n) => ['English', 'Spanish'].includes(n)),
      ],
      [
        'vertical=conversational_audio&geography=Germany,India&status=licensed,sample_ready',
        (l: ListingWithBody) =>
          l.vertical === 'conversational_audio' &&
          countriesOf(l).some((c) => ['Germany', 'India'].includes(c)) &&
          ['licensed', 'sample_ready'].includes(l.status),
      ],
    ])('?%s', async (query, wanted) => {
      const result = await ids(query);
      expect(result.length).toBeGreaterThan(0);
      expect(result).toEqual(matching(wanted));
    });

    test('a listing recorded in "Germany, Austria" is found by either country', async () => {
      const composite = listings.find((l) => l.geography.includes(','))!;
      for (const country of countriesOf(composite)) {
        expect(await ids(`geography=${encodeURIComponent(country)}`)).toContain(composite.id);
      }
    });

    test.each([
      [
        'updated',
        (a: ListingWithBody, b: ListingWithBody) =>
          b.updated.localeCompare(a.updated) || (a.id < b.id ? -1 : 1),
      ],
      [
        'title',
        (a: ListingWithBody, b: ListingWithBody) =>
          a.title.localeCompare(b.title, 'en') || (a.id < b.id ? -1 : 1),
      ],
    ])('sort=%s orders the whole list', async (sort, compare) => {
      expect(await ids(`sort=${sort}`)).toEqual([...listings].sort(compare).map((l) => l.id));
    });

    test('sort=size puts the larger band first within a unit', async () => {
      const audio = await body(await t.call('/api/v1/catalog?vertical=conversational_audio&sort=size'));
      const lower = audio.data.map((l: { size_band: string }) =>
        Number(/^[\d,]+/.exec(l.size_band)![0].replaceAll(',', '')),
      );
      expect(lower).toEqual([...lower].sort((a, b) => b - a));
    });

    test.each([
      ['geography=Germny', 'geography', 'Germany'],
      ['geography=Atlantis', 'geography', undefined],
      ['domain=insurence', 'domain', 'insurance'],
      ['data_type=ct_studies', 'data_type', 'ct_study'],
      ['modality=MRI', 'modality', 'MR'],
      ['status=licenced', 'status', 'licensed'],
      ['language=Englsh', 'language', 'English'],
      ['vertical=audio', 'vertical', undefined],
      ['vertical=imaging', 'vertical', undefined],
      ['language=Portugese', 'language', 'Portuguese'],
      ['geography=Germany,Frnce', 'geography', 'France'],
    ])('?%s is 422 naming %s and the closest value', async (query, field, closest) => {
      const response = await t.call(`/api/v1/catalog?${query}`);
      expect(response.status).toBe(422);
      const { error } = await body(response);
      expect(error.code).toBe('invalid');
      expect(Object.keys(error.fields)).toEqual([field]);
      if (closest) expect(error.fields[field][0]).toContain(`did you mean "${closest}"`);
    });

    test.each([
      ['vertical=audio', 'the closest is "conversational_audio"'],
      ['vertical=imaging', 'the closest is "medical_imaging"'],
    ])('?%s is 422 naming the closest vertical', async (query, closest) => {
      const response = await t.call(`/api/v1/catalog?${query}`);
      expect(response.status).toBe(422);
      expect((await body(response)).error.fields.vertical).toEqual([expect.stringContaining(closest)]);
    });

    test.each([
      'language=Xyzzy',
      'language=Qwertyuiop',
      'geography=Atlantis',
      'domain=video',
      'vertical=video',
    ])('?%s is 422 with no far-off suggestion, saying what to send', async (query) => {
      const response = await t.call(`/api/v1/catalog?${query}`);
      expect(response.status).toBe(422);
      const [message] = Object.values((await body(response)).error.fields).flat() as string[];
      expect(message).not.toMatch(/did you mean|closest/);
      expect(message).toMatch(/try "|e\.g\. |use one of /);
    });

    test('?sort=newest is 422 naming sort', async () => {
      const response = await t.call('/api/v1/catalog?sort=newest');
      expect(response.status).toBe(422);
      expect(Object.keys((await body(response)).error.fields)).toEqual(['sort']);
    });
  });

  test.each([
    ['vertical=video', ['vertical']],
    ['status=archived', ['status']],
    ['language=Klingonese', ['language']],
    ['language=', ['language']],
    ['verticle=medical_imaging', ['verticle']],
    ['page=2', ['page']],
    ['status=listed&status=licensed', ['status']],
    ['vertical=x&status=y&foo=z', ['vertical', 'status', 'foo']],
  ])('?%s is 422 invalid naming %j', async (query, fields) => {
    const response = await t.call(`/api/v1/catalog?${query}`);
    expect(response.status).toBe(422);
    const { error } = await body(response);
    expect(error.code).toBe('invalid');
    expect(Object.keys(error.fields).sort()).toEqual([...fields].sort());
    expect(error.message).toMatch(/error\.fields/);
  });
});

describe('GET /api/v1/catalog/{id}', () => {
  test('every seed listing carries its indicative price range, as its file gives it', async () => {
    for (const listing of listings) {
      const { data } = await body(await t.call(`/api/v1/catalog/${listing.id}`));
      expect(data.pricing, listing.id).toEqual(listing.pricing);
      expect(data.pricing.from).toBeLessThanOrEqual(data.pricing.to);
    }
    const { data } = await body(await t.call('/api/v1/catalog?vertical=medical_imaging'));
    expect(data.every((l: { pricing: unknown }) => l.pricing !== null)).toBe(true);
  });

  test('every listing by id: the public fields, nothing under nda', async () => {
    for (const listing of listings) {
      const response = await t.call(`/api/v1/catalog/${listing.id}`);
      expect(response.status).toBe(200);
      const result = await body(response);
      expect(result).toEqual({ data: toPublicListing(listing) });
      expect(JSON.stringify(result)).not.toContain(listing.nda.owner.name);
      expect(response.headers.get('vary')).toBe('Authorization');
    }
  });

  test.each([
    'no-such-listing',
    'US-AUTO-INSURANCE-CLAIMS-CALLS',
    'a%2Fb',
    '%2e%2e',
    '..%2F..%2Fetc%2Fpasswd',
    'us-auto-insurance-claims-calls%00',
    '%00',
    'x'.repeat(5000),
    'us-auto-insurance-claims-calls.md',
  ])('%s is 404 not_found', async (id) => {
    const response = await t.call(`/api/v1/catalog/${id}`);
    expect(response.status).toBe(404);
    expect((await body(response)).error.code).toBe('not_found');
  });
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
