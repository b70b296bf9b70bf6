// Issue 43: each listing's rights block as the build publishes it: an ODRL 2.2 offer that a JSON-LD processor reads
// back to the same terms, the same offer as the Croissant's usageInfo, Croissant 1.1 with each sample file's
// sha256, an SPDX 3.0.1 Dataset document that SPDX's own JSON schema accepts, the AI Act source entry, TDMRep,
// and the terms in words on the page, in the .md, llms-full.txt and catalog.json.
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { unzipSync } from 'fflate';
import { beforeAll, describe, expect, test } from 'vitest';
import { loadListings, type ListingWithBody } from '../../api/domain/listings/listing-files.ts';
import { PURPOSES } from '../../api/domain/rights/rights-schema.ts';
import { rightsSentence } from '../../api/domain/rights/rights-words.ts';
import { DIST_CLIENT, requireBuild } from '../support/dist.ts';
import { expand, readOffer } from '../support/odrl.ts';

const SITE = process.env.SITE_URL ?? 'http://localhost:4321';
let listings: ListingWithBody[];
const read = (path: string) => readFile(join(DIST_CLIENT, path), 'utf8');
const readJson = async (path: string) => JSON.parse(await read(path));
const datasetOf = (id: string) => new URL(`/catalog/${id}/`, SITE).href;

beforeAll(async () => {
  requireBuild();
  listings = await loadListings('content/listings');
});

/** What the offer must say: the block without exclusivity (an exclusive licence is another offer). */
const expected = (listing: ListingWithBody) => ({
  purposes: listing.rights.purposes,
  purposeOperator: 'http://www.w3.org/ns/odrl/2/isAnyOf',
  commercial: listing.rights.commercial,
  territory: listing.rights.territory,
  territoryType: listing.rights.territory.includes('worldwide')
    ? undefined
    : 'http://purl.org/dc/terms/ISO3166',
  termMonths: listing.rights.term_months,
  termOperator: 'http://www.w3.org/ns/odrl/2/lteq',
  dataRedistributed: false,
  redistribution: listing.rights.redistribution,
  ...(listing.rights.duo ? { duo: listing.rights.duo } : {}),
});

describe('the ODRL offer', () => {
  test('every listing has one, and expanded against the stored ODRL context it says what the block says', async () => {
    expect(listings.length).toBeGreaterThan(10);
    for (const listing of listings) {
      const offer = await readJson(`catalog/${listing.id}/rights.jsonld`);
      const terms = readOffer(await expand(offer), datasetOf(listing.id));
      expect(terms, listing.id).toEqual(expected(listing));
    }
  });

  test('the seed catalogue exercises every term both ways (so the round trip proves something)', () => {
    const values = (pick: (l: ListingWithBody) => unknown) =>
      new Set(listings.map((l) => JSON.stringify(pick(l))));
    expect(values((l) => l.rights.commercial).size).toBe(2);
    expect(values((l) => l.rights.redistribution).size).toBe(2);
    expect(values((l) => l.rights.territory.includes('worldwide')).size).toBe(2);
    expect(values((l) => l.rights.term_months).size).toBeGreaterThan(1);
    expect(values((l) => l.rights.purposes).size).toBeGreaterThan(2);
  });

  test('each purpose IRI is an anchor of the licensing page, which says what the use means', async () => {
    const licensing = await read('licensing/index.html');
    for (const purpose of PURPOSES) expect(licensing).toContain(`id="use-${purpose}"`);
  });

  test('a document with no stored context is refused, not fetched', async () => {
    await expect(expand({ '@context': 'https://example.org/other.jsonld', name: 'x' })).rejects.toThrow();
  });
});

describe('Croissant 1.1', () => {
  test('conforms to 1.1 with its RAI fields, datePublished and version, and carries the same offer as usageInfo', async () => {
    for (const listing of listings) {
      const croissant = await readJson(`catalog/${listing.id}/croissant.json`);
      expect(croissant.conformsTo).toEqual([
        'http://mlcommons.org/croissant/1.1',
        'http://mlcommons.org/croissant/RAI/1.0',
      ]);
      expect(croissant.datePublished).toBe(listing.updated);
      expect(croissant.version).toMatch(/^\d+\.\d+\.\d+$/);
      expect(croissant['rai:dataCollection']).toBe(listing.data_card.collection);
      expect(croissant['rai:dataLimitations']).toBeTruthy();
      expect(croissant['rai:dataUseCases']).toBe(rightsSentence(listing.rights));
      const terms = readOffer(await expand(croissant), datasetOf(listing.id));
      expect(terms, listing.id).toEqual(expected(listing));
      for (const file of croissant.distribution)
        expect(file.sha256, `${listing.id} ${file.name}`).toMatch(/^[0-9a-f]{64}$/);
    }
  });

  test("every file of a listing's sample is a FileObject with the sha256 its zip's manifest gives", async () => {
    const withSamples = listings.filter((listing) => listing.nda.sample_file);
    expect(withSamples.length).toBeGreaterThan(3);
    for (const listing of withSamples) {
      const zip = await readFile(join('content/samples', listing.nda.sample_file!));
      const unzipped = unzipSync(new Uint8Array(zip));
      const manifest = JSON.parse(Buffer.from(unzipped['manifest.json']!).toString('utf8')) as {
        files: { path: string; sha256: string }[];
      };
      const croissant = await readJson(`catalog/${listing.id}/croissant.json`);
      const objects = new Map<string, { sha256: string }>(
        croissant.distribution.map((file: { name: string; sha256: string }) => [file.name, file]),
      );
      expect(objects.get(`${listing.id}-sample.zip`)?.sha256).toBe(
        createHash('sha256').update(zip).digest('hex'),
      );
      for (const file of manifest.files) {
        expect(objects.get(file.path)?.sha256, `${listing.id} ${file.path}`).toBe(file.sha256);
        // The manifest tells the truth about the bytes, so the published hash is the file's.
        const bytes = unzipped[file.path]!;
        expect(createHash('sha256').update(bytes).digest('hex')).toBe(file.sha256);
      }
      // The sample's place under SAMPLES_DIR (an nda: value) is not named.
      expect(JSON.stringify(croissant)).not.toContain(listing.nda.sample_file!);
    }
  });
});

