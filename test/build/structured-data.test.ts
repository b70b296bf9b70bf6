// A buyer's cross-check: for every listing, the page's Dataset JSON-LD, its Croissant file, catalog.json and the
// Markdown say the same thing (licence, dates, places, languages, years, size).
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeAll, describe, expect, test } from 'vitest';
import { geographyCountries } from '../../api/domain/countries.ts';
import { languageCode } from '../../api/domain/languages.ts';
import { loadListings, type ListingWithBody } from '../../api/domain/listings/listing-files.ts';
import { DIST_CLIENT, requireBuild } from '../support/dist.ts';

const read = (path: string) => readFile(join(DIST_CLIENT, path), 'utf8');
const jsonLdOf = (html: string) =>
  [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) =>
    JSON.parse(m[1]!),
  );

let listings: ListingWithBody[];
const outputs = new Map<string, { dataset: any; croissant: any; catalog: any; markdown: string }>();

beforeAll(async () => {
  requireBuild();
  listings = await loadListings('content/listings');
  const catalog = JSON.parse(await read('catalog.json'));
  for (const listing of listings) {
    const [dataset] = jsonLdOf(await read(`catalog/${listing.id}/index.html`));
    outputs.set(listing.id, {
      dataset,
      croissant: JSON.parse(await read(`catalog/${listing.id}/croissant.json`)),
      catalog: catalog.data.find((item: { id: string }) => item.id === listing.id),
      markdown: await read(`catalog/${listing.id}.md`),
    });
  }
});

describe('every listing, across its outputs', () => {
  test('the page JSON-LD and Croissant name the same licence', () => {
    for (const listing of listings) {
      const { dataset, croissant } = outputs.get(listing.id)!;
      expect(croissant.license, listing.id).toMatch(/^https?:\/\//);
      expect(dataset.license, listing.id).toBe(croissant.license);
    }
  });

  test('temporal coverage, languages and the update date agree with the listing everywhere', () => {
    for (const listing of listings) {
      const { dataset, croissant, catalog, markdown } = outputs.get(listing.id)!;
      const [from, to = from] = listing.years_covered.split(/\s*[–-]\s*/);
      const interval = from === to ? from : `${from}/${to}`;
      expect(dataset.temporalCoverage, listing.id).toBe(interval);
      expect(croissant.temporalCoverage, listing.id).toBe(interval);
      const codes = listing.languages?.map((name) => languageCode(name));
      expect(dataset.inLanguage, listing.id).toEqual(codes);
      expect(croissant.inLanguage, listing.id).toEqual(codes);
      expect(catalog.languages, listing.id).toEqual(listing.languages);
      expect(dataset.dateModified, listing.id).toBe(listing.updated);
      // Croissant 1.0 requires datePublished; the listing records only its last update, when this version of it was
      // published, so that is the date given, and no earlier first publication is claimed.
      expect(croissant.dateModified, listing.id).toBe(listing.updated);
      expect(croissant.datePublished, listing.id).toBe(listing.updated);
      expect(croissant['rai:dataReleaseMaintenancePlan'], listing.id).toContain(listing.updated);
      expect(markdown, listing.id).toContain(`| Size | ${listing.size_band} |`);
      expect(markdown, listing.id).toContain(`| Years covered | ${listing.years_covered} |`);
    }
  });

  test('spatialCoverage is one schema.org Place per country, in JSON-LD and Croissant alike', () => {
    for (const listing of listings) {
      const { dataset, croissant } = outputs.get(listing.id)!;
      // "France, Belgium" is two countries; one Place by that name is a place no gazetteer knows.
      const places = geographyCountries(listing.geography).map((name) => ({ '@type': 'Country', name }));
      expect(dataset.spatialCoverage, listing.id).toEqual(places);
      expect(croissant.spatialCoverage, listing.id).toEqual(places);
    }
  });

  test('the page, the .md and llms-full.txt show the update date that JSON-LD and Croissant carry', async () => {
    const llmsFull = await read('llms-full.txt');
    for (const listing of listings) {
      const { dataset, markdown } = outputs.get(listing.id)!;
      const page = await read(`catalog/${listing.id}/index.html`);
      const row = `| Updated | ${listing.updated} |`;
      expect(dataset.dateModified, listing.id).toBe(listing.updated);
      expect(markdown, listing.id).toContain(row);
      const section = llmsFull.slice(llmsFull.indexOf(`| Listing ID | ${listing.id} |`));
      expect(section.slice(0, section.indexOf('\n\n')), listing.id).toContain(row);
      // The page's fact sheet: the label and the date, outside the JSON-LD.
      const html = page.replace(/<script[\s\S]*?<\/script>/g, '');
      expect(html, listing.id).toMatch(new RegExp(`Updated</dt>\\s*<dd[^>]*>${listing.updated}</dd>`));
    }
  });
});
