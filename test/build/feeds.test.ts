// Every feed a crawler, a language model or a client generator reads: well-formed, complete, public fields only.
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { entryId } from '../../src/lib/feed-entry.ts';
import { beforeAll, describe, expect, test } from 'vitest';
import { loadListings, type ListingWithBody } from '../../api/domain/listings/listing-files.ts';
import { childEnv } from '../support/child-env.ts';
import { DIST_CLIENT, requireBuild } from '../support/dist.ts';

const run = promisify(execFile);
const read = (path: string) => readFile(join(DIST_CLIENT, path), 'utf8');
const xml = new XMLParser({ ignoreAttributes: false });
let listings: ListingWithBody[];

beforeAll(async () => {
  requireBuild();
  listings = await loadListings('content/listings');
});

const jsonLdOf = (html: string) =>
  [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) =>
    JSON.parse(m[1]!),
  );

/** What the listing page's "Get this data" box says of a sample: offered, or the outlook it shows instead. */
function pageSample(html: string): { offered: true } | { offered: false; outlook: string } {
  if (html.includes('data-action="sample"')) return { offered: true };
  const shown =
    /<p class="meta sample-outlook" data-action="no-sample"><strong>Sample:<\/strong> ([^<]+)<\/p>/.exec(
      html,
    );
  if (!shown) throw new Error('the page neither offers a sample nor shows its outlook');
  const outlook = shown[1]!.replaceAll('&#39;', "'").replaceAll('&quot;', '"').replaceAll('&amp;', '&');
  return { offered: false, outlook };
}

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

describe('schema.org JSON-LD', () => {
  test('each listing page has a Dataset filled for Google Dataset Search, public fields only', async () => {
    for (const listing of listings) {
      const [dataset] = jsonLdOf(await read(`catalog/${listing.id}/index.html`));
      expect(dataset['@context']).toBe('https://schema.org');
      expect(dataset['@type']).toBe('Dataset');
      for (const field of [
        'name',
        'description',
        'identifier',
        'url',
        'keywords',
        'temporalCoverage',
        'spatialCoverage',
        'conditionsOfAccess',
        'creator',
        'publisher',
        'includedInDataCatalog',
      ]) {
        expect(dataset[field], `${listing.id} ${field}`).toBeTruthy();
      }
      expect(dataset.description.length).toBeGreaterThanOrEqual(50);
      expect(dataset.description.length).toBeLessThanOrEqual(5000);
      expect(dataset.isAccessibleForFree).toBe(false);
      expect(dataset.identifier).toBe(listing.id);
      expect(dataset.url).toMatch(new RegExp(`/catalog/${listing.id}/$`));
      if (listing.languages) expect(dataset.inLanguage.length).toBe(listing.languages.length);
      expect(JSON.stringify(dataset.creator)).not.toContain(listing.nda.owner.name);
    }
  });

  test('/catalog/ has a DataCatalog naming and describing every dataset', async () => {
    const [catalog] = jsonLdOf(await read('catalog/index.html'));
    expect(catalog['@type']).toBe('DataCatalog');
    expect(catalog.dataset.map((d: { identifier: string }) => d.identifier).sort()).toEqual(
      listings.map((l) => l.id).sort(),
    );
    // Google's Dataset docs require a name and a 50–5,000-character description of every Dataset, nested too.
    for (const dataset of catalog.dataset) {
      expect(dataset.name, dataset.identifier).toBeTruthy();
      expect(dataset.description?.length, dataset.identifier).toBeGreaterThanOrEqual(50);
      expect(dataset.description.length, dataset.identifier).toBeLessThanOrEqual(5000);
    }
  });

  test("a listing's Dataset speaks of a sample as its page does: how to ask where there is one, the outlook where not", async () => {
    for (const listing of listings) {
      const html = await read(`catalog/${listing.id}/index.html`);
      const [dataset] = jsonLdOf(html);
      const page = pageSample(html);
      // The page decides as the API does: POST /api/v1/samples/{id} is 409 sample_unavailable without a file.
      expect(page.offered, listing.id).toBe(listing.nda.sample_file !== undefined);
      if (page.offered)
        expect(dataset.conditionsOfAccess, listing.id).toContain(`/api/v1/samples/${listing.id}`);
      else {
        expect(JSON.stringify(dataset), listing.id).not.toContain('/api/v1/samples/');
        expect(dataset.conditionsOfAccess, listing.id).not.toMatch(/samples? (is|are) sent/i);
        expect(dataset.conditionsOfAccess, listing.id).toContain(page.outlook);
      }
    }
  });
});

