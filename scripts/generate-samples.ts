// Writes the tiny synthetic sample files that sample_ready listings point to with `nda.sample_file`.
// Usage: node scripts/generate-samples.ts [outDir]   (outDir defaults to content/samples in the repo)
//
// Every file is synthetic: WAVs are two alternating tone "speakers" with pauses, like a phone call;
// PNGs are grayscale phantoms made of ellipses with seeded noise. Nothing comes from real data.
// Deterministic: the same listings give byte-identical files (no clock, no Math.random).
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, isAbsolute, join, relative, resolve } from 'node:path';
import { crc32, deflateSync } from 'node:zlib';

const ROOT = resolve(import.meta.dirname, '..');
const LISTINGS_DIR = join(ROOT, 'content', 'listings');
const OUT_DIR = process.argv[2] ? resolve(process.argv[2]) : join(ROOT, 'content', 'samples');

// ---------------------------------------------------------------------------------------------------------
// Deterministic randomness: FNV-1a hash of the sample path seeds a mulberry32 generator.

type Rng = () => number;

export function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (const byte of Buffer.from(text, 'utf8')) {
    hash ^= byte;
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}

export function mulberry32(seed: number): Rng {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const between = (rng: Rng, low: number, high: number) => low + (high - low) * rng();

/** Roughly normal noise with unit variance (sum of three uniforms). */
const gaussian = (rng: Rng) => (rng() + rng() + rng() - 1.5) * 2;

// ---------------------------------------------------------------------------------------------------------
// WAV: ~3 s, 16-bit PCM, 8 kHz mono unless told otherwise. Two "speakers" take turns; each turn is a run of
// syllables, each a harmonic tone shaped by two vowel-like resonances, with a smooth pitch contour and pauses.

/** A sample is delivered as its listing's data card says a delivery is: with two channels, one per speaker. */
export type WavFormat = { rate: number; channels: 1 | 2 };
const TELEPHONE: WavFormat = { rate: 8000, channels: 1 };
const DURATION_S = 3;
const VOWELS: readonly (readonly [number, number])[] = [
  [700, 1220], // a
  [300, 2300], // i
  [320, 870], // u
  [480, 1900], // e
  [500, 900], // o
];

type Speaker = { f0: number; gain: number };
type Turn = { speaker: Speaker; start: number; end: number };

function resonance(frequency: number, centre: number, bandwidth: number): number {
  const x = (frequency - centre) / bandwidth;
  return 1 / (1 + x * x);
}

export function synthesiseCall(rng: Rng, format: WavFormat = TELEPHONE): Int16Array {
  const { rate, channels } = format;
  const total = rate * DURATION_S;
  const signals = Array.from({ length: channels }, () => new Float64Array(total));
  const agent: Speaker = { f0: between(rng, 185, 225), gain: 0.55 };
  const caller: Speaker = { f0: between(rng, 105, 135), gain: 0.48 };
  const turns: Turn[] = [
    { speaker: agent, start: between(rng, 0.08, 0.14), end: between(rng, 0.9, 1.0) },
    { speaker: caller, start: between(rng, 1.18, 1.28), end: between(rng, 1.98, 2.08) },
    { speaker: agent, start: between(rng, 2.26, 2.34), end: between(rng, 2.82, 2.9) },
  ];

  for (const turn of turns) {
    const signal = signals[channels === 2 && turn.speaker === caller ? 1 : 0]!;
    // Syllables of 110–240 ms separated by short gaps.
    let t = turn.start;
    let phase = 0;
    const contourPhase = between(rng, 0, 2 * Math.PI);
    while (t < turn.end - 0.08) {
      const length = Math.min(between(rng, 0.11, 0.24), turn.end - t);
      const vowel = VOWELS[Math.floor(rng() * VOWELS.length)] ?? VOWELS[0]!;
      const stress = between(rng, 0.7, 1);
      const first = Math.round(t * rate);
      const last = Math.min(total, Math.round((t + length) * rate));
      for (let i = first; i < last; i++) {
        const time = i / rate;
        const position = (i - first) / Math.max(1, last - first);
        const envelope = Math.sin(Math.PI * position) ** 2 * stress;
        // Pitch drifts slowly and falls a little at the end of the turn, as speech does.
        const f0 =
          turn.speaker.f0 *
          (1 + 0.06 * Math.sin(2 * Math.PI * 1.3 * time + contourPhase)) *
          (1 - 0.1 * ((time - turn.start) / (turn.end - turn.start)));
        phase += (2 * Math.PI * f0) / rate;
        let value = 0;
        for (let k = 1; k * f0 < 0.425 * rate; k++) {
          const frequency = k * f0;
          const weight =
            (resonance(frequency, vowel[0], 110) + 0.6 * resonance(frequency, vowel[1], 150)) / k;
          value += weight * Math.sin(k * phase);
        }
        signal[i] = (signal[i] ?? 0) + turn.speaker.gain * envelope * value;
      }
      t += length + between(rng, 0.02, 0.07);
    }
  }

  // Interleaved frames, as WAV stores them.
  const pcm = new Int16Array(total * channels);
  for (let i = 0; i < total; i++) {
    for (let c = 0; c < channels; c++) {
      const hiss = 0.004 * gaussian(rng); // line noise, also in the pauses
      const value = Math.max(-1, Math.min(1, (signals[c]![i] ?? 0) + hiss));
      pcm[i * channels + c] = Math.round(value * 32767);
    }
  }
  return pcm;
}

export function encodeWav(pcm: Int16Array, format: WavFormat = TELEPHONE): Buffer {
  const dataBytes = pcm.length * 2;
  const out = Buffer.alloc(44 + dataBytes);
  out.write('RIFF', 0, 'ascii');
  out.writeUInt32LE(36 + dataBytes, 4);
  out.write('WAVE', 8, 'ascii');
  out.write('fmt ', 12, 'ascii');
  out.writeUInt32LE(16, 16); // fmt chunk size
  out.writeUInt16LE(1, 20); // PCM
  out.writeUInt16LE(format.channels, 22);
  out.writeUInt32LE(format.rate, 24);
  out.writeUInt32LE(format.rate * 2 * format.channels, 28); // byte rate
  out.writeUInt16LE(2 * format.channels, 32); // block align
  out.writeUInt16LE(16, 34); // bits per sample
  out.write('data', 36, 'ascii');
  out.writeUInt32LE(dataBytes, 40);
  for (let i = 0; i < pcm.length; i++) out.writeInt16LE(pcm[i] ?? 0, 44 + i * 2);
  return out;
}

// ---------------------------------------------------------------------------------------------------------
// PNG: 128×128, 8-bit grayscale. A phantom of ellipses (or an ultrasound fan with speckle), plus seeded noise.

export const SIZE = 128;

/** Centre (x, y), semi-axes (a, b) in [-1, 1] image coordinates, rotation in degrees, additive density. */
type Ellipse = { x: number; y: number; a: number; b: number; angle: number; density: number };

function inside(e: Ellipse, u: number, v: number): boolean {
  const theta = (e.angle * Math.PI) / 180;
  const dx = u - e.x;
  const dy = v - e.y;
  const p = (dx * Math.cos(theta) + dy * Math.sin(theta)) / e.a;
  const q = (-dx * Math.sin(theta) + dy * Math.cos(theta)) / e.b;
  return p * p + q * q <= 1;
}

/** An axial chest section (CT) or a frontal chest projection (radiograph): body, lungs, heart, spine, a nodule. */
function chestPhantom(rng: Rng, radiograph: boolean): Ellipse[] {
  const jitter = () => between(rng, -0.03, 0.03);
  const side = rng() < 0.5 ? -1 : 1;
  const lungDensity = radiograph ? -0.32 : -0.55;
  return [
    { x: 0, y: 0.02, a: 0.9 + jitter(), b: radiograph ? 0.88 : 0.66, angle: 0, density: 0.62 },
    { x: -0.42 + jitter(), y: -0.04, a: 0.3, b: radiograph ? 0.62 : 0.45, angle: 8, density: lungDensity },
    { x: 0.42 + jitter(), y: -0.04, a: 0.3, b: radiograph ? 0.62 : 0.45, angle: -8, density: lungDensity },
    {
      x: 0.06 + jitter(),
      y: radiograph ? 0.25 : -0.08,
      a: 0.22,
      b: radiograph ? 0.26 : 0.2,
      angle: 20,
      density: 0.1,
    },
    {
      x: 0,
      y: radiograph ? 0 : 0.48,
      a: radiograph ? 0.07 : 0.11,
      b: radiograph ? 0.8 : 0.1,
      angle: 0,
      density: 0.3,
    },
    {
      x: side * between(rng, 0.35, 0.5),
      y: between(rng, -0.3, 0.1),
      a: 0.045,
      b: 0.04,
      angle: 0,
      density: 0.42,
    },
  ];
}

/** Shepp–Logan-like head phantom with jittered inner structures (MR, PET and other modalities). */
function headPhantom(rng: Rng): Ellipse[] {
  const jitter = () => between(rng, -0.02, 0.02);
  return [
    { x: 0, y: 0, a: 0.69, b: 0.92, angle: 0, density: 0.8 },
    { x: 0, y: -0.0184, a: 0.6624, b: 0.874, angle: 0, density: -0.6 },
    { x: 0.22 + jitter(), y: 0, a: 0.11, b: 0.31, angle: -18, density: -0.15 },
    { x: -0.22 + jitter(), y: 0, a: 0.16, b: 0.41, angle: 18, density: -0.15 },
    { x: 0, y: 0.35 + jitter(), a: 0.21, b: 0.25, angle: 0, density: 0.2 },
    { x: 0, y: 0.1, a: 0.046, b: 0.046, angle: 0, density: 0.15 },
    { x: -0.08 + jitter(), y: -0.605, a: 0.046, b: 0.023, angle: 0, density: 0.15 },
    { x: 0.06 + jitter(), y: -0.605, a: 0.023, b: 0.046, angle: 0, density: 0.15 },
  ];
}

function renderEllipses(rng: Rng, ellipses: Ellipse[], noise: number): Uint8Array {
  const pixels = new Uint8Array(SIZE * SIZE);
  for (let row = 0; row < SIZE; row++) {
    for (let col = 0; col < SIZE; col++) {
      const u = ((col + 0.5) / SIZE) * 2 - 1;
      const v = ((row + 0.5) / SIZE) * 2 - 1;
      let density = 0;
      for (const e of ellipses) if (inside(e, u, v)) density += e.density;
      const value = density + noise * gaussian(rng);
      pixels[row * SIZE + col] = Math.round(255 * Math.max(0, Math.min(1, value)));
    }
  }
  return pixels;
}

/** A sector scan: speckled parenchyma inside a fan, a bright capsule line and a dark rounded lesion. */
function ultrasoundFan(rng: Rng): Uint8Array {
  const pixels = new Uint8Array(SIZE * SIZE);
  const apexX = SIZE / 2;
  const apexY = -6;
  const halfAngle = (36 * Math.PI) / 180;
  const capsule = between(rng, 34, 40);
  const lesion: Ellipse = {
    x: between(rng, -0.2, 0.2),
    y: between(rng, 0.25, 0.45),
    a: 0.12,
    b: 0.09,
    angle: 15,
    density: 0,
  };
  for (let row = 0; row < SIZE; row++) {
    for (let col = 0; col < SIZE; col++) {
      const dx = col + 0.5 - apexX;
      const dy = row + 0.5 - apexY;
      const radius = Math.hypot(dx, dy);
      const angle = Math.atan2(dx, dy);
      if (Math.abs(angle) > halfAngle || radius < 18 || radius > 130) continue;
      let echo = 0.42 * (1 - 0.35 * (radius / 130)); // depth attenuation
      if (Math.abs(radius - capsule) < 2.5) echo = 0.8;
      const u = ((col + 0.5) / SIZE) * 2 - 1;
      const v = ((row + 0.5) / SIZE) * 2 - 1;
      if (inside(lesion, u, v)) echo *= 0.3;
      // Speckle: mean of two exponential draws (gamma-distributed intensity, as after light compounding).
      const speckle = -(Math.log(1 - rng() * 0.999) + Math.log(1 - rng() * 0.999)) / 2;
      pixels[row * SIZE + col] = Math.round(255 * Math.max(0, Math.min(1, echo * speckle * 0.9)));
    }
  }
  return pixels;
}

export function phantom(rng: Rng, modality: string): Uint8Array {
  const codes = modality.split(',').map((code) => code.trim().toUpperCase());
  if (codes.includes('US')) return ultrasoundFan(rng);
  if (codes.includes('DX') || codes.includes('CR'))
    return renderEllipses(rng, chestPhantom(rng, true), 0.035);
  if (codes.includes('CT')) return renderEllipses(rng, chestPhantom(rng, false), 0.03);
  return renderEllipses(rng, headPhantom(rng), 0.03);
}

function pngChunk(type: string, data: Buffer): Buffer {
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body) >>> 0);
  return Buffer.concat([length, body, crc]);
}

