import { defineConfig } from 'astro/config';
import node from '@astrojs/node';
import { resolve } from 'node:path';

// The production process is api/server.ts; it imports this adapter's handler (ASTRO_NODE_AUTOSTART=disabled).
export default defineConfig({
  site: process.env.SITE_URL ?? 'http://localhost:4321',
  output: 'static',
  // Tests that build a second time (determinism, a broken file) use their own cache, never the main build's.
  // (Absolute: a relative cacheDir is read back from another base and the collection comes out empty.)
  cacheDir: resolve(process.env.ASTRO_CACHE_DIR ?? './node_modules/.astro'),
  adapter: node({ mode: 'standalone' }),
  // No page uses sessions; off, so the adapter does not create a session store on disk.
  session: false,
  build: { inlineStylesheets: 'never' },
  devToolbar: { enabled: false },
});
