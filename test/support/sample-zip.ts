// A listing's sample as a lab opens it: the zip's entries by path, its manifest, and the listing's data card.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { unzipSync } from 'fflate';
import { loadListings } from '../../api/domain/listings/listing-files.ts';
import type { Listing } from '../../api/domain/listings/listing-schema.ts';

export const SAMPLES_DIR = 'content/samples';

export type Manifest = {
  listing_id: string;
  data_card_version: string;
  files: { path: string; size: number; sha256: string }[];
};
export type OpenedSample = {
  listing: Listing;
  zipBytes: number;
  entries: Map<string, Buffer>;
  manifest: Manifest;
};

/** Every listing that names a sample, with its zip opened. */
export async function openSamples(): Promise<OpenedSample[]> {
  const listings = await loadListings('content/listings');
  return Promise.all(
    listings
      .filter((listing) => listing.nda.sample_file)
      .map(async (listing) => {
        const zip = await readFile(join(SAMPLES_DIR, listing.nda.sample_file!));
        const entries = new Map(
          Object.entries(unzipSync(new Uint8Array(zip))).map(([path, bytes]) => [path, Buffer.from(bytes)]),
        );
        const manifest = JSON.parse(entries.get('manifest.json')?.toString('utf8') ?? 'null') as Manifest;
        return { listing, zipBytes: zip.length, entries, manifest };
      }),
  );
}

export const json = (entries: Map<string, Buffer>, path: string) =>
  JSON.parse(entries.get(path)!.toString('utf8')) as Record<string, unknown>;

export const cardFieldNames = (listing: Listing) =>
  listing.data_card.fields.map((field) => field.name).sort();
