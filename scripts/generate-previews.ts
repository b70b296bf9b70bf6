// Writes the public preview of every listing to content/previews/: for an audio listing, a short mono clip of its
// public, redacted preview transcript (every turn) said by two voices (<id>.wav) and the turns' times (<id>.json); for an
// imaging listing, a 512 px slice of a synthetic study in a radiologist's window (<id>.png) and what it shows
// (<id>.json). Public by design: seeded from the listing id and made from public fields, never from an `nda:`
// field or a private sample, so a preview shares no byte with what is sent under NDA.
// Usage: node scripts/generate-previews.ts [outDir]   (outDir defaults to content/previews)
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { languageCode } from '../api/domain/languages.ts';
import { loadListings } from '../api/domain/listings/listing-files.ts';
import { assemble } from './samples/calls.ts';
import { imagingKind, sliceOf, soften, windowedSlice } from './samples/imaging-kinds.ts';
import { encodePng } from './samples/png.ts';
import { seeded } from './samples/rng.ts';
import { encodeWav8 } from './samples/wav.ts';

const ROOT = resolve(import.meta.dirname, '..');
const OUT_DIR = process.argv[2] ? resolve(process.argv[2]) : join(ROOT, 'content', 'previews');
const SIZE = 512;
const CLIP = { rate: 8000, channels: 1 } as const; // telephone band, mono, 8-bit: small enough for a page
const LATIN = new Set(['en', 'es', 'pt', 'de', 'fr', 'fil']);

mkdirSync(OUT_DIR, { recursive: true });
const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;
for (const listing of await loadListings(join(ROOT, 'content', 'listings'))) {
  const rng = seeded(`public-preview:${listing.id}`);
  if (listing.vertical === 'conversational_audio') {
    const transcript = listing.data_card.preview_transcript ?? [];
    if (transcript.length === 0) continue;
    const codes = (listing.languages ?? []).map((name) => languageCode(name) ?? 'en');
    const speakers = [...new Set(transcript.map((turn) => turn.speaker))];
    const lines = transcript.map((turn) => ({
      role: (speakers.indexOf(turn.speaker) === 0 ? 0 : 1) as 0 | 1,
      language: 'latin',
      text: turn.text,
    }));
    const clip = assemble(lines, CLIP, rng, {
      roles: [speakers[0]!, speakers[1] ?? speakers[0]!],
      languages: codes,
      latinFallback: codes.find((code) => LATIN.has(code)) ?? 'en',
      han: codes.includes('ja') ? 'ja' : 'zh',
    });
    const wav = encodeWav8(clip.pcm, CLIP.rate);
    writeFileSync(join(OUT_DIR, `${listing.id}.wav`), wav);
    const turns = clip.turns.map(({ speaker, start, end, text }) => ({ speaker, start, end, text }));
    writeFileSync(join(OUT_DIR, `${listing.id}.json`), json({ kind: 'audio', seconds: clip.seconds, turns }));
    console.log(`wrote ${listing.id}.wav (${clip.seconds} s, ${turns.length} turns, ${wav.length} bytes)`);
  } else {
    const kind = imagingKind(listing);
    const slice = soften(sliceOf(kind, rng, SIZE), SIZE, kind, rng);
    const png = encodePng(windowedSlice(kind, slice), SIZE, SIZE);
    writeFileSync(join(OUT_DIR, `${listing.id}.png`), png);
    const { modality, bodyPart, bodyWords, window } = kind;
    const about = {
      kind: 'imaging',
      width: SIZE,
      height: SIZE,
      modality,
      body_part: bodyPart,
      body_words: bodyWords,
      window,
    };
    writeFileSync(join(OUT_DIR, `${listing.id}.json`), json(about));
    console.log(`wrote ${listing.id}.png (${png.length} bytes)`);
  }
}
