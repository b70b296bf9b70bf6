// A data card's numbers must agree with each other as a buyer would check them with a calculator: an uncompressed
// recording's size follows from its sample rate, sample width, channel count and length.
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

const CHANNELS: Record<string, number> = { mono: 1, one: 1, stereo: 2, two: 2 };

test('a WAV listing\'s "about N MB per call" is its sample rate × sample width × channels × median length', async () => {
  let checked = 0;
  for (const listing of listings) {
    const markdown = await read(`catalog/${listing.id}.md`);
    const formats = /^\*\*Formats:\*\* (.+)$/m.exec(markdown)?.[1] ?? '';
    const wav = /WAV, (\d+)-bit PCM, ([\d.]+) kHz, (\w+) channels?/.exec(formats);
    if (!wav) continue;
    const size = /^\*\*Typical size:\*\* ([\d.]+) minutes median .*?about ([\d.]+) MB/m.exec(markdown);
    expect(size, `${listing.id}: typical size gives a median length and a size in MB`).not.toBeNull();
    const bytesPerSecond = (Number(wav[1]) / 8) * Number(wav[2]) * 1000 * CHANNELS[wav[3]!.toLowerCase()]!;
    const expectedMb = (bytesPerSecond * Number(size![1]) * 60) / 1e6;
    // "about": rounded, so within 10% either way.
    expect(Number(size![2]), `${listing.id}: ${formats}; ${size![0]}`).toBeGreaterThan(expectedMb * 0.9);
    expect(Number(size![2]), `${listing.id}: ${formats}; ${size![0]}`).toBeLessThan(expectedMb * 1.1);
    checked++;
  }
  expect(checked).toBe(listings.filter((listing) => listing.vertical === 'conversational_audio').length);
});

test("an imaging listing's typical size per record, times its records, is the total the owner reported", async () => {
  let checked = 0;
  for (const listing of listings) {
    const composition = listing.nda.composition as Record<string, unknown>;
    const totalTb = composition.total_tb;
    const count = composition.studies ?? composition.slides;
    if (typeof totalTb !== 'number' || typeof count !== 'number') continue;
    const markdown = await read(`catalog/${listing.id}.md`);
    // "about 250 MB per study" or "1–3 GB per slide"
    const typical = /^\*\*Typical size:\*\* .*?([\d.]+)(?:–([\d.]+))? (MB|GB) per (study|slide)/m.exec(
      markdown,
    );
    expect(typical, `${listing.id}: typical size names "N MB per study/slide"`).not.toBeNull();
    const unit = typical![3] === 'GB' ? 1e9 : 1e6;
    const [low, high] = [Number(typical![1]) * unit, Number(typical![2] ?? typical![1]) * unit];
    const mean = (totalTb * 1e12) / count;
    // The public figure is typical, the NDA total exact: the mean may stray a third beyond it, no more.
    expect(mean, `${listing.id}: ${typical![0]}`).toBeGreaterThan(low / 1.5);
    expect(mean, `${listing.id}: ${typical![0]}`).toBeLessThan(high * 1.5);
    checked++;
  }
  expect(checked).toBeGreaterThan(0);
});
