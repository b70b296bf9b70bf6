// Every page tells link previews what it is (Open Graph and Twitter card tags), and /favicon.ico exists for the
// clients that ask for it without reading the page (issue 23).
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeAll, expect, test } from 'vitest';
import { DIST_CLIENT, requireBuild } from '../support/dist.ts';

let pages: string[];
beforeAll(async () => {
  requireBuild();
  pages = (await readdir(DIST_CLIENT, { recursive: true, withFileTypes: true }))
    .filter((entry) => entry.isFile() && entry.name.endsWith('.html'))
    .map((entry) => join(entry.parentPath, entry.name));
});

const meta = (html: string, key: string) =>
  new RegExp(`<meta (?:property|name)="${key}" content="([^"]+)"`).exec(html)?.[1];

test('every page has Open Graph and Twitter card tags that match its title and canonical URL', async () => {
  expect(pages.length).toBeGreaterThan(25);
  for (const file of pages) {
    const html = await readFile(file, 'utf8');
    const title = /<title>([^<]+)<\/title>/.exec(html)?.[1];
    const canonical = /<link rel="canonical" href="([^"]+)"/.exec(html)?.[1];
    for (const key of [
      'og:type',
      'og:description',
      'og:image',
      'og:site_name',
      'twitter:card',
      'twitter:image',
    ])
      expect(meta(html, key), `${file} ${key}`).toBeTruthy();
    expect(meta(html, 'og:title'), file).toBe(title);
    expect(meta(html, 'twitter:title'), file).toBe(title);
    expect(meta(html, 'og:url'), file).toBe(canonical);
    expect(new URL(meta(html, 'og:image')!).pathname).toBe('/og-image.png');
  }
});

test('the Open Graph image is a 1200×630 PNG, and /favicon.ico is an icon', async () => {
  const png = await readFile(join(DIST_CLIENT, 'og-image.png'));
  expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
  expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([1200, 630]);
  const ico = await readFile(join(DIST_CLIENT, 'favicon.ico'));
  expect([ico.readUInt16LE(0), ico.readUInt16LE(2), ico.readUInt16LE(4)]).toEqual([0, 1, 1]);
  expect(ico.readUInt32LE(18) + ico.readUInt32LE(14)).toBe(ico.length);
});
