// The sample a lab can ask for, as Croissant FileObjects (issue 43): the zip, and each file in it with the size and
// SHA-256 its manifest.json records, so a buyer can check a delivered sample against the public metadata. Read from
// SAMPLES_DIR at build time; the zip itself is never copied into the build, and its path (under `nda:`) is not named.
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { unzipSync } from 'fflate';

type ManifestFile = { path: string; size: number; sha256: string };

export type SampleFiles = { zipSha256: string; zipSize: number; files: ManifestFile[] };

const samplesDir = () => resolve(process.env.SAMPLES_DIR ?? './content/samples');

/** The sample's manifest and the zip's own hash, or undefined when the listing has no sample file here. */
export async function readSampleFiles(sampleFile: string | undefined): Promise<SampleFiles | undefined> {
  if (!sampleFile) return undefined;
  let zip: Buffer;
  try {
    zip = await readFile(join(samplesDir(), sampleFile));
  } catch {
    return undefined; // the server warns of a missing SAMPLES_DIR; the metadata then lists no sample
  }
  const entries = unzipSync(new Uint8Array(zip), { filter: (file) => file.name === 'manifest.json' });
  const manifest = JSON.parse(Buffer.from(entries['manifest.json']!).toString('utf8')) as {
    files: ManifestFile[];
  };
  return {
    zipSha256: createHash('sha256').update(zip).digest('hex'),
    zipSize: zip.length,
    files: manifest.files.map(({ path, size, sha256 }) => ({ path, size, sha256 })),
  };
}

/** The zip (asked for by POST, sent as an expiring link) and every file it holds, each with its sha256. */
export function sampleFileObjects(id: string, sample: SampleFiles, site: URL): Record<string, unknown>[] {
  const request = new URL(`/api/v1/samples/${id}`, site).href;
  return [
    {
      '@type': 'cr:FileObject',
      '@id': 'sample-zip',
      name: `${id}-sample.zip`,
      description: `The synthetic sample, sent as an expiring link once your organisation has accepted the NDA: POST ${request} with Authorization: Bearer <API_KEY>.`,
      contentUrl: request,
      contentSize: `${sample.zipSize} B`,
      encodingFormat: 'application/zip',
      sha256: sample.zipSha256,
    },
    ...sample.files.map((file) => ({
      '@type': 'cr:FileObject',
      '@id': `sample/${file.path}`,
      name: file.path,
      containedIn: { '@id': 'sample-zip' },
      contentUrl: file.path,
      contentSize: `${file.size} B`,
      encodingFormat: encodingOf(file.path),
      sha256: file.sha256,
    })),
  ];
}

const FORMATS: Record<string, string> = {
  wav: 'audio/wav',
  json: 'application/json',
  jsonl: 'application/jsonl',
  dcm: 'application/dicom',
  png: 'image/png',
  csv: 'text/csv',
  txt: 'text/plain',
};
const encodingOf = (path: string) =>
  FORMATS[path.split('.').at(-1)!.toLowerCase()] ?? 'application/octet-stream';
