// The public preview of a listing, from content/previews/ (written by `npm run samples`, synthetic and public by
// design): an audio listing's clip is drawn as a waveform at build time; an imaging listing has a thumbnail.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { contentDir } from './content-dir.ts';

export const previewPath = (id: string, extension: 'wav' | 'png') =>
  join(contentDir, 'previews', `${id}.${extension}`);

export const hasThumbnail = (id: string) => existsSync(previewPath(id, 'png'));

/** Peak amplitude per bar (0–1) of a 16-bit mono PCM WAV, or undefined when the listing has no preview clip. */
export function waveformBars(id: string, bars = 96): { peaks: number[]; seconds: number } | undefined {
  const path = previewPath(id, 'wav');
  if (!existsSync(path)) return undefined;
  const wav = readFileSync(path);
  const rate = wav.readUInt32LE(24);
  const samples = (wav.length - 44) / 2;
  const perBar = Math.floor(samples / bars);
  const peaks: number[] = [];
  for (let bar = 0; bar < bars; bar++) {
    let peak = 0;
    for (let i = bar * perBar; i < (bar + 1) * perBar; i++)
      peak = Math.max(peak, Math.abs(wav.readInt16LE(44 + i * 2)));
    peaks.push(peak / 32768);
  }
  const top = Math.max(...peaks, 1e-6);
  return { peaks: peaks.map((p) => p / top), seconds: samples / rate };
}
