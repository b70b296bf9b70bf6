// `ops listing status`: moves a listing forward (listed → sample_ready → under_nda → licensed) by rewriting the
// `status:` line of its content file, atomically, after checking that the whole file still validates.
import { readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { conflict, invalid, notFound } from '../../errors.ts';
import { LISTING_ID_PATTERN } from './listing-schema.ts';
import { ListingFileError, parseListingFile } from './listing-files.ts';
import { LISTING_STATUSES, type ListingStatus } from '../vocabulary.ts';

const STATUS_LINE = /^status:[ \t]*\S+[ \t]*$/m;

export async function moveListingStatus(listingsDir: string, id: string, next: string) {
  if (!(LISTING_STATUSES as readonly string[]).includes(next)) {
    throw invalid(`"${next}" is not a listing status; use one of ${LISTING_STATUSES.join(', ')}.`, {
      status: [`one of ${LISTING_STATUSES.join(', ')}`],
    });
  }
  if (!LISTING_ID_PATTERN.test(id)) throw notFound(`No listing ${id}.`);
  const path = join(listingsDir, `${id}.md`);
  const source = await readFile(path, 'utf8').catch(() => {
    throw notFound(`No listing ${id} (no file ${path}).`);
  });
  const listing = parseListingFile(path, source);
  const from = LISTING_STATUSES.indexOf(listing.status);
  const to = LISTING_STATUSES.indexOf(next as ListingStatus);
  if (to <= from) {
    throw conflict(
      `Listing ${id} is ${listing.status}; a status only moves forward (${LISTING_STATUSES.join(' → ')}).`,
    );
  }
  if (next === 'sample_ready' && !listing.nda.sample_file) {
    throw conflict(`Listing ${id} has no nda.sample_file: add the sample before marking it sample_ready.`);
  }
  const updated = source.replace(STATUS_LINE, `status: ${next}`);
  try {
    parseListingFile(path, updated);
  } catch (error) {
    if (error instanceof ListingFileError) throw conflict(error.message);
    throw error;
  }
  const temp = `${path}.${process.pid}.tmp`;
  await writeFile(temp, updated);
  await rename(temp, path);
  return { id, from: listing.status, to: next, file: path };
}