test('Croissant: the metadata layer with its required fields for every listing, linked from its page', async () => {
  for (const listing of listings) {
    const croissant = JSON.parse(await read(`catalog/${listing.id}/croissant.json`));
    expect(croissant['@context']['@vocab']).toBe('https://schema.org/');
    expect(croissant['@context'].cr).toBe('http://mlcommons.org/croissant/');
    expect(croissant['@type']).toBe('sc:Dataset');
    expect(croissant.conformsTo).toEqual([
      'http://mlcommons.org/croissant/1.1',
      'http://mlcommons.org/croissant/RAI/1.0',
    ]);
    expect(croissant['@context'].rai).toBe('http://mlcommons.org/croissant/RAI/');
    for (const field of [
      'name',
      'description',
      'license',
      'url',
      'creator',
      'datePublished',
      'dateModified',
      'version',
      'citeAs',
    ]) {
      expect(croissant[field], `${listing.id} ${field}`).toBeTruthy();
    }
    // The data card: one RecordSet whose fields are the card's, and the RAI properties it answers.
    const [records] = croissant.recordSet;
    expect(records['@type']).toBe('cr:RecordSet');
    expect(records.field.map((f: { name: string }) => f.name)).toEqual(
      listing.data_card.fields.map((f) => f.name),
    );
    for (const f of records.field) expect(f.dataType, `${listing.id} ${f.name}`).toMatch(/^sc:\w+$/);
    for (const property of [
      'rai:dataCollection',
      'rai:dataAnnotationProtocol',
      'rai:dataAnnotationAnalysis',
      'rai:dataLimitations',
      'rai:personalSensitiveInformation',
    ]) {
      expect(croissant[property], `${listing.id} ${property}`).toBeTruthy();
    }
    expect(croissant['rai:dataLimitations']).toContain(listing.data_card.limitations[0]);
    // Croissant 1.0 requires datePublished (mlcroissant warns without it): an ISO date, not after dateModified.
    expect(croissant.datePublished).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(croissant.datePublished <= croissant.dateModified).toBe(true);
    expect(await read(`catalog/${listing.id}/index.html`)).toContain(
      `href="/catalog/${listing.id}/croissant.json"`,
    );
  }
});

