// Reads and validates every listing file, NDA fields included, for the API and the CLI.
// The Astro build reads the same files through src/content.config.ts with the same schema.
import { readdir, readFile } from 'node:fs/promises';
import { basename, join, relative } from 'node:path';
import { load as parseYaml } from 'js-yaml';
import type { z } from 'zod';
import { fieldErrors } from '../../field-errors.ts';
import { LISTING_ID_PATTERN, listingFileSchema, type Listing } from './listing-schema.ts';

export type ListingWithBody = Listing & { body: string; filePath: string };

export class ListingFileError extends Error {
  override name = 'ListingFileError';
}

// The same front-matter rule as Astro's (@astrojs/internal-helpers/frontmatter), so both read a file alike.
const FRONTMATTER = /^\uFEFF?---\r?\n([\s\S]*?\r?\n)---(?:\r?\n|$)/;

/** `path: field: message` lines, one per issue, so an author sees every problem at once. */
export function describeIssues(filePath: string, issues: readonly z.core.$ZodIssue[]): string {
  return Object.entries(fieldErrors(issues, 'field (a typo?)', '(front matter)'))
    .flatMap(([field, messages]) => messages.map((message) => `${filePath}: ${field}: ${message}`))
    .join('\n');
}

export function parseListingFile(filePath: string, source: string): ListingWithBody {
  const id = basename(filePath, '.md');
  if (!LISTING_ID_PATTERN.test(id)) {
    throw new ListingFileError(
      `${filePath}: id: the file name must be lowercase letters, digits and "-" (got "${id}")`,
    );
  }
  const match = FRONTMATTER.exec(source);
  if (!match)
    throw new ListingFileError(`${filePath}: (front matter): missing the --- front matter block ---`);
  let data: unknown;
  try {
    data = parseYaml(match[1]!);
  } catch (error) {
    throw new ListingFileError(
      `${filePath}: (front matter): YAML does not parse: ${(error as Error).message}`,
    );
  }
  const result = listingFileSchema.safeParse(data ?? {});
  if (!result.success) throw new ListingFileError(describeIssues(filePath, result.error.issues));
  return { id, ...result.data, body: source.slice(match[0].length).trim(), filePath };
}

/** Every `*.md` listing in `dir`, validated and sorted by id; throws one error naming every bad file and field. */
export async function loadListings(dir: string): Promise<ListingWithBody[]> {
  const names = (await readdir(dir)).filter((name) => name.endsWith('.md')).sort();
  const listings: ListingWithBody[] = [];
  const problems: string[] = [];
  for (const name of names) {
    const filePath = join(dir, name);
    try {
      listings.push(parseListingFile(relative(process.cwd(), filePath), await readFile(filePath, 'utf8')));
    } catch (error) {
      if (!(error instanceof ListingFileError)) throw error;
      problems.push(error.message);
    }
  }
  if (problems.length) throw new ListingFileError(problems.join('\n'));
  return listings;
}
