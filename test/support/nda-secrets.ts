// Every value under a listing's `nda:` block that must never appear in public output, and a scanner for it.
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Listing } from '../../api/domain/listings/listing-schema.ts';
import { toPublicListing } from '../../api/domain/listings/public-listing.ts';

function leaves(value: unknown, out: unknown[] = []): unknown[] {
  if (value && typeof value === 'object') for (const child of Object.values(value)) leaves(child, out);
  else out.push(value);
  return out;
}

/**
 * Strings of 6+ characters and counts of 1,000+ (written plainly and with thousands separators) from every
 * `nda:` block. A value that is also one of the listings' public field values is public by definition.
 */
export function ndaSecrets(listings: readonly Listing[]): string[] {
  const publicValues = new Set(
    listings
      .flatMap((listing) => leaves(toPublicListing(listing)))
      .map((value) => String(value).toLowerCase()),
  );
  const secrets = new Set<string>();
  for (const listing of listings) {
    for (const value of leaves(listing.nda)) {
      if (typeof value === 'string' && value.length >= 6 && !publicValues.has(value.toLowerCase()))
        secrets.add(value);
      if (typeof value === 'number' && Math.abs(value) >= 1000) {
        secrets.add(String(value));
        secrets.add(value.toLocaleString('en-US'));
      }
    }
  }
  return [...secrets];
}

export type Leak = { file: string; secret: string };

// A count is looked for as a whole number: the same digits inside a longer number or a word are another value, and
// a checksum's hex digits (Croissant's sha256) hold any four-digit run by chance.
const COUNT = /^[\d,]+$/;
const contains = (text: string, secret: string) =>
  COUNT.test(secret) ? new RegExp(`(?<!\\w)${secret}(?!\\w)`).test(text) : text.includes(secret);

/** The secrets that `text` contains. */
export const leaksIn = (text: string, secrets: readonly string[]): string[] =>
  secrets.filter((secret) => contains(text, secret));

/** Every file under `dir` (any type, read as text) that contains one of the secrets. */
export async function findLeaks(dir: string, secrets: readonly string[]): Promise<Leak[]> {
  const leaks: Leak[] = [];
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const file = join(entry.parentPath, entry.name);
    const text = await readFile(file, 'utf8');
    for (const secret of leaksIn(text, secrets)) leaks.push({ file, secret });
  }
  return leaks;
}
