// Matching a request against the catalogue (contract §9): public fields only, best first, at most five, volume
// compared with size only where the units agree.
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { createCatalog, type CatalogListing } from '../../api/domain/listings/catalog.ts';
import { loadListings } from '../../api/domain/listings/listing-files.ts';
import { parseBand } from '../../api/domain/requests/bands.ts';
import {
  createMatcher,
  EVERY_LISTING,
  matcherFor,
  type MatchAsk,
} from '../../api/domain/requests/matching.ts';
import { ALL_DATA_TYPES, ALL_DOMAINS } from '../../api/domain/vocabulary.ts';

const SITE = new URL('http://dss.example');
const listings = await loadListings('content/listings');
const catalog = createCatalog(listings);
const matcher = matcherFor(catalog, SITE);

const range = (text: string) => {
  const parsed = parseBand('volume', text);
  if (!parsed.ok) throw new Error(parsed.message);
  return parsed.band.range;
};
const ask = (extra: Partial<MatchAsk>): MatchAsk => ({
  data_types: ['call_audio'],
  languages: [],
  domains: [],
  volume_range: null,
  description: 'Calls for speech recognition.',
  ...extra,
});

const ASKS: MatchAsk[] = [
  ask({
    languages: ['English', 'Spanish'],
    domains: ['insurance'],
    description: 'Calls from the United States.',
  }),
  ask({ languages: ['Japanese'], domains: ['automotive'], volume_range: range('100-300 hours') }),
  ask({ data_types: ['ct_study', 'mr_study'], domains: ['oncology'], volume_range: range('5k+ studies') }),
  ask({ data_types: ['whole_slide_image'], description: 'Prostate slides from the Netherlands.' }),
  ask({ data_types: ['mammogram', 'call_audio'], languages: ['Swedish'], volume_range: range('1-5 TB') }),
];

describe('only public fields feed a match', () => {
  // Every NDA-only value made to look like a perfect match for the asks above: an owner in the United States,
  // Japan and the Netherlands, a composition naming every language, domain and a huge size.
  const lure = (listing: CatalogListing): CatalogListing => ({
    ...listing,
    nda: {
      ...listing.nda,
      owner: {
        name: 'Lure Holdings',
        kind: 'insurance automotive oncology',
        country: 'United States, Japan, Netherlands',
      },
      composition: {
        languages: ['English', 'Spanish', 'Japanese', 'Swedish'],
        domains: ['insurance', 'automotive', 'oncology'],
        data_type: 'call_audio',
        size_band: '100k+ hours',
        geography: 'Netherlands',
      },
    },
  });
  const lured = matcherFor(createCatalog(listings.map(lure)), SITE);

  test.each(ASKS.map((a, i) => [i, a] as const))(
    'ask %i: the same matches whatever the nda: blocks hold',
    (_i, a) => {
      expect(lured.match(a)).toEqual(matcher.match(a));
    },
  );

  test("a place named only in a listing's NDA owner never matches its geography", () => {
    const [first] = lured.match(ask({ description: 'Calls recorded in Japan.' }));
    const japanese = listings.filter((l) => /Japan/.test(l.geography)).map((l) => l.id);
    for (const match of lured.match(ask({ description: 'Calls recorded in Japan.' }))) {
      if (match.matched.includes('geography')) expect(japanese).toContain(match.listing_id);
    }
    expect(japanese).toContain(first!.listing_id);
  });
});

describe('scoring', () => {
  test('best first, at most five, each with a listing page URL; every match has the data type', () => {
    for (const a of ASKS) {
      const matches = matcher.match(a);
      expect(matches.length).toBeLessThanOrEqual(5);
      const scores = matches.map((m) => m.matched.length * 10 - m.missing.length);
      expect(scores).toEqual([...scores].sort((x, y) => y - x));
      for (const m of matches) {
        expect(m.matched).toContain('data_type');
        expect(m.url).toBe(`http://dss.example/catalog/${m.listing_id}/`);
        expect(a.data_types).toContain(catalog.find(m.listing_id)!.data_type);
      }
    }
  });

  test('what the request asks and the listing meets is matched; what it does not, missing; the rest neither', () => {
    const [best] = matcher.match(ASKS[0]!);
    expect(best).toMatchObject({
      listing_id: 'us-auto-insurance-claims-calls',
      matched: ['data_type', 'language', 'domain', 'geography'],
      missing: [],
    });
    const unasked = matcher.match(ask({}));
    for (const m of unasked) expect(m).toMatchObject({ matched: ['data_type'], missing: [] });
  });

  test('a place may be named by its common abbreviation in capitals; the lower-case word is not a place', () => {
    // Asked for the data type of a listing in the place named, so that one is among the five.
    const typeIn = (place: string) => listings.find((l) => l.geography.includes(place))!.data_type;
    const geographyOf = (description: string, place = 'United States') =>
      matcher.match(ask({ description, data_types: [typeIn(place)] })).map((m) => ({
        geography: catalog.find(m.listing_id)!.geography,
        asked: m.matched.includes('geography') || m.missing.includes('geography'),
        met: m.matched.includes('geography'),
      }));
    for (const [description, place] of [
      ['Claims calls recorded in the US.', 'United States'],
      ['Claims calls from U.S.A. call centres.', 'United States'],
      ['Support calls from the UK, please.', 'United Kingdom'],
      ['Banking calls from the UAE.', 'United Arab Emirates'],
    ] as const) {
      const judged = geographyOf(description, place);
      expect(judged.every((m) => m.asked)).toBe(true);
      for (const m of judged) expect(m.met).toBe(m.geography.includes(place));
      expect(judged.some((m) => m.met)).toBe(true);
    }
    for (const description of ['Calls that help us train our models.', 'IT support calls with AI summaries.'])
      expect(geographyOf(description).some((m) => m.asked)).toBe(false);
  });

  test('volume compares only in the same unit: terabytes say nothing about hours', () => {
    const inTb = matcher.match(ask({ volume_range: range('1-5 TB') }));
    for (const m of inTb) {
      const size = range(catalog.find(m.listing_id)!.size_band);
      const judged = m.matched.includes('volume') || m.missing.includes('volume');
      expect(judged).toBe(size.unit === 'bytes');
    }
    const tooMuch = matcher.match(ask({ volume_range: range('50k+ hours') }));
    for (const m of tooMuch) expect(m.missing).toContain('volume');
    const little = matcher.match(ask({ volume_range: range('<100 hours') }));
    for (const m of little) expect(m.matched).toContain('volume');
  });

  test('no listing of the data type: no matches', () => {
    const none = createCatalog(listings.filter((l) => l.data_type !== 'radiograph'));
    expect(matcherFor(none, SITE).match(ask({ data_types: ['radiograph'] }))).toEqual([]);
  });

  test('the listing a request names comes first when it has the data type', () => {
    const named = matcher.match(
      ask({ listing_id: 'br-utilities-customer-service-calls', languages: ['English'] }),
    );
    expect(named[0]!.listing_id).toBe('br-utilities-customer-service-calls');
  });
});

