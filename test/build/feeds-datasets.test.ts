// The dataset descriptions crawlers read (schema.org JSON-LD for Google Dataset Search, Croissant for ML tools):
// well-formed, complete, public fields only, and saying of a sample what the listing's page says.

import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeAll, describe, expect, test } from 'vitest';
import { loadListings, type ListingWithBody } from '../../api/domain/listings/listing-files.ts';
import { pageSample, read } from '../support/built-files.ts';
import { DIST_CLIENT, requireBuild } from '../support/dist.ts';

let listings: ListingWithBody[];

beforeAll(async () => {
  requireBuild();
  listings = await loadListings('content/listings');
});

const jsonLdOf = (html: string) =>
  [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) =>
    JSON.parse(m[1]!),
  );

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

describe('schema.org JSON-LD', () => {
  test('each listing page has a Dataset filled for Google Dataset Search, public fields only', async () => {
    for (const listing of listings) {
      const [dataset] = jsonLdOf(await read(`catalog/${listing.id}/index.html`));
      expect(dataset['@context']).toBe('https://schema.org');
      expect(dataset['@type']).toBe('Dataset');
      for (const field of [
        'name',
        'description',
        'identifier',
        'url',
        'keywords',
        'temporalCoverage',
        'spatialCoverage',
        'conditionsOfAccess',
        'creator',
        'publisher',
        'includedInDataCatalog',
      ]) {
        expect(dataset[field], `${listing.id} ${field}`).toBeTruthy();
      }
      expect(dataset.description.length).toBeGreaterThanOrEqual(50);
      expect(dataset.description.length).toBeLessThanOrEqual(5000);
      expect(dataset.isAccessibleForFree).toBe(false);
      expect(dataset.identifier).toBe(listing.id);
      expect(dataset.url).toMatch(new RegExp(`/catalog/${listing.id}/$`));
      if (listing.languages) expect(dataset.inLanguage.length).toBe(listing.languages.length);
      expect(JSON.stringify(dataset.creator)).not.toContain(listing.nda.owner.name);
    }
  });

  test('/catalog/ has a DataCatalog naming and describing every dataset', async () => {
    const [catalog] = jsonLdOf(await read('catalog/index.html'));
    expect(catalog['@type']).toBe('DataCatalog');
    expect(catalog.dataset.map((d: { identifier: string }) => d.identifier).sort()).toEqual(
      listings.map((l) => l.id).sort(),
    );
    // Google's Dataset docs require a name and a 50–5,000-character description of every Dataset, nested too.
    for (const dataset of catalog.dataset) {
      expect(dataset.name, dataset.identifier).toBeTruthy();
      expect(dataset.description?.length, dataset.identifier).toBeGreaterThanOrEqual(50);
      expect(dataset.description.length, dataset.identifier).toBeLessThanOrEqual(5000);
    }
  });

  test("a listing's Dataset speaks of a sample as its page does: how to ask where there is one, the outlook where not", async () => {
    for (const listing of listings) {
      const html = await read(`catalog/${listing.id}/index.html`);
      const [dataset] = jsonLdOf(html);
      const page = pageSample(html);
      // The page decides as the API does: POST /api/v1/samples/{id} is 409 sample_unavailable without a file.
      expect(page.offered, listing.id).toBe(listing.nda.sample_file !== undefined);
      if (page.offered)
        expect(dataset.conditionsOfAccess, listing.id).toContain(`/api/v1/samples/${listing.id}`);
      else {
        expect(JSON.stringify(dataset), listing.id).not.toContain('/api/v1/samples/');
        expect(dataset.conditionsOfAccess, listing.id).not.toMatch(/samples? (is|are) sent/i);
        expect(dataset.conditionsOfAccess, listing.id).toContain(page.outlook);
      }
    }
  });
});

test('Croissant: the metadata layer with its required fields for every listing, linked from its page', async () => {
  for (const listing of listings) {
    const croissant = JSON.parse(await read(`catalog/${listing.id}/croissant.json`));
    expect(croissant['@context']['@vocab']).toBe('https://schema.org/');
    expect(croissant['@context'].cr).toBe('http://mlcommons.org/croissant/');
    expect(croissant['@type']).toBe('sc:Dataset');
    expect(croissant.conformsTo).toEqual([
      'http://mlcommons.org/croissant/1.1',
      'http://mlcommons.org/croissant/RAI/1.0',
    ]);
    expect(croissant['@context'].rai).toBe('http://mlcommons.org/croissant/RAI/');
    for (const field of [
      'name',
      'description',
      'license',
      'url',
      'creator',
      'datePublished',
      'dateModified',
      'version',
      'citeAs',
    ]) {
      expect(croissant[field], `${listing.id} ${field}`).toBeTruthy();
    }
    // The data card: one RecordSet whose fields are the card's, and the RAI properties it answers.
    const [records] = croissant.recordSet;
    expect(records['@type']).toBe('cr:RecordSet');
    expect(records.field.map((f: { name: string }) => f.name)).toEqual(
      listing.data_card.fields.map((f) => f.name),
    );
    for (const f of records.field) expect(f.dataType, `${listing.id} ${f.name}`).toMatch(/^sc:\w+$/);
    for (const property of [
      'rai:dataCollection',
      'rai:dataAnnotationProtocol',
      'rai:dataAnnotationAnalysis',
      'rai:dataLimitations',
      'rai:personalSensitiveInformation',
    ]) {
      expect(croissant[property], `${listing.id} ${property}`).toBeTruthy();
    }
    expect(croissant['rai:dataLimitations']).toContain(listing.data_card.limitations[0]);
    // Croissant 1.0 requires datePublished (mlcroissant warns without it): an ISO date, not after dateModified.
    expect(croissant.datePublished).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(croissant.datePublished <= croissant.dateModified).toBe(true);
    expect(await read(`catalog/${listing.id}/index.html`)).toContain(
      `href="/catalog/${listing.id}/croissant.json"`,
    );
  }
});