describe('SPDX 3.0.1', () => {
  let validate: ReturnType<Ajv2020['compile']>;
  beforeAll(async () => {
    const schema = JSON.parse(await readFile('test/fixtures/standards/spdx-json-schema-3.0.1.json', 'utf8'));
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    addFormats.default(ajv);
    validate = ajv.compile(schema);
  });

  test("every listing's spdx.json is valid against SPDX 3.0.1's published JSON schema, as a Dataset", async () => {
    for (const listing of listings) {
      const document = await readJson(`catalog/${listing.id}/spdx.json`);
      const valid = validate(document);
      expect(validate.errors?.slice(0, 3) ?? [], listing.id).toEqual([]);
      expect(valid).toBe(true);
      const dataset = document['@graph'].find((e: { type: string }) => e.type === 'dataset_DatasetPackage');
      expect(dataset.name).toBe(listing.title);
      expect(dataset.dataset_intendedUse).toBe(rightsSentence(listing.rights));
    }
  });

  test('the schema check is real: a Dataset without its required datasetType is refused', async () => {
    const document = await readJson(`catalog/${listings[0]!.id}/spdx.json`);
    for (const element of document['@graph']) delete element.dataset_datasetType;
    expect(validate(document)).toBe(false);
  });
});

test("the AI Act source entry has the template's fields for a licensed source", async () => {
  for (const listing of listings) {
    const entry = await readJson(`catalog/${listing.id}/ai-act-source.json`);
    expect(entry.section).toMatch(/^2\.2\.1 /);
    expect(entry).toMatchObject({
      name: listing.title,
      modality: listing.vertical === 'conversational_audio' ? 'Audio' : 'Image',
      size_band: listing.size_band,
      period: listing.years_covered,
      languages: listing.languages,
      geography: listing.geography,
      licence: rightsSentence(listing.rights),
    });
    expect(entry.source_type).toMatch(/licensed/);
  }
});

test('/.well-known/tdmrep.json reserves TDM on the previews and names a policy that expands as an ODRL offer', async () => {
  const rules = await readJson('.well-known/tdmrep.json');
  const reserved = rules.find((rule: Record<string, unknown>) => rule['tdm-reservation'] === 1);
  expect(reserved.location).toBe('/catalog/*/preview.*');
  const policyPath = new URL(reserved['tdm-policy']).pathname;
  const expanded = await expand(await readJson(policyPath.slice(1)));
  expect(JSON.stringify(expanded)).toContain('http://www.w3.org/ns/tdmrep#mine');
  expect(JSON.stringify(expanded)).toContain('http://www.w3.org/ns/odrl/2/Offer');
});

test('the terms in words: on the page, in the .md and llms-full.txt; as data in catalog.json', async () => {
  const full = await read('llms-full.txt');
  const catalog = (await readJson('catalog.json')) as { data: { id: string; rights: unknown }[] };
  for (const listing of listings) {
    const sentence = rightsSentence(listing.rights);
    const page = await read(`catalog/${listing.id}/index.html`);
    expect(page).toContain('Licence terms');
    expect(page).toContain('For your training-data summary');
    expect(page.replaceAll('&#39;', "'")).toContain(sentence);
    expect(await read(`catalog/${listing.id}.md`)).toContain(sentence);
    expect(full).toContain(sentence);
    expect(catalog.data.find((item) => item.id === listing.id)?.rights).toEqual(listing.rights);
  }
  const us = listings.find((l) => l.id === 'us-auto-insurance-claims-calls')!;
  expect(rightsSentence(us.rights)).toBe(
    'Training, evaluation, fine-tuning and publishing benchmark results, commercial use, worldwide, 24 months; no redistribution of the data; derived models may be distributed; an exclusive licence is available.',
  );
});
