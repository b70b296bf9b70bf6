// The API core with real Requests: the catalogue endpoints, their filters and free text. The facets and sort in
// api-catalog-facets.test.ts; routing and the error envelope on every path in api-errors.test.ts.
import { beforeAll, describe, expect, test } from 'vitest';
import { catalogBody } from '../../api/domain/listings/catalog.ts';
import type { ListingWithBody } from '../../api/domain/listings/listing-files.ts';
import { toPublicListing } from '../../api/domain/listings/public-listing.ts';
import { body, catalogApi } from '../support/catalog-api.ts';

let t: Awaited<ReturnType<typeof catalogApi>>;
let listings: ListingWithBody[];
beforeAll(async () => {
  t = await catalogApi();
  listings = t.listings;
});

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