describe('Croissant distribution and access', () => {
  // mlcroissant (file_object.py): `if not self.ctx.is_live_dataset: self.assert_has_exclusive_properties(["md5", "sha256"])`.
  test('every FileObject is a file the build serves, with the sha256 of its exact bytes', async () => {
    for (const listing of listings) {
      const croissant = JSON.parse(await read(`catalog/${listing.id}/croissant.json`));
      expect(croissant.isLiveDataset).toBe(false);
      expect(croissant.distribution.length, listing.id).toBeGreaterThan(0);
      // The sample's files are delivered under NDA, not built: test/build/rights-documents.test.ts checks their
      // sha256 against the sample zip's own bytes.
      for (const file of croissant.distribution.filter(
        (f: { '@id': string }) => !/^sample[-/]/.test(f['@id']),
      )) {
        expect(file['@type'], listing.id).toBe('cr:FileObject');
        expect(file.name && file.encodingFormat, `${listing.id} ${file['@id']}`).toBeTruthy();
        const url = new URL(file.contentUrl);
        // An API address is no file: POST-only ones answer GET with 405, and keyed answers differ by key.
        expect(url.pathname, `${listing.id} ${file['@id']}`).not.toMatch(/^\/api\//);
        const bytes = await readFile(join(DIST_CLIENT, decodeURIComponent(url.pathname)));
        expect(file.sha256, `${listing.id} ${file['@id']}`).toBe(sha256(bytes));
      }
    }
  });

  test("it says of a sample what the listing's page says: how to ask where there is one, the outlook where not", async () => {
    for (const listing of listings) {
      const text = await read(`catalog/${listing.id}/croissant.json`);
      const croissant = JSON.parse(text);
      const page = pageSample(await read(`catalog/${listing.id}/index.html`));
      expect(page.offered, listing.id).toBe(listing.nda.sample_file !== undefined);
      if (page.offered) {
        expect(croissant.conditionsOfAccess, listing.id).toContain(`/api/v1/samples/${listing.id}`);
      } else {
        expect(text, listing.id).not.toContain('/api/v1/samples/');
        expect(croissant.conditionsOfAccess, listing.id).not.toMatch(/samples? (is|are) sent/i);
        expect(croissant.conditionsOfAccess, listing.id).toContain(page.outlook);
      }
      // Never where a sample file lives: that path is NDA-only.
      if (listing.nda.sample_file) expect(text).not.toContain(listing.nda.sample_file);
    }
  });

  test('its licence is the licensing page, a built page, not the access form', async () => {
    for (const listing of listings) {
      const croissant = JSON.parse(await read(`catalog/${listing.id}/croissant.json`));
      expect(new URL(croissant.license).pathname, listing.id).toBe('/licensing/');
    }
    expect(await read('licensing/index.html')).toContain('<h1>Licensing</h1>');
  });
});

describe('Croissant RAI properties', () => {
  test('personalSensitiveInformation says nothing twice', async () => {
    for (const listing of listings) {
      const croissant = JSON.parse(await read(`catalog/${listing.id}/croissant.json`));
      const clauses = (croissant['rai:personalSensitiveInformation'] as string)
        .split(/[.;]/)
        .map((clause) => clause.trim().toLowerCase())
        .filter(Boolean);
      expect(clauses, listing.id).toEqual([...new Set(clauses)]);
    }
  });

  // Croissant RAI 1.0: rai:dataCollectionTimeframe is sc:DateTime, MANY, "start and end date of the collection
  // process"; mlcroissant reads each value as an ISO 8601 date.
  test('dataCollectionTimeframe is the start and end date of the years covered, as ISO 8601 dates', async () => {
    for (const listing of listings) {
      const croissant = JSON.parse(await read(`catalog/${listing.id}/croissant.json`));
      const [from, to = from] = listing.years_covered.split(/\s*[–-]\s*/);
      expect(croissant['rai:dataCollectionTimeframe'], listing.id).toEqual([`${from}-01-01`, `${to}-12-31`]);
    }
  });
});
