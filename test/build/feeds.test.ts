// Every feed a crawler or a language model reads: well-formed, complete, public fields only. The listings' Markdown,
// llms.txt and the XML feeds here; schema.org and Croissant in feeds-datasets.test.ts, OpenAPI in feeds-openapi.test.ts.

import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { entryId } from '../../src/lib/feed-entry.ts';
import { beforeAll, describe, expect, test } from 'vitest';
import { loadListings, type ListingWithBody } from '../../api/domain/listings/listing-files.ts';
import { pageSample, read } from '../support/built-files.ts';
import { DIST_CLIENT, requireBuild } from '../support/dist.ts';

const xml = new XMLParser({ ignoreAttributes: false });
let listings: ListingWithBody[];

beforeAll(async () => {
  requireBuild();
  listings = await loadListings('content/listings');
});

test("a listing's Markdown states its status on one line, with one colon, and carries its data card", async () => {
  for (const listing of listings) {
    const markdown = await read(`catalog/${listing.id}.md`);
    const status = markdown.split('\n').filter((line) => line.startsWith('Status: '));
    expect(status, listing.id).toHaveLength(1);
    expect(status[0]!.split(':'), `${listing.id}: ${status[0]}`).toHaveLength(2);
    expect(markdown).toContain('## Data card');
    expect(markdown).toContain(listing.data_card.record);
  }
});

test("a listing's Markdown, and its part of llms-full.txt, speak of a sample as its page does", async () => {
  const full = await read('llms-full.txt');
  for (const listing of listings) {
    const page = pageSample(await read(`catalog/${listing.id}/index.html`));
    const markdown = await read(`catalog/${listing.id}.md`);
    const sampleLine = markdown.split('\n').find((line) => line.startsWith('- Sample: '));
    if (page.offered) expect(sampleLine, listing.id).toContain(`POST http`);
    else expect(sampleLine, listing.id).toBe(`- Sample: ${page.outlook}`);
    // llms-full.txt is the same Markdown, one heading level down.
    expect(full, listing.id).toContain(sampleLine);
  }
  const withoutSample = listings.filter((listing) => listing.nda.sample_file === undefined);
  expect(withoutSample.length).toBeGreaterThan(0);
  for (const listing of withoutSample)
    expect(await read(`catalog/${listing.id}.md`), listing.id).not.toContain('/api/v1/samples/');
});

describe('llms.txt (llmstxt.org): prose before the first H2, then sections of links only', () => {
  const site = 'http://localhost:4321';
  /** Where a link of the site's leads: a built file, or a page or API GET answered per request. */
  const served = (path: string) =>
    ['/access/', '/signin/', '/demand/', '/api/v1/catalog'].includes(path) ||
    existsSync(join(DIST_CLIENT, path)) ||
    existsSync(join(DIST_CLIENT, path, 'index.html'));

  test('every line under an H2 is a link item: - [name](url) or - [name](url): notes', async () => {
    const text = await read('llms.txt');
    const sections = text.slice(text.indexOf('\n## ') + 1).split('\n');
    const prose = sections.filter(
      (line) => line !== '' && !/^## /.test(line) && !/^- \[[^\]]+\]\([^)\s]+\)(: .+)?$/.test(line),
    );
    expect(prose).toEqual([]);
  });

  test('each link leads somewhere a GET answers; none to /mcp, which only takes POST', async () => {
    const text = await read('llms.txt');
    const links = [...text.matchAll(/\]\(([^)\s]+)\)/g)].map((m) => new URL(m[1]!));
    expect(links.length).toBeGreaterThan(20);
    for (const link of links) {
      expect(link.origin).toBe(site);
      expect(link.pathname).not.toBe('/mcp');
      expect(served(link.pathname), link.href).toBe(true);
    }
    expect(links.map((l) => l.href)).toContain(`${site}/docs/api/#mcp`);
  });

  test('the prose it held is in the guide it links, /docs/agents.md, and in llms-full.txt', async () => {
    const guide = await read('docs/agents.md');
    const full = await read('llms-full.txt');
    expect(guide.match(/^# /gm)).toHaveLength(1);
    for (const text of [guide, full]) {
      for (const words of [
        'Authorization: Bearer <API_KEY>',
        'Idempotency-Key',
        '`nda_required`',
        '`rate_limited`',
        'webhook-signature',
        '`submit_data_request`',
        'npm run --silent mcp',
      ])
        expect(text).toContain(words);
    }
  });
});

