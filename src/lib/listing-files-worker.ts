// The worker behind the listing-files integration: reads and validates the listings, renders each one's Markdown,
// Croissant, ODRL offer, SPDX document and AI Act source entry while Astro builds the pages on the main thread,
// then writes them where it is told to.
// Plain Node (type stripping), no Vite: it imports only .ts modules that the API server also runs as they are.
import { createHash } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parentPort, workerData } from 'node:worker_threads';
import { loadListings } from '../../api/domain/listings/listing-files.ts';
import { croissant, plainDescription } from './json-ld.ts';
import { readSampleFiles } from './croissant-samples.ts';
import { listingMarkdown } from '../../api/domain/listings/listing-markdown.ts';
import { aiActSource } from '../../api/domain/rights/ai-act-source.ts';
import { odrlOffer } from '../../api/domain/rights/odrl.ts';
import { spdxDocument } from '../../api/domain/rights/spdx.ts';
import type { FromWorker, ToWorker } from './listing-files.ts';

const { listingsDir, site } = workerData as { listingsDir: string; site: string };
const port = parentPort!;
const send = (message: FromWorker) => port.postMessage(message);

/** The files of one listing: its Markdown, and the JSON documents under /catalog/<id>/, by file name. */
type Rendered = { id: string; markdown: string; documents: Record<string, string> };

const json = (value: unknown) => JSON.stringify(value, null, 2);

async function render(): Promise<Rendered[]> {
  const base = new URL(site);
  const listings = await loadListings(listingsDir);
  send({ kind: 'loaded', updated: listings.map((listing) => [listing.id, listing.updated]) });
  return Promise.all(
    listings.map(async ({ nda, body, filePath: _, ...rest }) => {
      // As src/content.config.ts stores a listing for the pages: no `nda:` block, only whether a sample file exists.
      const listing = { ...rest, sample_available: nda.sample_file !== undefined };
      // The sample's manifest (hashes of synthetic files); the file's path under `nda:` goes no further.
      const sample = await readSampleFiles(nda.sample_file);
      const markdown = listingMarkdown(listing, body, base);
      // Of the bytes write() puts on disk: a string is written as UTF-8, and hashed as UTF-8.
      const markdownSha256 = createHash('sha256').update(markdown).digest('hex');
      return {
        id: listing.id,
        markdown,
        documents: {
          'croissant.json': json(croissant(listing, body, base, markdownSha256, sample)),
          'rights.jsonld': json(odrlOffer(listing.id, listing.rights, base)),
          'spdx.json': json(spdxDocument(listing, plainDescription(listing, body), base)),
          'ai-act-source.json': json(aiActSource(listing, base)),
        },
      };
    }),
  );
}

/**
 * Synchronous on purpose: this thread has nothing else to do, and a sync write is one system call per step where an
 * async one is three round trips through the thread pool that the main thread's page writes also wait on.
 */
function write(files: Rendered[], root: string): void {
  for (const { id, markdown, documents } of files) {
    const folder = join(root, 'catalog', id);
    mkdirSync(folder, { recursive: true });
    writeFileSync(`${folder}.md`, markdown);
    for (const [name, text] of Object.entries(documents)) writeFileSync(join(folder, name), text);
  }
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

const rendered = render();
// A bad listing is reported by Astro's content layer too; the message is kept for the build's end.
rendered.catch((error: unknown) => send({ kind: 'failed', message: messageOf(error) }));
port.once('message', async ({ root }: ToWorker) => {
  try {
    const files = await rendered;
    write(files, root);
    send({ kind: 'written', count: files.length });
  } catch (error) {
    send({ kind: 'failed', message: messageOf(error) });
  }
  port.close();
});
