// Which files of a listing's sample hold a recalled item, with the SHA-256 the sample zip's manifest.json records
// for each (the same hashes its Croissant publishes), so a lab can find and delete them by hash.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { unzipSync } from 'fflate';
import type { RecalledItem } from '../../store/recall-records.ts';

type ManifestFile = { path: string; sha256: string };

/** The manifest's files, or none when the listing has no sample zip (or it holds no manifest). */
export function sampleManifest(samplesDir: string, sampleFile: string | undefined): ManifestFile[] {
  if (!sampleFile) return [];
  try {
    const zip = readFileSync(join(samplesDir, sampleFile));
    const entries = unzipSync(new Uint8Array(zip), { filter: (file) => file.name === 'manifest.json' });
    const manifest = JSON.parse(Buffer.from(entries['manifest.json']!).toString('utf8')) as {
      files: ManifestFile[];
    };
    return manifest.files.map(({ path, sha256 }) => ({ path, sha256 }));
  } catch {
    return []; // no sample here: the recall names its items without hashes
  }
}

/** A file holds the item when its path is the item, or a folder or file name on the path is (without extension). */
const holds = (path: string, item: string) =>
  path === item ||
  path.startsWith(`${item}/`) ||
  path.split('/').some((part) => part === item || part.replace(/\.[^.]+$/, '') === item);

export const itemsWithFiles = (items: string[], manifest: ManifestFile[]): RecalledItem[] =>
  [...new Set(items)].map((id) => ({ id, files: manifest.filter((file) => holds(file.path, id)) }));