export function encodePng(pixels: Uint8Array, width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.writeUInt8(8, 8); // bit depth
  header.writeUInt8(0, 9); // colour type: grayscale
  header.writeUInt8(0, 10); // compression: deflate
  header.writeUInt8(0, 11); // filter method
  header.writeUInt8(0, 12); // no interlace
  const raw = Buffer.alloc((width + 1) * height);
  for (let row = 0; row < height; row++) {
    raw[row * (width + 1)] = 0; // filter type None
    raw.set(pixels.subarray(row * width, (row + 1) * width), row * (width + 1) + 1);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(raw, { level: 9 })),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

// ---------------------------------------------------------------------------------------------------------
// Which files: every `sample_file:` in content/listings/*.md, with the listing's modality for PNG phantoms.

type SampleRequest = { path: string; modality: string; wav?: WavFormat };

function sampleRequests(): SampleRequest[] {
  const requests: SampleRequest[] = [];
  const names = readdirSync(LISTINGS_DIR)
    .filter((name) => name.endsWith('.md'))
    .sort();
  for (const name of names) {
    const text = readFileSync(join(LISTINGS_DIR, name), 'utf8');
    const sample = /^[ \t]*sample_file:[ \t]*["']?([^"'\s#]+)["']?/m.exec(text);
    if (!sample?.[1]) continue;
    const path = sample[1];
    if (isAbsolute(path) || path.split('/').includes('..')) {
      throw new Error(
        `${name}: sample_file must be a relative path inside the samples directory (got "${path}")`,
      );
    }
    const modality = /^modality:[ \t]*["']?([^"'\n#]+)["']?/m.exec(text)?.[1]?.trim() ?? '';
    // The delivered format the data card states, e.g. "WAV, 16-bit PCM, 16 kHz, two channels (…)".
    const wav = /WAV, 16-bit PCM, ([\d.]+) kHz, (mono|one|two|stereo) channels?/i.exec(text);
    if (path.endsWith('.wav') && !wav) {
      throw new Error(
        `${name}: a .wav sample needs its format in data_card.formats ("WAV, 16-bit PCM, 8 kHz, two channels")`,
      );
    }
    const format: WavFormat | undefined = wav
      ? { rate: Number(wav[1]) * 1000, channels: /two|stereo/i.test(wav[2]!) ? 2 : 1 }
      : undefined;
    requests.push({ path, modality, ...(format ? { wav: format } : {}) });
  }
  return requests;
}

function render(request: SampleRequest): Buffer {
  const rng = mulberry32(fnv1a(request.path));
  if (request.path.endsWith('.wav')) return encodeWav(synthesiseCall(rng, request.wav), request.wav);
  if (request.path.endsWith('.png')) return encodePng(phantom(rng, request.modality), SIZE, SIZE);
  throw new Error(`sample_file "${request.path}": only .wav and .png samples can be generated`);
}

// Also imported by generate-previews.ts for its synthesis functions: only a run of this file writes samples.
if (import.meta.main) {
  for (const request of sampleRequests()) {
    const target = join(OUT_DIR, request.path);
    const bytes = render(request);
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(target, bytes);
    console.log(`wrote ${relative(process.cwd(), target) || target} (${bytes.length} bytes)`);
  }
}
