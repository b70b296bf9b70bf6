// The per-listing machine files (/catalog/<id>.md and /catalog/<id>/croissant.json), written straight into the
// build output when it is done. As Astro routes they cost a prerender each (two thirds of all routes); written
// here they cost a file write. Same functions, same bytes.
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import type { ListingWithBody } from '../../api/listings.ts';
import { croissant } from './json-ld.ts';
import { listingMarkdown } from './listing-markdown.ts';

export function listingFiles(listings: readonly ListingWithBody[], site: URL): AstroIntegration {
  return {
    name: 'dss:listing-files',
    hooks: {
      'astro:build:done': async ({ dir, logger }) => {
        const root = fileURLToPath(dir);
        const write = async (path: string, text: string) => {
          await mkdir(dirname(join(root, path)), { recursive: true });
          await writeFile(join(root, path), text);
        };
        for (const listing of listings) {
          await write(`catalog/${listing.id}.md`, listingMarkdown(listing, listing.body, site));
          await write(
            `catalog/${listing.id}/croissant.json`,
            JSON.stringify(croissant(listing, listing.body, site), null, 2),
          );
        }
        logger.info(`wrote Markdown and Croissant for ${listings.length} listings`);
      },
    },
  };
}
