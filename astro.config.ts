import { resolve } from 'node:path';
import node from '@astrojs/node';
import sitemap from '@astrojs/sitemap';
import { defineConfig } from 'astro/config';
import { contentDir } from './src/lib/content-dir.ts';
import { listingFiles } from './src/lib/listing-files.ts';
import { defaultSiteUrl } from './api/site-url.ts';

// Unset: http://localhost:<PORT>, as the server reads it (api/site-url.ts).
const site = process.env.SITE_URL || defaultSiteUrl(Number(process.env.PORT) || 0).href.replace(/\/$/, '');
// Reads the listings on a worker thread during the build; also the source of each page's sitemap lastmod.
const catalogueFiles = listingFiles(resolve(contentDir, 'listings'), new URL(site));

// The production process is api/server/server.ts; it imports this adapter's handler (ASTRO_NODE_AUTOSTART=disabled).
export default defineConfig({
  site,
  output: 'static',
  // Tests that build a second time (determinism, a broken file) use their own cache, never the main build's.
  // (Absolute: a relative cacheDir is read back from another base and the collection comes out empty.)
  cacheDir: resolve(process.env.ASTRO_CACHE_DIR ?? './node_modules/.astro'),
  // middleware: its handler passes locals (the server's runtime) to the pages; the server answers static files itself.
  adapter: node({ mode: 'middleware' }),
  // No page uses sessions; off, so the adapter does not create a session store on disk.
  session: false,
  // The self-serve forms check Origin against SITE_URL themselves (src/lib/self-serve/forms.ts), as the API does;
  // Astro's check compares with the address the request reached, which is not SITE_URL behind a TLS proxy.
  security: { checkOrigin: false },
  build: { inlineStylesheets: 'never', concurrency: 4 },
  devToolbar: { enabled: false },
  integrations: [
    catalogueFiles.integration,
    sitemap({
      customPages: [new URL('/demand/', site).href],
      // Signed-in pages and the sign-in link's landing are nothing a crawler can read (they send it to /signin/);
      // search results name /catalog/ as their canonical, and a sitemap lists canonical URLs only; /unavailable/ is
      // the store's "try again" page, always 503.
      filter: (page) =>
        !/^\/(dashboard\/|signin\/callback|catalog\/search\/|unavailable\/)/.test(new URL(page).pathname),
      serialize(item) {
        const path = new URL(item.url).pathname;
        const id = /^\/catalog\/([a-z0-9-]+)\/$/.exec(path)?.[1];
        // lastmod only where a date is known: a listing's `updated:`, and for the catalogue, which shows them all, the
        // newest of them. Other pages have no date of their own (never file times: the same content builds the same bytes).
        const updated = id
          ? catalogueFiles.updatedOf(id)
          : path === '/catalog/'
            ? catalogueFiles.latestUpdate()
            : undefined;
        return updated ? { ...item, lastmod: updated } : item;
      },
    }),
  ],
});
