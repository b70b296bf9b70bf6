// The catalogue's one search (issue 42) on the seed listings, through the API's own entry point: any word may
// match, more words rank first, languages, countries and spellings are found as a buyer writes them.
import { beforeAll, describe, expect, test } from 'vitest';
import {
  catalogQuerySchema,
  indexListing,
  nearestListings,
  queryCatalog,
  type IndexedListing,
} from '../../api/domain/listings/catalog-query.ts';
import { loadListings } from '../../api/domain/listings/listing-files.ts';
import { normaliseWord, searchTokens } from '../../api/domain/listings/search-words.ts';

let entries: IndexedListing[];
beforeAll(async () => {
  entries = (await loadListings('content/listings')).map((listing) =>
    indexListing(listing, listing.body ?? ''),
  );
});

const search = (params: Record<string, string>) =>
  queryCatalog(entries, catalogQuerySchema.parse(params)).map((entry) => entry.listing.id);

describe('words', () => {
  test.each([
    ['centre', 'center'],
    ['centres', 'centers'],
    ['organisation', 'organization'],
    ['anonymised', 'anonymized'],
    ['tumour', 'tumor'],
    ['paediatric', 'pediatric'],
    ['orthopaedics', 'orthopedics'],
    ['labelled', 'labeled'],
    ['catalogue', 'catalog'],
    ['hour', 'hour'],
  ])('%s is indexed as %s', (word, indexed) => expect(normaliseWord(word)).toBe(indexed));

  test('"call centre" and "contact center" yield the same phrase token; filler words are dropped', () => {
    expect(searchTokens('Call Centre')).toEqual(['call', 'callcenter', 'center']);
    expect(searchTokens('contact-center')).toContain('callcenter');
    expect(searchTokens('calls in the data')).toEqual(['calls']);
  });
});

describe('ranking', () => {
  test('"spanish call centre" finds the Mexican Spanish banking calls first', () => {
    expect(search({ q: 'spanish call centre' })[0]).toBe('mx-banking-support-calls');
    expect(search({ q: 'Spanish contact center' })[0]).toBe('mx-banking-support-calls');
  });

  test('any word may match, and a listing matching more of the words comes first', () => {
    const both = search({ q: 'insurance mammography' });
    expect(both).toContain('us-auto-insurance-claims-calls');
    expect(both).toContain('nordic-screening-mammography');
    const ranked = search({ q: 'german chest ct' });
    expect(ranked[0]).toBe('de-chest-ct-lung-nodules');
    expect(ranked.length).toBeGreaterThan(1);
  });

  test.each([
    ['es', 'mx-banking-support-calls'],
    ['español', 'mx-banking-support-calls'],
    ['castilian', 'mx-banking-support-calls'],
    ['MX', 'mx-banking-support-calls'],
    ['Mexican', 'mx-banking-support-calls'],
    ['zh', 'cn-ecommerce-customer-service-calls-mandarin'],
    ['Korean', 'kr-lymphoma-pet-ct'],
    ['UK', 'uk-echocardiography-studies'],
    ['orthopedic', 'br-knee-mri-orthopaedics'],
    ['x-ray', 'in-emergency-chest-radiographs'],
    ['arabic', 'gulf-retail-banking-calls-arabic'],
  ])('"%s" finds %s', (q, id) => expect(search({ q })).toContain(id));

  test('a two-letter code is a whole word: "es" does not find every word that starts with es', () => {
    const es = search({ q: 'es' });
    expect(es.length).toBeLessThan(entries.length / 2);
  });

  test('filters still narrow: a search within a vertical returns only that vertical', () => {
    const ids = search({ q: 'spanish', vertical: 'medical_imaging' });
    expect(ids).toEqual(['es-coronary-ct-angiography']);
  });

  test('a search with no result offers the nearest listings', () => {
    const query = catalogQuerySchema.parse({
      q: 'spanish',
      vertical: 'medical_imaging',
      geography: 'Mexico',
    });
    expect(queryCatalog(entries, query)).toEqual([]);
    const nearest = nearestListings(entries, query);
    expect(nearest.near).toBe(true);
    expect(nearest.entries.map((entry) => entry.listing.id)).toContain('mx-banking-support-calls');
    expect(search({ q: 'xyzzy' })).toEqual([]);
    // Nothing near at all: the newest three, and said to be only that.
    const newest = nearestListings(entries, catalogQuerySchema.parse({ q: 'xyzzy' }));
    expect(newest).toMatchObject({ near: false, entries: expect.any(Array) });
    expect(newest.entries.map((entry) => entry.listing.id)).toEqual(search({ sort: 'updated' }).slice(0, 3));
  });
});

test('sort=size groups units and sorts within each: images are never weighed against studies', () => {
  const sorted = queryCatalog(entries, catalogQuerySchema.parse({ sort: 'size' }));
  const units = sorted.map((entry) => entry.size.unit);
  // Each unit is one run: once left, never seen again.
  expect(units.filter((unit, i) => unit !== units[i - 1])).toEqual([...new Set(units)]);
  expect(units.indexOf('studies')).toBeLessThan(units.indexOf('images'));
  for (const unit of new Set(units)) {
    const from = sorted.filter((entry) => entry.size.unit === unit).map((entry) => entry.size.from);
    expect(from).toEqual([...from].sort((a, b) => b - a));
  }
});
