// The samples as a lab receives them: one zip per listing, its manifest true to its files, small enough to mail a
// link to, holding nothing from an `nda:` value. They are made by `npm run samples` (scripts/generate-samples.ts)
// and committed; where espeak-ng and sox are installed, regenerating them gives the same bytes.
import { execFile, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import dicomParser from 'dicom-parser';
import { beforeAll, describe, expect, test } from 'vitest';
import { loadListings } from '../../api/domain/listings/listing-files.ts';
import { leaksIn, ndaSecrets } from '../support/nda-secrets.ts';
import { openSamples, SAMPLES_DIR, type OpenedSample } from '../support/sample-zip.ts';

const run = promisify(execFile);
let samples: OpenedSample[];
beforeAll(async () => {
  samples = await openSamples();
});

test('every sample_ready listing names a sample, and every sample is a zip of at most 2 MB', async () => {
  const listings = await loadListings('content/listings');
  for (const listing of listings.filter((l) => l.status === 'sample_ready'))
    expect(listing.nda.sample_file, listing.id).toMatch(/\.zip$/);
  expect(samples.length).toBeGreaterThanOrEqual(6);
  for (const sample of samples) expect(sample.zipBytes, sample.listing.id).toBeLessThan(2 * 1024 * 1024);
});

test('the manifest names the listing and its data card version, and every file with its true size and sha256', () => {
  for (const { listing, entries, manifest } of samples) {
    expect(manifest.listing_id).toBe(listing.id);
    expect(manifest.data_card_version).toBe(listing.updated);
    const listed = manifest.files.map((file) => file.path).sort();
    expect(listed, listing.id).toEqual([...entries.keys()].filter((path) => path !== 'manifest.json').sort());
    for (const file of manifest.files) {
      const bytes = entries.get(file.path)!;
      expect(bytes.length, file.path).toBe(file.size);
      expect(createHash('sha256').update(bytes).digest('hex'), file.path).toBe(file.sha256);
    }
  }
});

test('a sample holds nothing from any listing’s nda: block', async () => {
  const secrets = ndaSecrets(await loadListings('content/listings'));
  for (const { listing, entries } of samples)
    for (const [path, bytes] of entries)
      expect(leaksIn(readable(path, bytes), secrets), `${listing.id}/${path}`).toEqual([]);
});

/** What of a file is text: a DICOM file's header up to its pixel data, none of a WAV, all of the rest. */
function readable(path: string, bytes: Buffer): string {
  if (path.endsWith('.wav')) return '';
  if (!path.endsWith('.dcm')) return bytes.toString('utf8');
  const pixels = dicomParser.parseDicom(new Uint8Array(bytes)).elements.x7fe00010?.dataOffset ?? bytes.length;
  return bytes.toString('latin1', 0, pixels);
}

const tools = ['espeak-ng', 'sox'].every((tool) => spawnSync(tool, ['--version']).status === 0);

describe.skipIf(!tools)('with espeak-ng and sox installed (not on CI)', () => {
  test('`npm run samples` regenerates every sample byte for byte', { timeout: 300_000 }, async () => {
    const out = await mkdtemp(join(tmpdir(), 'dss-samples-'));
    try {
      await run(process.execPath, ['scripts/generate-samples.ts', out]);
      for (const { listing } of samples) {
        const file = listing.nda.sample_file!;
        expect((await readFile(join(out, file))).equals(await readFile(join(SAMPLES_DIR, file))), file).toBe(
          true,
        );
      }
    } finally {
      await rm(out, { recursive: true, force: true });
    }
  });
});
