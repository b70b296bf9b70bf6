// Writes the public preview of every listing to content/previews/: a 3-second synthetic call (audio) or a
// synthetic thumbnail (imaging). Public by design: seeded from the listing id, never from an `nda:` field or a
// private sample, so a preview shares no byte with what is sent under NDA. The build draws the audio's waveform.
// Usage: node scripts/generate-previews.ts [outDir]   (outDir defaults to content/previews)
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import {
  SIZE,
  encodePng,
  encodeWav,
  fnv1a,
  mulberry32,
  phantom,
  synthesiseCall,
} from './generate-samples.ts';

const ROOT = resolve(import.meta.dirname, '..');
const LISTINGS_DIR = join(ROOT, 'content', 'listings');
const OUT_DIR = process.argv[2] ? resolve(process.argv[2]) : join(ROOT, 'content', 'previews');

mkdirSync(OUT_DIR, { recursive: true });
for (const name of readdirSync(LISTINGS_DIR)
  .filter((n) => n.endsWith('.md'))
  .sort()) {
  const id = name.slice(0, -3);
  const text = readFileSync(join(LISTINGS_DIR, name), 'utf8');
  const audio = /^vertical:[ \t]*conversational_audio/m.test(text);
  const modality = /^modality:[ \t]*["']?([^"'\n#]+)["']?/m.exec(text)?.[1]?.trim() ?? '';
  // A seed of its own: the same listing's private sample is seeded from its sample path.
  const rng = mulberry32(fnv1a(`public-preview:${id}`));
  const file = audio ? `${id}.wav` : `${id}.png`;
  const bytes = audio ? encodeWav(synthesiseCall(rng)) : encodePng(phantom(rng, modality), SIZE, SIZE);
  writeFileSync(join(OUT_DIR, file), bytes);
  console.log(`wrote content/previews/${file} (${bytes.length} bytes)`);
}
