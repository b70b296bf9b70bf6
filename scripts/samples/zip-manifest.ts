// A sample as one zip, as a delivery is: the files and a manifest.json listing each with its size and SHA-256,
// the listing and the data card's version. fflate writes it (small, no dependencies, synchronous, and it takes
// each entry's time, so the same files give the same zip byte for byte).
import { createHash } from 'node:crypto';
import { zipSync, type Zippable } from 'fflate';
import type { SampleFile } from './imaging-studies.ts';

export type Manifest = {
  listing_id: string;
  data_card_version: string;
  synthetic: true;
  note: string;
  files: { path: string; size: number; sha256: string }[];
};

export function manifestOf(
  listing: { id: string; updated: string },
  files: SampleFile[],
  note: string,
): Manifest {
  return {
    listing_id: listing.id,
    // The card has no version number of its own: it changes with the listing, whose `updated` date names it.
    data_card_version: listing.updated,
    synthetic: true,
    note,
    files: files.map((file) => ({
      path: file.path,
      size: file.bytes.length,
      sha256: createHash('sha256').update(file.bytes).digest('hex'),
    })),
  };
}

/** The files and their manifest as a zip; every entry dated with the card's version, so nothing varies by clock. */
export function zipSample(
  listing: { id: string; updated: string },
  files: SampleFile[],
  note: string,
): Buffer {
  const manifest = manifestOf(listing, files, note);
  const mtime = new Date(`${listing.updated}T00:00:00Z`);
  const entries: Zippable = Object.fromEntries(
    [{ path: 'manifest.json', bytes: Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`) }, ...files].map(
      (file) => [file.path, [new Uint8Array(file.bytes), { mtime }]],
    ),
  );
  return Buffer.from(zipSync(entries, { level: 9 }));
}
