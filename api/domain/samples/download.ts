// A sample's file going out, by either door (the mailed link, or the dashboard's button): the file looked up, the
// download audited with who (the account, or the key) and from which address, and the answer that streams it.
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { extname, join } from 'node:path';
import { Readable } from 'node:stream';
import { DomainError } from '../../errors.ts';
import type { SampleRequestRecord } from '../../store/records.ts';
import type { Store } from '../../store/store.ts';
import { audit } from '../audit.ts';
import type { Catalog } from '../listings/catalog.ts';

/** The media type of a sample file, by its extension; anything else is application/octet-stream. */
export const SAMPLE_CONTENT_TYPES: Record<string, string> = {
  '.wav': 'audio/wav',
  '.flac': 'audio/flac',
  '.mp3': 'audio/mpeg',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.dcm': 'application/dicom',
  '.zip': 'application/zip',
};

export type Downloader = { accountId: string | null; keyId: string | null; ip: string; via: 'link' | 'dashboard' };

export type SampleFileAnswer = {
  status: 200;
  headers: Record<string, string>;
  body: ReadableStream<Uint8Array>;
};

/** `audited`: false for a HEAD (a mail scanner checking the link downloads nothing). */
export async function sendSampleFile(
  deps: { store: Store; catalog: Pick<Catalog, 'find'>; samplesDir: string },
  sample: SampleRequestRecord,
  who: Downloader,
  audited: boolean,
  now: Date,
): Promise<SampleFileAnswer> {
  const listingId = sample.listing_id;
  const file = deps.catalog.find(listingId)?.nda.sample_file;
  const path = file && join(deps.samplesDir, file);
  const size = path
    ? await stat(path).then(
        (s) => s.size,
        () => undefined,
      )
    : undefined;
  if (!path || size === undefined) {
    throw new DomainError(
      'not_found',
      'The sample file is not available any more. Ask the sourcing lead for a new sample.',
    );
  }
  const entry = {
    kind: 'sample_download',
    org_id: sample.org_id,
    key_id: who.keyId,
    account_id: who.accountId,
    ip: who.ip,
    listing_id: listingId,
    detail: `${sample.id} (${who.via === 'link' ? 'mailed link' : 'dashboard'})`,
  } as const;
  if (audited) await deps.store.transact((tx) => audit(tx, entry, now));
  const extension = extname(path).toLowerCase();
  return {
    status: 200,
    headers: {
      'content-type': SAMPLE_CONTENT_TYPES[extension] ?? 'application/octet-stream',
      'content-length': String(size),
      'content-disposition': `attachment; filename="${listingId}-sample${extension}"`,
      'cache-control': 'private, no-store',
    },
    body: Readable.toWeb(createReadStream(path)) as ReadableStream<Uint8Array>,
  };
}
