import { resolve } from 'node:path';
import node from '@astrojs/node';
import sitemap from '@astrojs/sitemap';
import { defineConfig } from 'astro/config';
import { loadListings } from './api/listings.ts';
import { contentDir } from './src/lib/content-dir.ts';
import { listingFiles } from './src/lib/listing-files.ts';

const site = process.env.SITE_URL ?? 'http://localhost:4321';
const listingsDir = resolve(contentDir, 'listings');

// lastmod comes from each listing's `updated:` date, not file times, so the same content builds the same bytes.
const listings = await loadListings(listingsDir);
const updatedById = new Map(listings.map((listing) => [listing.id, listing.updated]));
const latest = [...updatedById.values()].sort().at(-1);

// The production process is api/server.ts; it imports this adapter's handler (ASTRO_NODE_AUTOSTART=disabled).
export default defineConfig({
  site,
  output: 'static',
  // Tests that build a second time (determinism, a broken file) use their own cache, never the main build's.
  // (Absolute: a relative cacheDir is read back from another base and the collection comes out empty.)
  cacheDir: resolve(process.env.ASTRO_CACHE_DIR ?? './node_modules/.astro'),
  adapter: node({ mode: 'standalone' }),
  // No page uses sessions; off, so the adapter does not create a session store on disk.
  session: false,
  build: { inlineStylesheets: 'never' },
  devToolbar: { enabled: false },
  integrations: [
    listingFiles(listings, new URL(site)),
    sitemap({
      customPages: [new URL('/demand/', site).href],
      serialize(item) {
        const id = /\/catalog\/([a-z0-9-]+)\/$/.exec(new URL(item.url).pathname)?.[1];
        const updated = (id && updatedById.get(id)) || latest;
        return updated ? { ...item, lastmod: updated } : item;
      },
    }),
  ],
});