describe('XML feeds', () => {
  test("the sitemap is well-formed, names every page, and its lastmod is each listing's updated date", async () => {
    const index = await read('sitemap-index.xml');
    expect(XMLValidator.validate(index)).toBe(true);
    const sitemapUrl = xml.parse(index).sitemapindex.sitemap.loc as string;
    const text = await read(new URL(sitemapUrl).pathname.slice(1));
    expect(XMLValidator.validate(text)).toBe(true);
    const urls = xml.parse(text).urlset.url as { loc: string; lastmod: string }[];
    const byPath = new Map(urls.map((u) => [new URL(u.loc).pathname, u.lastmod]));
    for (const path of ['/', '/catalog/', '/docs/api/', '/access/', '/demand/'])
      expect(byPath.has(path), path).toBe(true);
    // A sitemap lists pages that answer 200: the store's "try again" page is always 503.
    expect(byPath.has('/unavailable/')).toBe(false);
    for (const listing of listings) {
      expect(byPath.get(`/catalog/${listing.id}/`)).toBe(`${listing.updated}T00:00:00.000Z`);
    }
    // The catalogue shows every listing, so it changed when the newest of them did; no other page has a known date.
    const newest = listings
      .map((l) => l.updated)
      .sort()
      .at(-1);
    expect(byPath.get('/catalog/')).toBe(`${newest}T00:00:00.000Z`);
    const dated = new Set(['/catalog/', ...listings.map((l) => `/catalog/${l.id}/`)]);
    for (const [path, lastmod] of byPath) if (!dated.has(path)) expect(lastmod, path).toBeUndefined();
  });

  test('the sitemap names only canonical URLs: each built page it lists is its own canonical', async () => {
    const index = xml.parse(await read('sitemap-index.xml'));
    const sitemap = await read(new URL(index.sitemapindex.sitemap.loc).pathname.slice(1));
    const urls = xml.parse(sitemap).urlset.url as { loc: string }[];
    const locs = urls.map((u) => u.loc);
    expect(locs.some((loc) => new URL(loc).pathname === '/catalog/search/')).toBe(false); // canonical: /catalog/
    for (const loc of locs) {
      const file = join(DIST_CLIENT, new URL(loc).pathname, 'index.html');
      if (!existsSync(file)) continue; // rendered per request (/demand/, /access/, /signin/)
      const canonical = /<link rel="canonical" href="([^"]+)"/.exec(await readFile(file, 'utf8'))?.[1];
      expect(canonical, loc).toBe(loc);
    }
  });

  test('robots.txt welcomes crawlers and names the sitemap', async () => {
    const robots = await read('robots.txt');
    expect(robots).toMatch(/^User-agent: \*$/m);
    expect(robots).toMatch(/^Allow: \/$/m);
    expect(robots).toMatch(/^Sitemap: http\S+\/sitemap-index\.xml$/m);
  });

  test('the RSS feed is well-formed, one item per listing, newest first', async () => {
    const text = await read('feed.xml');
    expect(XMLValidator.validate(text)).toBe(true);
    const items = xml.parse(text).rss.channel.item as { title: string; link: string; pubDate: string }[];
    expect(items).toHaveLength(listings.length);
    const dates = items.map((item) => Date.parse(item.pubDate));
    expect([...dates].sort((a, b) => b - a)).toEqual(dates);
    for (const listing of listings)
      expect(items.some((item) => item.link.endsWith(`/catalog/${listing.id}/`))).toBe(true);
  });

  // The W3C feed validator recommends an RSS feed name its own address (RSS Advisory Board: atom:link rel="self").
  test('the RSS feed names its own address with atom:link rel="self"', async () => {
    const rss = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '' }).parse(
      await read('feed.xml'),
    ).rss;
    expect(rss['xmlns:atom']).toBe('http://www.w3.org/2005/Atom');
    expect(rss.channel['atom:link']).toEqual({
      href: 'http://localhost:4321/feed.xml',
      rel: 'self',
      type: 'application/rss+xml',
    });
  });

  test("an item's id changes with the listing's status and update date, and only then", async () => {
    const items = xml.parse(await read('feed.xml')).rss.channel.item as { link: string; guid: unknown }[];
    const ids = new Set(items.map((item) => JSON.stringify(item.guid)));
    expect(ids.size).toBe(items.length);
    const listing = listings[0]!;
    const site = new URL('http://localhost:4321');
    const id = entryId(listing, site);
    expect(entryId({ ...listing }, site)).toBe(id);
    expect(
      entryId({ ...listing, status: listing.status === 'licensed' ? 'listed' : 'licensed' }, site),
    ).not.toBe(id);
    expect(entryId({ ...listing, updated: '2020-01-01' }, site)).not.toBe(id);
    const item = items.find((i) => i.link.endsWith(`/catalog/${listing.id}/`))!;
    expect(JSON.stringify(item.guid)).toContain(`${listing.status}-${listing.updated}`);
  });
});
