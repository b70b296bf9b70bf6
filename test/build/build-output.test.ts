// The static build (dist/client) as a crawler, a language model and a person would fetch it.
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cp, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, test } from 'vitest';
import { catalogBody } from '../../api/domain/listings/catalog.ts';
import { PUBLIC_LISTING_FIELDS } from '../../api/domain/listings/listing-schema.ts';
import { loadListings, type ListingWithBody } from '../../api/domain/listings/listing-files.ts';
import { priceRange } from '../../api/domain/listings/pricing.ts';
import { toPublicListing } from '../../api/domain/listings/public-listing.ts';
import { childEnv } from '../support/child-env.ts';
import { DIST_CLIENT, requireBuild } from '../support/dist.ts';

const run = promisify(execFile);

const read = (path: string) => readFile(join(DIST_CLIENT, path), 'utf8');
let listings: ListingWithBody[];

beforeAll(async () => {
  requireBuild();
  listings = await loadListings('content/listings');
});

describe('every listing', () => {
  test('has its page, its Markdown, its catalog.json object and its place in llms-full.txt', async () => {
    const catalog = JSON.parse(await read('catalog.json'));
    const llmsFull = await read('llms-full.txt');
    expect(catalog.count).toBe(listings.length);
    for (const listing of listings) {
      const page = await read(`catalog/${listing.id}/index.html`);
      expect(page).toContain(`<h1>${listing.title.replaceAll('&', '&amp;')}</h1>`);
      const markdown = await read(`catalog/${listing.id}.md`);
      expect(markdown.startsWith(`# ${listing.title}\n`)).toBe(true);
      expect(markdown).toContain(listing.size_band);
      const object = catalog.data.find((item: { id: string }) => item.id === listing.id);
      expect(Object.keys(object)).toEqual(PUBLIC_LISTING_FIELDS);
      expect(object).toEqual(toPublicListing(listing));
      expect(llmsFull).toContain(`\n### ${listing.title}\n`);
    }
  });

  test('shows its indicative price on its page, its card, its .md, llms-full.txt and as a JSON-LD Offer', async () => {
    const llmsFull = await read('llms-full.txt');
    const catalogPage = await read('catalog/index.html');
    for (const listing of listings) {
      const range = priceRange(listing.pricing!);
      const page = await read(`catalog/${listing.id}/index.html`);
      expect(page, listing.id).toContain(`<dt>Indicative price</dt><dd>${range}`);
      expect(await read(`catalog/${listing.id}.md`)).toContain(`| Indicative price | ${range}`);
      expect(llmsFull).toContain(`| Indicative price | ${range}`);
      const card = catalogPage
        .slice(catalogPage.indexOf(`href="/catalog/${listing.id}/"`))
        .split('</li>')[0]!;
      expect(card).toContain(`<dt>Indicative price</dt><dd>${range}</dd>`);
      const jsonLd = JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/s.exec(page)![1]!);
      expect(jsonLd.offers).toMatchObject({
        '@type': 'Offer',
        priceCurrency: listing.pricing!.currency,
        priceSpecification: { minPrice: listing.pricing!.from, maxPrice: listing.pricing!.to },
      });
    }
  });

  test('catalog.json is exactly the body GET /api/v1/catalog is built from', async () => {
    expect(await read('catalog.json')).toBe(JSON.stringify(catalogBody(listings)));
  });
});

test('the 404 page names no canonical: it answers every unknown address, and /404/ itself answers 404', async () => {
  expect(await read('404.html')).not.toContain('rel="canonical"');
});

