// A listing's fact labels are words a person reads, never identifiers: a type rename once turned "Listing id"
// into "ListingWithoutNda id" on every listing page, every listing .md and llms-full.txt (issue 19).
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeAll, describe, expect, test } from 'vitest';
import { loadListings, type ListingWithBody } from '../../api/domain/listings/listing-files.ts';
import { DIST_CLIENT, requireBuild } from '../support/dist.ts';

const read = (path: string) => readFile(join(DIST_CLIENT, path), 'utf8');
let listings: ListingWithBody[];
let compoundNames: Set<string>;

beforeAll(async () => {
  requireBuild();
  listings = await loadListings('content/listings');
  compoundNames = await compoundTypeNames();
});

/** Type and schema names made of several words (ListingWithoutNda, DataType), lowercased. */
async function compoundTypeNames(): Promise<Set<string>> {
  const openapi = JSON.parse(await read('openapi.json')) as { components: { schemas: object } };
  const names = Object.keys(openapi.components.schemas);
  for (const dir of ['api', 'src']) {
    for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
      if (!entry.isFile() || !entry.name.endsWith('.ts')) continue;
      const source = await readFile(join(entry.parentPath, entry.name), 'utf8');
      for (const match of source.matchAll(/export (?:type|interface|class|enum) ([A-Za-z]\w*)/g))
        names.push(match[1]!);
    }
  }
  // One-word names (Domain, Listing) are also plain words that a label may well be.
  return new Set(names.filter((name) => /[a-z][A-Z]/.test(name)).map((name) => name.toLowerCase()));
}

/** Why `label` reads like an identifier rather than words, or undefined when it reads fine. */
function identifierLike(label: string, names: Set<string>): string | undefined {
  if (!/^[A-Z]/.test(label)) return 'does not start with a capital letter';
  if (/[a-z][A-Z]/.test(label)) return 'has a camelCase word';
  if (label.includes('_')) return 'has a snake_case word';
  const name = label.split(/\s+/).find((word) => names.has(word.toLowerCase()));
  if (name) return `has the type or schema name "${name}"`;
  return undefined;
}

/** The <dt> labels of a listing page's fact sheet (<dl class="facts">). */
function pageLabels(html: string): string[] {
  const sheet = /<dl class="facts"[^>]*>([\s\S]*?)<\/dl>/.exec(html)?.[1] ?? '';
  return [...sheet.matchAll(/<dt[^>]*>([\s\S]*?)<\/dt>/g)].map((m) => m[1]!.replace(/<[^>]+>/g, '').trim());
}

/** The <dt> labels of a listing page's data card and of every listing card in a list (catalogue, related). */
function otherLabels(html: string): string[] {
  const lists = [
    ...html.matchAll(/<dl class="(?:facts card-details|card-facts)"[^>]*>([\s\S]*?)<\/dl>/g),
  ].map((m) => m[1]!);
  return lists.flatMap((list) =>
    [...list.matchAll(/<dt[^>]*>([\s\S]*?)<\/dt>/g)].map((m) => m[1]!.replace(/<[^>]+>/g, '').trim()),
  );
}

/** The first column of each "| Field | Value |" table, one list per table. */
function markdownLabels(markdown: string): string[][] {
  return markdown
    .split('| Field | Value |\n|---|---|\n')
    .slice(1)
    .map((after) =>
      after
        .split('\n\n')[0]! // the table ends at the first blank line; a data card table may follow later
        .split('\n')
        .filter((line) => line.startsWith('|'))
        .map((line) => /^\| ((?:[^|\\]|\\.)*) \|/.exec(line)![1]!.replaceAll('\\|', '|')),
    );
}

const problems = (where: string, labels: string[]) =>
  labels.flatMap((label) => {
    const why = identifierLike(label, compoundNames);
    return why ? [`${where}: "${label}" ${why}`] : [];
  });

describe('fact labels', () => {
  test('the check tells identifiers from words', () => {
    const bad = ['ListingWithoutNda id', 'listingId', 'size_band', 'id', 'Listingwithoutnda id', 'Datatype'];
    for (const label of bad) expect(identifierLike(label, compoundNames), label).toBeDefined();
    const good = ['Listing ID', 'Data type', 'Years covered', 'Domain', 'Exclusivity available'];
    for (const label of good) expect(identifierLike(label, compoundNames), label).toBeUndefined();
  });

  test('every listing page and its Markdown label their facts in words, the same ones', async () => {
    const found: string[] = [];
    for (const listing of listings) {
      const page = pageLabels(await read(`catalog/${listing.id}/index.html`));
      const markdown = markdownLabels(await read(`catalog/${listing.id}.md`));
      expect(page.length, listing.id).toBeGreaterThan(5);
      expect(markdown, listing.id).toEqual([page]);
      found.push(
        ...problems(`catalog/${listing.id}/`, page),
        ...problems(`catalog/${listing.id}.md`, markdown.flat()),
      );
    }
    expect(found).toEqual([]);
  });

  test('the data card, related listings and catalogue cards label their facts in words too', async () => {
    const found: string[] = [];
    for (const listing of listings) {
      const labels = otherLabels(await read(`catalog/${listing.id}/index.html`));
      expect(labels.length, listing.id).toBeGreaterThan(6);
      found.push(...problems(`catalog/${listing.id}/ (data card, related)`, labels));
    }
    const catalogue = otherLabels(await read('catalog/index.html'));
    expect(catalogue.length).toBeGreaterThanOrEqual(listings.length * 4);
    found.push(...problems('catalog/', catalogue));
    expect(found).toEqual([]);
  });

  test('llms-full.txt has one fact table per listing, labelled in words', async () => {
    const tables = markdownLabels(await read('llms-full.txt'));
    expect(tables).toHaveLength(listings.length);
    expect(tables.flatMap((labels, i) => problems(`llms-full.txt, table ${i + 1}`, labels))).toEqual([]);
  });
});
