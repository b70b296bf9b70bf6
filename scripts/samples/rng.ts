// Deterministic randomness for the synthetic samples: an FNV-1a hash of a name seeds a mulberry32 generator, so
// the same listings give the same files (no clock, no Math.random).
import { createHash } from 'node:crypto';

export type Rng = () => number;

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

export const seeded = (name: string): Rng => mulberry32(fnv1a(name));

export const between = (rng: Rng, low: number, high: number) => low + (high - low) * rng();

export const pick = <T>(rng: Rng, items: readonly T[]): T => items[Math.floor(rng() * items.length)]!;

/** Roughly normal noise with unit variance (sum of three uniforms). */
export const gaussian = (rng: Rng) => (rng() + rng() + rng() - 1.5) * 2;

/** A DICOM UID under the 2.25 root (a UUID as a decimal integer, PS3.5 B.2), derived from a name: stable. */
export function uid(name: string): string {
  const digest = createHash('sha256').update(name).digest();
  return `2.25.${BigInt(`0x${digest.subarray(0, 16).toString('hex')}`) >> 1n}`;
}

/** An opaque identifier such as a delivery has: a prefix and 12 hex digits derived from a name. */
export const opaqueId = (prefix: string, name: string) =>
  `${prefix}-${createHash('sha256').update(name).digest('hex').slice(0, 12)}`;
