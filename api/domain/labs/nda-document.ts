// The NDA as a document (contract §8): content/legal/nda.md, its version in front matter, its SHA-256 over the
// file's bytes exactly as served. One current version; an acceptance names both, so a stale one is refused.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { load as parseYaml } from 'js-yaml';

export type NdaDocument = { version: string; title: string; sha256: string; markdown: string; body: string };

export const NDA_PATH = '/legal/nda/';

export function loadNdaDocument(contentDir: string): NdaDocument {
  // A CONTENT_DIR of generated listings (the benchmarks) has no NDA of its own: the repository's applies.
  const own = join(contentDir, 'legal', 'nda.md');
  const file = existsSync(own) ? own : resolve('content', 'legal', 'nda.md');
  const bytes = readFileSync(file);
  const markdown = bytes.toString('utf8');
  const match = /^---\n([\s\S]*?)\n---\n([\s\S]*)$/.exec(markdown);
  if (!match) throw new Error(`${file}: front matter (--- … ---) with a version is required`);
  const front = parseYaml(match[1]!) as { version?: unknown; title?: unknown };
  if (typeof front?.version !== 'string' || !front.version)
    throw new Error(`${file}: front matter needs version: "…" (a string)`);
  return {
    version: front.version,
    title: typeof front.title === 'string' ? front.title : 'Non-Disclosure Agreement',
    sha256: createHash('sha256').update(bytes).digest('hex'),
    markdown,
    body: match[2]!,
  };
}
