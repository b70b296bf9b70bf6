// The synthetic sample files are produced by scripts/generate-samples.ts, not downloaded: regenerating them
// gives the same bytes as the files in content/samples.
import { execFile } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { expect, test } from 'vitest';
import { loadListings } from '../../api/domain/listings/listing-files.ts';

const run = promisify(execFile);

test('every sample_ready listing names a sample file that the script regenerates byte for byte', async () => {
  const out = await mkdtemp(join(tmpdir(), 'dss-samples-'));
  try {
    await run(process.execPath, ['scripts/generate-samples.ts', out]);
    const listings = await loadListings('content/listings');
    const wanted = listings
      .filter((listing) => listing.nda.sample_file)
      .map((listing) => listing.nda.sample_file!);
    for (const listing of listings.filter((l) => l.status === 'sample_ready')) {
      expect(listing.nda.sample_file, listing.id).toBeDefined();
    }
    for (const file of wanted) {
      expect(await readFile(join(out, file)), file).toEqual(await readFile(join('content/samples', file)));
    }
    const generated = await readdir(out, { recursive: true, withFileTypes: true });
    expect(generated.filter((entry) => entry.isFile())).toHaveLength(wanted.length);
  } finally {
    await rm(out, { recursive: true, force: true });
  }
});

test('the files are what their names say: RIFF/WAVE audio and PNG images', async () => {
  for (const entry of await readdir('content/samples', { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const head = (await readFile(join(entry.parentPath, entry.name))).subarray(0, 12);
    if (entry.name.endsWith('.wav')) {
      expect(head.toString('latin1', 0, 4) + head.toString('latin1', 8, 12)).toBe('RIFFWAVE');
    } else {
      expect(head.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    }
  }
});

test('the public previews regenerate byte for byte, one per listing, and share nothing with a private sample', async () => {
  const out = await mkdtemp(join(tmpdir(), 'dss-previews-'));
  try {
    await run(process.execPath, ['scripts/generate-previews.ts', out]);
    const listings = await loadListings('content/listings');
    const privateSamples = await Promise.all(
      listings.flatMap((l) =>
        l.nda.sample_file ? [readFile(join('content/samples', l.nda.sample_file))] : [],
      ),
    );
    for (const listing of listings) {
      const file = `${listing.id}.${listing.vertical === 'conversational_audio' ? 'wav' : 'png'}`;
      const bytes = await readFile(join(out, file));
      expect(bytes, file).toEqual(await readFile(join('content/previews', file)));
      // A preview is seeded apart from the sample: not the same file, and not its audio or pixels either.
      for (const sample of privateSamples)
        expect(bytes.subarray(44, 4044).equals(sample.subarray(44, 4044))).toBe(false);
    }
    expect(await readdir(out)).toHaveLength(listings.length);
  } finally {
    await rm(out, { recursive: true, force: true });
  }
});

test("a WAV sample is in the format its listing's data card says a delivery is (rate, width, channels)", async () => {
  const listings = await loadListings('content/listings');
  const channels: Record<string, number> = { mono: 1, one: 1, stereo: 2, two: 2 };
  for (const listing of listings) {
    const file = listing.nda.sample_file;
    if (!file?.endsWith('.wav')) continue;
    const stated = /WAV, (\d+)-bit PCM, ([\d.]+) kHz, (\w+) channels?/.exec(
      listing.data_card.formats.join('\n'),
    );
    expect(stated, `${listing.id}: its data card names the WAV format`).not.toBeNull();
    const head = await readFile(join('content/samples', file));
    // A lab judges the delivery by its sample: a mono 8 kHz file for a two-channel 16 kHz dataset misleads.
    expect(
      { channels: head.readUInt16LE(22), rate: head.readUInt32LE(24), bits: head.readUInt16LE(34) },
      listing.id,
    ).toEqual({
      channels: channels[stated![3]!.toLowerCase()],
      rate: Number(stated![2]) * 1000,
      bits: Number(stated![1]),
    });
  }
});