describe('Croissant distribution and access', () => {
  // mlcroissant (file_object.py): `if not self.ctx.is_live_dataset: self.assert_has_exclusive_properties(["md5", "sha256"])`.
  test('every FileObject is a file the build serves, with the sha256 of its exact bytes', async () => {
    for (const listing of listings) {
      const croissant = JSON.parse(await read(`catalog/${listing.id}/croissant.json`));
      expect(croissant.isLiveDataset).toBe(false);
      expect(croissant.distribution.length, listing.id).toBeGreaterThan(0);
      // The sample's files are delivered under NDA, not built: test/build/rights-documents.test.ts checks their
      // sha256 against the sample zip's own bytes.
      for (const file of croissant.distribution.filter(
        (f: { '@id': string }) => !/^sample[-/]/.test(f['@id']),
      )) {
        expect(file['@type'], listing.id).toBe('cr:FileObject');
        expect(file.name && file.encodingFormat, `${listing.id} ${file['@id']}`).toBeTruthy();
        const url = new URL(file.contentUrl);
        // An API address is no file: POST-only ones answer GET with 405, and keyed answers differ by key.
        expect(url.pathname, `${listing.id} ${file['@id']}`).not.toMatch(/^\/api\//);
        const bytes = await readFile(join(DIST_CLIENT, decodeURIComponent(url.pathname)));
        expect(file.sha256, `${listing.id} ${file['@id']}`).toBe(sha256(bytes));
      }
    }
  });

  test("it says of a sample what the listing's page says: how to ask where there is one, the outlook where not", async () => {
    for (const listing of listings) {
      const text = await read(`catalog/${listing.id}/croissant.json`);
      const croissant = JSON.parse(text);
      const page = pageSample(await read(`catalog/${listing.id}/index.html`));
      expect(page.offered, listing.id).toBe(listing.nda.sample_file !== undefined);
      if (page.offered) {
        expect(croissant.conditionsOfAccess, listing.id).toContain(`/api/v1/samples/${listing.id}`);
      } else {
        expect(text, listing.id).not.toContain('/api/v1/samples/');
        expect(croissant.conditionsOfAccess, listing.id).not.toMatch(/samples? (is|are) sent/i);
        expect(croissant.conditionsOfAccess, listing.id).toContain(page.outlook);
      }
      // Never where a sample file lives: that path is NDA-only.
      if (listing.nda.sample_file) expect(text).not.toContain(listing.nda.sample_file);
    }
  });

  test('its licence is the licensing page, a built page, not the access form', async () => {
    for (const listing of listings) {
      const croissant = JSON.parse(await read(`catalog/${listing.id}/croissant.json`));
      expect(new URL(croissant.license).pathname, listing.id).toBe('/licensing/');
    }
    expect(await read('licensing/index.html')).toContain('<h1>Licensing</h1>');
  });
});

describe('Croissant RAI properties', () => {
  test('personalSensitiveInformation says nothing twice', async () => {
    for (const listing of listings) {
      const croissant = JSON.parse(await read(`catalog/${listing.id}/croissant.json`));
      const clauses = (croissant['rai:personalSensitiveInformation'] as string)
        .split(/[.;]/)
        .map((clause) => clause.trim().toLowerCase())
        .filter(Boolean);
      expect(clauses, listing.id).toEqual([...new Set(clauses)]);
    }
  });

  // Croissant RAI 1.0: rai:dataCollectionTimeframe is sc:DateTime, MANY, "start and end date of the collection
  // process"; mlcroissant reads each value as an ISO 8601 date.
  test('dataCollectionTimeframe is the start and end date of the years covered, as ISO 8601 dates', async () => {
    for (const listing of listings) {
      const croissant = JSON.parse(await read(`catalog/${listing.id}/croissant.json`));
      const [from, to = from] = listing.years_covered.split(/\s*[–-]\s*/);
      expect(croissant['rai:dataCollectionTimeframe'], listing.id).toEqual([`${from}-01-01`, `${to}-12-31`]);
    }
  });
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

describe('OpenAPI', () => {
  test('lints clean, warnings included (Redocly, recommended rules): each example fits its schema', async () => {
    const result = await run(
      process.execPath,
      ['node_modules/@redocly/cli/bin/cli.js', 'lint', join(DIST_CLIENT, 'openapi.json'), '--format=json'],
      {
        env: childEnv({ REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' }),
        maxBuffer: 16 * 1024 * 1024,
      },
    ).catch((error: { stdout: string }) => error);
    const report = JSON.parse(result.stdout);
    const problems = report.problems.filter((p: { ignored?: boolean }) => !p.ignored);
    expect(problems).toEqual([]);
    expect(report.totals.errors).toBe(0);
  }, 60_000);

  test('documents every endpoint with the bearer scheme, the envelope, error.fields and the rate-limit headers', async () => {
    const document = JSON.parse(await read('openapi.json'));
    expect(document.openapi).toBe('3.1.0');
    expect(Object.keys(document.paths).sort()).toEqual(
      [
        '/api/v1/catalog',
        '/api/v1/catalog/{id}',
        '/api/v1/catalog/{id}/fit',
        '/api/v1/demand',
        '/api/v1/health',
        '/api/v1/me',
        '/api/v1/requests',
        '/api/v1/requests/{id}',
        '/api/v1/requests/{id}/withdraw',
        '/api/v1/requests/{id}/messages',
        '/api/v1/samples/{id}',
        '/api/v1/samples/{id}/download',
        '/api/v1/sample-requests',
        '/api/v1/sample-requests/{id}',
        '/api/v1/sample-requests/{id}/link',
        '/api/v1/access-requests',
        '/api/v1/session/link',
        '/api/v1/session/logout',
        '/api/v1/nda',
        '/api/v1/nda/acceptances',
        '/api/v1/keys',
        '/api/v1/keys/{id}',
        '/api/v1/keys/{id}/rotate',
        '/api/v1/team',
        '/api/v1/team/invitations',
        '/api/v1/team/invitations/{id}',
        '/api/v1/team/{id}',
        '/api/v1/webhooks',
        '/api/v1/webhooks/{id}',
        '/api/v1/webhooks/{id}/deliveries',
        '/api/v1/webhooks/{id}/test',
      ].sort(),
    );
    expect(Object.keys(document.webhooks).sort()).toEqual(
      [
        'request.created',
        'request.status_changed',
        'request.replied',
        'sample.link_sent',
        'sample.rejected',
        'nda.verified',
        'nda.revoked',
        'key.created',
        'key.revoked',
        'webhook.test',
      ].sort(),
    );
    // Every operation, webhooks included, has an operationId of its own: client generators name methods by it.
    const operations = [...Object.values(document.paths), ...Object.values(document.webhooks)].flatMap(
      (item) => Object.values(item as Record<string, { operationId?: string }>),
    );
    const ids = operations.map((operation) => operation.operationId);
    expect(ids.every((id) => typeof id === 'string' && id.length > 0)).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
    expect(document.webhooks['request.status_changed'].post.operationId).toBe('onRequestStatusChanged');
    expect(document.components.securitySchemes.apiKey).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(document.components.securitySchemes.session).toMatchObject({ type: 'apiKey', in: 'cookie' });
    expect(document.paths['/api/v1/keys'].post.security).toEqual([{ session: [] }]);
    expect(document.components.schemas.Error.properties.error.properties.fields).toBeDefined();
    const post = document.paths['/api/v1/requests'].post;
    expect(post.parameters.map((p: { name: string }) => p.name)).toContain('Idempotency-Key');
    expect(post.requestBody.content['application/json'].example).toBeDefined();
    expect(Object.keys(post.responses).sort()).toEqual([
      '201',
      '400',
      '401',
      '403', // a session cookie sent from another origin
      '409',
      '413',
      '415',
      '422',
      '429',
      '503',
    ]);
    expect(post.responses['429'].headers['Retry-After']).toBeDefined();
    expect(post.responses['503'].headers['Retry-After']).toBeDefined(); // the store cannot take the write now
    expect(post.responses['201'].headers.RateLimit).toBeDefined();
    // The spec's 13 public fields, the indicative pricing (issue 42) and the licence's terms (issue 43).
    expect(document.components.schemas.Listing.required).toHaveLength(15);
  });
});