// Listings alike are scored once as a group: the seed catalogue, and the same with each listing copied under
// four more ids, the copies' sizes drawn from the seed's, so that groups hold several listings and ties abound.
const SIZES = listings.map((l) => l.size_band);
const alikeListings: CatalogListing[] = listings.flatMap((listing, i) => [
  listing,
  ...[1, 2, 3, 4].map((n) => ({
    ...listing,
    id: n % 2 ? `${listing.id}-${n}` : `a${n}-${listing.id}`,
    size_band: n > 2 ? SIZES[(i + n) % SIZES.length]! : listing.size_band,
  })),
]);

test.each([
  ['the seed catalogue', listings],
  ['a catalogue of listings alike', alikeListings],
])(
  '%s: the five kept are the five best of every candidate scored and sorted (score, then id)',
  (_name, all) => {
    // Handed over in reverse: ties go to the smaller id whatever order the listings come in.
    const matcher = createMatcher(createCatalog(all).filter(EVERY_LISTING).data.toReversed(), SITE);
    const score = (m: { listing_id: string; matched: string[]; missing: string[] }, a: MatchAsk) =>
      m.matched.length * 10 - m.missing.length + (m.listing_id === a.listing_id ? 100 : 0);
    // The reference, written again plainly: judge every listing of a requested type, sort all, keep five.
    const placesOf = (geography: string) => geography.split(',').map((p) => p.trim().toLowerCase());
    const known = [...new Set(all.flatMap((l) => placesOf(l.geography)))];
    const reference = (a: MatchAsk) => {
      const text = ` ${a.description.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, ' ')} `;
      const asked = known.filter((place) => text.includes(` ${place} `));
      return all
        .filter((l) => (a.data_types as string[]).includes(l.data_type))
        .map((l) => {
          const matched = ['data_type'];
          const missing: string[] = [];
          const judge = (field: string, asks: boolean, meets: boolean) => {
            if (asks) (meets ? matched : missing).push(field);
          };
          judge(
            'language',
            a.languages.length > 0,
            a.languages.some((x) => l.languages?.includes(x)),
          );
          judge('domain', a.domains.length > 0, a.domains.includes(l.domain));
          judge(
            'geography',
            asked.length > 0,
            asked.some((p) => placesOf(l.geography).includes(p)),
          );
          const size = range(l.size_band);
          if (a.volume_range && size.unit === a.volume_range.unit)
            judge('volume', true, size.max === null || size.max >= a.volume_range.min);
          return {
            listing_id: l.id,
            title: l.title,
            url: `http://dss.example/catalog/${l.id}/`,
            matched,
            missing,
          };
        })
        .sort((x, y) => score(y, a) - score(x, a) || (x.listing_id < y.listing_id ? -1 : 1))
        .slice(0, 5);
    };
    const asks = fc.record({
      data_types: fc.uniqueArray(fc.constantFrom(...ALL_DATA_TYPES), { minLength: 1, maxLength: 4 }),
      languages: fc.uniqueArray(fc.constantFrom('English', 'Spanish', 'Japanese', 'Hindi', 'Arabic'), {
        maxLength: 2,
      }),
      domains: fc.uniqueArray(fc.constantFrom(...ALL_DOMAINS), { maxLength: 3 }),
      volume_range: fc.constantFrom(null, range('1-5 TB'), range('500+ hours'), range('<5k studies')),
      description: fc.constantFrom('Calls.', 'Calls from Brazil.', 'Scans from Germany or Japan.'),
      listing_id: fc.option(fc.constantFrom(...all.map((l) => l.id))),
    });
    fc.assert(
      fc.property(asks, (a) => {
        expect(matcher.match(a)).toEqual(reference(a));
      }),
      { numRuns: 300 },
    );
  },
);
