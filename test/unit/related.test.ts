// Related listings on a listing page: the same vertical, most facets shared first, ties to the most recently
// updated and then to the catalogue's order; never the listing itself.
import fc from 'fast-check';
import { expect, test } from 'vitest';
import { geographyCountries } from '../../api/domain/countries.ts';
import { loadListings } from '../../api/domain/listings/listing-files.ts';
import type { ListingWithoutNda } from '../../api/domain/listings/listing-schema.ts';
import { relatedListings } from '../../src/lib/related.ts';

const seed: ListingWithoutNda[] = (await loadListings('content/listings')).map(
  ({ nda: _nda, body: _body, ...listing }) => listing,
);

/** The rule as the page first had it: count every other listing's shared facets, sort them all, take the top. */
function everyListingSorted(listing: ListingWithoutNda, all: readonly ListingWithoutNda[], max = 3) {
  const facets = (l: ListingWithoutNda) =>
    new Set([
      `domain:${l.domain}`,
      `type:${l.data_type}`,
      ...geographyCountries(l.geography).map((c) => `country:${c}`),
      ...(l.languages ?? []).map((language) => `language:${language}`),
      ...(l.modality?.split(',').map((m) => `modality:${m.trim()}`) ?? []),
    ]);
  const mine = facets(listing);
  return all
    .filter((other) => other.id !== listing.id && other.vertical === listing.vertical)
    .map((other) => ({ other, shared: [...facets(other)].filter((f) => mine.has(f)).length }))
    .sort((a, b) => b.shared - a.shared || b.other.updated.localeCompare(a.other.updated))
    .slice(0, max)
    .map(({ other }) => other.id);
}

const ids = (listings: ListingWithoutNda[]) => listings.map((listing) => listing.id);

test('every seed listing gets three others of its vertical, itself never among them', () => {
  for (const listing of seed) {
    const related = relatedListings(listing, seed);
    expect(related).toHaveLength(3);
    expect(related.every((other) => other.vertical === listing.vertical && other.id !== listing.id)).toBe(
      true,
    );
  }
});

test('a listing sharing more facets comes first, and among equals the one updated last', () => {
  const [first] = seed;
  const twin = { ...first!, id: 'twin', updated: '2000-01-01' };
  const newerTwin = { ...first!, id: 'newer-twin', updated: '2099-01-01' };
  const related = relatedListings(first!, [...seed, twin, newerTwin]);
  expect(ids(related).slice(0, 2)).toEqual(['newer-twin', 'twin']);
});

test('the same ranking as sorting every listing, whatever the catalogue, its dates and its order', () => {
  const dates = fc.date({ min: new Date('2020-01-01'), max: new Date('2026-12-31'), noInvalidDate: true });
  const catalogue = fc
    .shuffledSubarray(seed, { minLength: 1 })
    .chain((listings) =>
      fc.tuple(
        fc.constant(listings),
        fc.array(dates, { minLength: listings.length, maxLength: listings.length }),
        fc.uniqueArray(fc.integer({ min: 0, max: 6 }), { minLength: 1, maxLength: 2 }),
      ),
    );
  fc.assert(
    fc.property(catalogue, ([listings, updated, maxes]) => {
      // Few distinct days, so that ties on the date happen too.
      const dated = listings.map((listing, i) => ({
        ...listing,
        updated: updated[i]!.toISOString().slice(0, 8) + '01',
      }));
      // Every page of the catalogue, with one or two lengths of list: pages alike share their rankings.
      for (const max of maxes)
        for (const listing of dated)
          expect(ids(relatedListings(listing, dated, max))).toEqual(everyListingSorted(listing, dated, max));
    }),
  );
});
