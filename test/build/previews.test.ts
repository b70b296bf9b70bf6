// The public previews a person hears and sees on a listing page (content/previews/, made by
// `npm run samples`): a short clip of the public redacted transcript, or a 512 px slice with what it shows.
// They are public by design, so they must share nothing with a private sample.
import { execFile, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, test } from 'vitest';
import { WaveFile } from 'wavefile';
import { loadListings } from '../../api/domain/listings/listing-files.ts';
import { openSamples } from '../support/sample-zip.ts';

const run = promisify(execFile);
const listings = await loadListings('content/listings');
const about = async (id: string) => JSON.parse(await readFile(`content/previews/${id}.json`, 'utf8'));

test('every audio listing has a clip of its whole public transcript, turn by turn, at 8 kHz 8-bit mono', async () => {
  for (const listing of listings.filter((l) => l.vertical === 'conversational_audio')) {
    const clip = await about(listing.id);
    const wav = new WaveFile(await readFile(`content/previews/${listing.id}.wav`));
    const fmt = wav.fmt as { sampleRate: number; numChannels: number; bitsPerSample: number };
    expect({ rate: fmt.sampleRate, channels: fmt.numChannels, bits: fmt.bitsPerSample }).toEqual({
      rate: 8000,
      channels: 1,
      bits: 8,
    });
    const samples = (wav.getSamples(false, Float64Array) as unknown as Float64Array).length;
    expect(samples / fmt.sampleRate, listing.id).toBeCloseTo(clip.seconds, 2);
    expect(clip.seconds, listing.id).toBeLessThanOrEqual(30);
    const publicTurns = listing.data_card.preview_transcript!;
    expect(clip.turns.length, listing.id).toBe(publicTurns.length);
    for (const [i, turn] of (
      clip.turns as { speaker: string; text: string; start: number; end: number }[]
    ).entries()) {
      expect({ speaker: turn.speaker, text: turn.text }).toEqual(publicTurns[i]);
      expect(turn.end).toBeGreaterThan(turn.start);
    }
  }
});

test('every imaging listing has a slice of at least 512 px, of the modality it lists', async () => {
  for (const listing of listings.filter((l) => l.vertical === 'medical_imaging')) {
    const slice = await about(listing.id);
    const png = await readFile(`content/previews/${listing.id}.png`);
    expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
    expect({ width: png.readUInt32BE(16), height: png.readUInt32BE(20) }, listing.id).toEqual({
      width: slice.width,
      height: slice.height,
    });
    expect(slice.width).toBeGreaterThanOrEqual(512);
    expect(
      listing.modality!.split(',').map((code) => code.trim()),
      listing.id,
    ).toContain(slice.modality);
    expect(slice.body_part).toMatch(/^[A-Z]+$/);
  }
});

test('no preview is a file of a private sample (a clip says only the public transcript: see above)', async () => {
  const privateFiles = (await openSamples()).flatMap((sample) => [...sample.entries.values()]);
  const hashes = new Set(privateFiles.map((bytes) => createHash('sha256').update(bytes).digest('hex')));
  for (const name of await readdir('content/previews')) {
    const bytes = await readFile(join('content/previews', name));
    expect(hashes.has(createHash('sha256').update(bytes).digest('hex')), name).toBe(false);
  }
});

const tools = ['espeak-ng', 'sox'].every((tool) => spawnSync(tool, ['--version']).status === 0);

describe.skipIf(!tools)('with espeak-ng and sox installed (not on CI)', () => {
  test('`npm run samples` regenerates every preview byte for byte', { timeout: 300_000 }, async () => {
    const out = await mkdtemp(join(tmpdir(), 'dss-previews-'));
    try {
      await run(process.execPath, ['scripts/generate-previews.ts', out]);
      const names = (await readdir('content/previews')).sort();
      expect((await readdir(out)).sort()).toEqual(names);
      for (const name of names)
        expect(
          (await readFile(join(out, name))).equals(await readFile(join('content/previews', name))),
          name,
        ).toBe(true);
    } finally {
      await rm(out, { recursive: true, force: true });
    }
  });
});
