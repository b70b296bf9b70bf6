// A listing's public prose and its data card describe one dataset: where both state the same fact (how the data
// was de-identified, how many sites it comes from, how many audio channels), they must say the same thing.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeAll, expect, test } from 'vitest';
import { loadListings, type ListingWithBody } from '../../api/domain/listings/listing-files.ts';
import { DIST_CLIENT, requireBuild } from '../support/dist.ts';

const read = (path: string) => readFile(join(DIST_CLIENT, path), 'utf8');
let listings: ListingWithBody[];

beforeAll(async () => {
  requireBuild();
  listings = await loadListings('content/listings');
});

test('a HIPAA method named in public is the one the de-identification report used', async () => {
  const METHODS = ['Safe Harbor', 'Expert Determination'];
  for (const listing of listings) {
    const published = await read(`catalog/${listing.id}.md`);
    const report = listing.nda.deidentification_report.standard;
    for (const method of METHODS.filter((m) => published.includes(`HIPAA ${m}`))) {
      expect(report, `${listing.id} says "HIPAA ${method}" in public`).toContain(method);
    }
  }
});

test('a data card that says "One centre" or "One hospital" is not described as from several', async () => {
  for (const listing of listings) {
    const single = listing.data_card.limitations.find((line) => /^One (centre|hospital)\b/.test(line));
    if (!single) continue;
    const published = await read(`catalog/${listing.id}.md`);
    expect(published, `${listing.id}: "${single}"`).not.toMatch(/\b(imaging )?(centres|hospitals) in\b/);
  }
});

test('an audio listing delivered in two channels is not described as mono', async () => {
  for (const listing of listings) {
    if (!listing.data_card.formats.some((format) => /two channels|stereo/.test(format))) continue;
    const published = await read(`catalog/${listing.id}.md`);
    expect(published, listing.id).not.toMatch(/\bmono\b/i);
  }
});

test('the series per study and the vendors a listing names agree wherever it names them', async () => {
  for (const listing of listings) {
    const published = await read(`catalog/${listing.id}.md`);
    // "3–6 series per study" in the formats and "5–8 sequences" in the typical size are two answers to one question.
    const ranges = new Set(
      [...published.matchAll(/(\d+)–(\d+) (?:MR )?(?:series|sequences)\b/g)].map((m) => `${m[1]}–${m[2]}`),
    );
    expect(ranges.size, `${listing.id}: ${[...ranges].join(' vs ')}`).toBeLessThanOrEqual(1);
    if (/\b(one|two) (PET-CT |scanner )?vendors?\b/i.test(listing.data_card.limitations.join(' '))) {
      expect(published, listing.id).not.toMatch(/\bseveral vendors\b/);
    }
  }
});

test('what one record is: the description names the same unit as the data card', async () => {
  for (const listing of listings) {
    const published = await read(`catalog/${listing.id}.md`);
    const said = /One record is (?:one|a single) (?:inbound )?([a-z-]+)/.exec(published);
    if (!said) continue;
    // "One record is one image" in the text and "One screening mammography exam" on the card: a fourfold difference.
    const unit = said[1] === 'image' ? /\b(image|radiograph|slide)\b/ : new RegExp(`\\b${said[1]}\\b`);
    expect(listing.data_card.record.split(/[:,(]/)[0], `${listing.id}: the text says "${said[0]}"`).toMatch(
      unit,
    );
  }
});

test("a data card's view field names every view the description and the composition hold", async () => {
  for (const listing of listings) {
    const view = listing.data_card.fields.find((field) => field.name === 'view');
    if (!view) continue;
    const byView = (listing.nda.composition as { by_view?: Record<string, number> }).by_view ?? {};
    const body = listing.body;
    for (const name of ['PA', 'AP', 'lateral', 'CC', 'MLO']) {
      if (!new RegExp(`\\b${name}\\b`).test(body) && !(name in byView)) continue;
      // "frontal view" and "PA or AP" on the card, "PA and lateral views" in the text and laterals delivered.
      expect(view.description, `${listing.id}: ${name}`).toMatch(new RegExp(`\\b${name}\\b`, 'i'));
      expect(listing.data_card.record, listing.id).not.toMatch(/\bfrontal view\b/);
    }
  }
});
