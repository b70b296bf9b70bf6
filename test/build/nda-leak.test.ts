// No value from any `nda:` block may appear anywhere in dist/client (contract §3), nor in the server bundle, nor in
// anything the MCP server answers without a key: every public tool, every resource, the tool list (contract §12).
import { languageWords, searchTerms } from '../../api/domain/listings/search-terms.ts';
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { beforeAll, expect, test } from 'vitest';
import { LISTING_STATUSES, VERTICALS } from '../../api/domain/vocabulary.ts';
import { loadListings, type ListingWithBody } from '../../api/domain/listings/listing-files.ts';
import { coreDoor } from '../../api/mcp/core-door.ts';
import { createMcpServer } from '../../api/mcp/mcp-server.ts';
import { testApi } from '../support/api.ts';
import { DIST_CLIENT, DIST_SERVER, requireBuild } from '../support/dist.ts';
import { mcpInMemory } from '../support/mcp.ts';
import { findLeaks, leaksIn, ndaSecrets } from '../support/nda-secrets.ts';

let listings: ListingWithBody[];
let secrets: string[];

beforeAll(async () => {
  requireBuild();
  listings = await loadListings('content/listings');
  for (const listing of listings) expect(privateWords(listing).length, listing.id).toBeGreaterThan(0);
  secrets = ndaSecrets(listings);
});

test('every listing contributes secrets to look for (owner, report, counts)', () => {
  for (const listing of listings) {
    expect(secrets).toContain(listing.nda.owner.name);
    expect(secrets).toContain(listing.nda.deidentification_report.performed_by);
  }
  expect(secrets.length).toBeGreaterThan(listings.length * 5);
});

test('no nda value appears anywhere in the public build', async () => {
  expect(await findLeaks(DIST_CLIENT, secrets)).toEqual([]);
});

// The per-request pages' bundle reads the same content store as the static pages: the renderer's copy of the
// front matter once brought every nda: block into it. Its serialised store is full of numbers (references between
// values), so the counts cannot be told from them; the names, reports and descriptions can.
test('no nda value appears in the server bundle either', async () => {
  const words = secrets.filter((secret) => /\p{L}/u.test(secret));
  expect(words.length).toBeGreaterThan(listings.length * 3);
  expect(await findLeaks(DIST_SERVER, words)).toEqual([]);
});

test('the scan does find a leak when there is one (a fixture page that leaks)', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'dss-leak-'));
  try {
    const victim = listings[0]!;
    await mkdir(join(dir, 'catalog', victim.id), { recursive: true });
    await writeFile(join(dir, 'clean.html'), '<p>nothing here</p>');
    await writeFile(
      join(dir, 'catalog', victim.id, 'index.html'),
      `<p>Owned by ${victim.nda.owner.name}</p>`,
    );
    const leaks = await findLeaks(dir, secrets);
    expect(leaks).toEqual([
      { file: join(dir, 'catalog', victim.id, 'index.html'), secret: victim.nda.owner.name },
    ]);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

test('a count is found standing alone, in JSON or with separators, but not inside a checksum', () => {
  const count = secrets.find((secret) => /^\d{4,}$/.test(secret))!;
  const separated = Number(count).toLocaleString('en-US');
  expect(leaksIn(`"sha256": "e${count}0d"`, secrets)).not.toContain(count);
  expect(leaksIn(`9${count}`, secrets)).not.toContain(count);
  expect(leaksIn(`[1200,${count}]`, secrets)).toContain(count);
  expect(leaksIn(`${separated} studies`, secrets)).toContain(separated);
});

test('no nda value in any public MCP tool, resource or listing, whatever is asked', async () => {
  const { api, deps } = await testApi({ RATE_LIMIT_PUBLIC_PER_MINUTE: '1000000' });
  const door = coreDoor({
    api,
    catalog: deps.catalog,
    site: deps.config.siteUrl,
    authorization: null,
    clientIp: '192.0.2.7',
  });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await createMcpServer(door).connect(serverSide);
  const client = await mcpInMemory(clientSide);
  const outputs: [string, unknown][] = [];
  const ask = async (name: string, args: Record<string, unknown> = {}) =>
    outputs.push([
      `${name} ${JSON.stringify(args)}`,
      await client.client.callTool({ name, arguments: args }),
    ]);
  try {
    outputs.push(['tools/list', await client.client.listTools()]);
    outputs.push(['resources/list', await client.client.listResources()]);
    outputs.push(['resources/templates/list', await client.client.listResourceTemplates()]);
    outputs.push(['nda://current', await client.client.readResource({ uri: 'nda://current' })]);
    await ask('search_catalog');
    for (const vertical of VERTICALS) await ask('search_catalog', { vertical });
    for (const status of LISTING_STATUSES) await ask('search_catalog', { status });
    await ask('list_demand');
    await ask('get_nda');
    await ask('get_listing', { id: 'no-such-listing' });
    for (const listing of listings) {
      await ask('get_listing', { id: listing.id });
      await ask('check_use', {
        id: listing.id,
        purposes: ['fine_tuning'],
        commercial: true,
        territories: ['worldwide'],
        term_months: 120,
      });
      await ask('search_catalog', { q: listing.title });
      // Searching for an NDA value does not find its listing: a match would tell what its NDA block says. Any word
      // may match, so the words of the owner's name that the listing's public text does not hold are searched.
      await ask('search_catalog', { q: privateWords(listing).join(' ') });
      outputs.push([
        `listing://${listing.id}`,
        await client.client.readResource({ uri: `listing://${listing.id}` }),
      ]);
    }
  } finally {
    await client.close();
  }
  const leaks = outputs.flatMap(([what, output]) =>
    leaksIn(JSON.stringify(output), secrets).map((secret) => ({ what, secret })),
  );
  expect(leaks).toEqual([]);
  for (const listing of listings) {
    const what = `search_catalog ${JSON.stringify({ q: privateWords(listing).join(' ') })}`;
    const found = outputs.find(([asked]) => asked === what)?.[1] as {
      structuredContent: { data: { id: string }[] };
    };
    expect(
      found.structuredContent.data.map((l) => l.id),
      what,
    ).not.toContain(listing.id);
  }
  // Every listing was answered, so the scan read their real answers, not errors.
  expect(outputs.filter(([what]) => what.startsWith('get_listing')).length).toBe(listings.length + 1);
});

/**
 * The words of the owner's name (4 letters or more) that the listing's public text, and the words search reads
 * for it (a country's other names, its languages'), do not start a word with.
 */
function privateWords(listing: (typeof listings)[number]): string[] {
  const { nda: _private, ...open } = listing;
  const publicText = [JSON.stringify(open), searchTerms(listing), languageWords(listing.languages)]
    .join(' ')
    .toLowerCase();
  return listing.nda.owner.name
    .toLowerCase()
    .split(/\W+/)
    .filter((word) => word.length >= 4 && !publicText.includes(word.slice(0, 4)));
}
