// The API core with real Requests: the catalogue's geography, domain, data type and modality filters, several
// values of one, and its sort orders (issue 23).
import { beforeAll, describe, expect, test } from 'vitest';
import { catalogBody } from '../../api/domain/listings/catalog.ts';
import type { ListingWithBody } from '../../api/domain/listings/listing-files.ts';
import { body, catalogApi } from '../support/catalog-api.ts';

let t: Awaited<ReturnType<typeof catalogApi>>;
let listings: ListingWithBody[];
beforeAll(async () => {
  t = await catalogApi();
  listings = t.listings;
});
describe('GET /api/v1/catalog', () => {
  const matching = (predicate: (l: ListingWithBody) => boolean) =>
    catalogBody(listings.filter(predicate)).data.map((l) => l.id);

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
});