describe('llms.txt (llmstxt.org format)', () => {
  test('an H1, a blockquote summary, H2 sections of links, "Optional" last, every listing linked', async () => {
    const text = await read('llms.txt');
    const lines = text.split('\n');
    expect(lines[0]).toBe('# Data Sourcing Service');
    expect(lines.find((line) => line.startsWith('>'))).toBeDefined();
    expect(text.match(/^# /gm)).toHaveLength(1);
    const sections = text.match(/^## .+$/gm)!;
    expect(sections.at(-1)).toBe('## Optional');
    expect(sections.length).toBeGreaterThanOrEqual(3);
    for (const listing of listings)
      expect(text).toMatch(new RegExp(`\\]\\(http[^)]+/catalog/${listing.id}\\.md\\)`));
  });

  test('llms-full.txt keeps a single H1 and inlines every listing description', async () => {
    const text = await read('llms-full.txt');
    expect(text.match(/^# /gm)).toHaveLength(1);
    for (const listing of listings) expect(text).toContain(listing.body.split('\n')[0]!);
  });
});

describe('discovery for agents', () => {
  const site = 'http://localhost:4321';

  test('/.well-known/api-catalog is an RFC 9727 linkset naming /openapi.json, /llms.txt and /mcp', async () => {
    const catalog = JSON.parse(await read('.well-known/api-catalog'));
    const [index, ...apis] = catalog.linkset;
    expect(index.anchor).toBe(`${site}/.well-known/api-catalog`);
    expect(index.item.map((link: { href: string }) => link.href)).toEqual([`${site}/api/v1`, `${site}/mcp`]);
    const hrefs = JSON.stringify(apis);
    for (const path of ['/openapi.json', '/llms.txt', '/mcp']) expect(hrefs).toContain(`"${site}${path}"`);
    expect(
      apis.find((api: { anchor: string }) => api.anchor === `${site}/api/v1`)['service-desc'][0].href,
    ).toBe(`${site}/openapi.json`);
  });

  test('llms.txt has an MCP section naming every tool; the OpenAPI description names /mcp', async () => {
    const text = await read('llms.txt');
    const section = text.slice(text.indexOf('## MCP'), text.indexOf('## Optional'));
    expect(section).toContain(`${site}/mcp`);
    for (const name of [
      'search_catalog',
      'get_listing',
      'get_me',
      'submit_data_request',
      'list_sample_requests',
    ])
      expect(section).toContain(`\`${name}\``);
    expect(section).toContain('npm run --silent mcp');
    const openapi = JSON.parse(await read('openapi.json'));
    expect(openapi.info.description).toContain(`${site}/mcp`);
  });

  test('/docs/api/ has the MCP section with client configurations for HTTP and stdio', async () => {
    const html = await read('docs/api/index.html');
    expect(html).toContain('id="mcp"');
    expect(html).toContain(`&quot;url&quot;: &quot;${site}/mcp&quot;`);
    expect(html).toContain('&quot;DSS_API_KEY&quot;');
  });
});

async function treeHashes(dir: string): Promise<Record<string, string>> {
  const hashes: Record<string, string> = {};
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const file = join(entry.parentPath, entry.name);
    hashes[relative(dir, file)] = createHash('sha256')
      .update(await readFile(file))
      .digest('hex');
  }
  return hashes;
}

test('the same content builds byte-identical output', async () => {
  // Inside the project, so the build's server chunks resolve their packages from node_modules.
  await mkdir('.tmp', { recursive: true });
  const outDir = await mkdtemp(join('.tmp', 'rebuild-'));
  try {
    await run(process.execPath, ['node_modules/astro/bin/astro.mjs', 'build', '--outDir', outDir], {
      // The cache beside the output, not in it: a build empties its outDir after syncing content into the cache.
      env: childEnv({ ASTRO_CACHE_DIR: `${outDir}-cache` }),
    });
    expect(await treeHashes(join(outDir, 'client'))).toEqual(await treeHashes(DIST_CLIENT));
  } finally {
    await rm(outDir, { recursive: true, force: true });
    await rm(`${outDir}-cache`, { recursive: true, force: true });
  }
}, 180_000);

test('a broken listing file fails the build, naming the file and the field', async () => {
  const contentDir = await mkdtemp(join(tmpdir(), 'dss-broken-'));
  try {
    await mkdir(join(contentDir, 'listings'));
    const good = listings.find((listing) => listing.vertical === 'conversational_audio')!;
    const source = await readFile(good.filePath, 'utf8');
    await cp(good.filePath, join(contentDir, 'listings', `${good.id}.md`));
    await writeFile(
      join(contentDir, 'listings', 'broken-listing.md'),
      source.replace(/^size_band: .*$/m, 'size_band: "1234 hours"'),
    );
    const result = await run(process.execPath, ['node_modules/astro/bin/astro.mjs', 'sync'], {
      env: childEnv({ CONTENT_DIR: contentDir, ASTRO_CACHE_DIR: join(contentDir, 'cache') }),
    }).then(
      () => ({ failed: false, output: '' }),
      (error: { stdout: string; stderr: string }) => ({ failed: true, output: error.stdout + error.stderr }),
    );
    expect(result.failed).toBe(true);
    expect(result.output).toContain('broken-listing');
    expect(result.output).toContain('size_band');
  } finally {
    await rm(contentDir, { recursive: true, force: true });
  }
}, 120_000);
