// Writes the synthetic sample of every listing that names one (`nda.sample_file`, a .zip under content/samples):
// imaging, three studies as DICOM Part 10 files with a SEG or labels as the data card promises; audio, three calls
// in the card's WAV format with speech (espeak-ng and sox: `apt-get install -y espeak-ng sox`), transcripts as JSON
// Lines and labels. Each zip holds a manifest.json with every file's size and SHA-256. Every file is invented:
// nothing comes from real data or from an `nda:` value. Deterministic: the same listings give the same bytes.
// Usage: node scripts/generate-samples.ts [outDir]   (outDir defaults to content/samples in the repo)
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { loadListings } from '../api/domain/listings/listing-files.ts';
import { sampleCalls } from './samples/calls.ts';
import { imagingStudies } from './samples/imaging-studies.ts';
import { zipSample } from './samples/zip-manifest.ts';

const ROOT = resolve(import.meta.dirname, '..');
const OUT_DIR = process.argv[2] ? resolve(process.argv[2]) : join(ROOT, 'content', 'samples');

const NOTE = {
  conversational_audio:
    'Synthetic sample made by `npm run samples`: invented calls spoken by espeak-ng, one party per channel, in the format the data card states. No real person is recorded.',
  medical_imaging:
    'Synthetic sample made by `npm run samples`: invented phantom studies written as DICOM in the format the data card states. No real patient is imaged.',
} as const;

for (const listing of await loadListings(join(ROOT, 'content', 'listings'))) {
  const file = listing.nda.sample_file;
  if (!file) continue;
  if (!file.endsWith('.zip'))
    throw new Error(`${listing.id}: nda.sample_file must be a .zip (got "${file}")`);
  const files = listing.vertical === 'conversational_audio' ? sampleCalls(listing) : imagingStudies(listing);
  const bytes = zipSample(listing, files, NOTE[listing.vertical]);
  const target = join(OUT_DIR, file);
  mkdirSync(dirname(target), { recursive: true });
  writeFileSync(target, bytes);
  console.log(
    `wrote ${relative(process.cwd(), target) || target} (${files.length} files, ${bytes.length} bytes)`,
  );
}
