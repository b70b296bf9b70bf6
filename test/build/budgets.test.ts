// The page budgets (issue "Pages people use"): nothing needs JavaScript to be read, scripts stay small, the
// catalogue page stays light, and no page asks another origin for anything.
import { statSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { beforeAll, expect, test } from 'vitest';
import { DIST_CLIENT, requireBuild } from '../support/dist.ts';

let files: string[];
beforeAll(async () => {
  requireBuild();
  files = (await readdir(DIST_CLIENT, { recursive: true, withFileTypes: true }))
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name));
});

const gzippedKb = async (file: string) => gzipSync(await readFile(file)).length / 1024;

test('/catalog/ is under 50 KB of HTML gzipped', async () => {
  expect(await gzippedKb(join(DIST_CLIENT, 'catalog/index.html'))).toBeLessThan(50);
});

test('every script is at most 10 KB gzipped, and none is inline', async () => {
  for (const file of files.filter((f) => f.endsWith('.js')))
    expect(await gzippedKb(file), file).toBeLessThanOrEqual(10);
  for (const file of files.filter((f) => f.endsWith('.html'))) {
    const scripts =
      (await readFile(file, 'utf8')).match(/<script(?![^>]*\bsrc=)(?![^>]*application\/ld\+json)[^>]*>/g) ??
      [];
    expect(scripts, file).toEqual([]);
  }
});

test('no page loads anything from another origin (no third-party requests, no web fonts from elsewhere)', async () => {
  for (const file of files.filter((f) => f.endsWith('.html') || f.endsWith('.css'))) {
    const text = await readFile(file, 'utf8');
    const external = [
      ...text.matchAll(/<(?:script|link|img|iframe|source)\b[^>]*\b(?:src|href)="(https?:)?\/\/[^"]+"/g),
      ...text.matchAll(/url\((["']?)(https?:)?\/\//g),
      ...text.matchAll(/@import\s+["']?(https?:)?\/\//g),
    ].map((m) => m[0]);
    // Canonical, alternate and sitemap links name our own origin; they load nothing.
    expect(
      external.filter((tag) => !/rel="(canonical|alternate|describedby)"/.test(tag)),
      file,
    ).toEqual([]);
  }
});

test('a listing page with everything it loads (styles, scripts, its preview clip or slice) is under 300 KB', async () => {
  const pages = files.filter((f) => /\/catalog\/[a-z0-9-]+\/index\.html$/.test(f) && !f.includes('/search/'));
  expect(pages.length).toBeGreaterThan(10);
  for (const file of pages) {
    const html = await readFile(file, 'utf8');
    // What the browser fetches by itself: images, media, scripts and style sheets from this site.
    const loaded = [
      ...html.matchAll(/<(?:img|audio|source|script)\b[^>]*\bsrc="(\/[^"]+)"/g),
      ...html.matchAll(/<link\b[^>]*rel="stylesheet"[^>]*href="(\/[^"]+)"/g),
    ].map((m) => join(DIST_CLIENT, m[1]!));
    const bytes = [file, ...new Set(loaded)].reduce((sum, path) => sum + statSync(path).size, 0);
    expect(bytes / 1024, file).toBeLessThan(300);
  }
});
