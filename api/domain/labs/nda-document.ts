// The NDA as a document (contract §8): content/legal/nda.md, its version in front matter, with the provider party
// and the governing law filled in from configuration (LEGAL_ENTITY, LEGAL_ADDRESS, GOVERNING_LAW). What a signer
// accepts is that whole text; its SHA-256 is over the text's UTF-8 bytes, so changing a party changes the hash
// (docs/decisions/nda-parties-in-the-hash.md). One current version; an acceptance names both, so a stale one is refused.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { load as parseYaml } from 'js-yaml';
import type { Config } from '../../config.ts';

export type LegalParties = Config['legal'];

/** The settings a counsel needs before anyone signs, by their variable names. */
export const LEGAL_SETTINGS = [
  ['LEGAL_ENTITY', 'entity'],
  ['LEGAL_ADDRESS', 'address'],
  ['GOVERNING_LAW', 'governingLaw'],
] as const;

export type NdaFile = { version: string; title: string; body: string };

export type NdaDocument = NdaFile & {
  /** The text accepted: heading, version, parties, governing law and the file's body. */
  text: string;
  sha256: string;
  /** The Parties section as sentences, the same on the page as in the text. */
  parties: string[];
  /** The legal settings not set: while any is, the NDA cannot be accepted. */
  unset: string[];
};

export const NDA_PATH = '/legal/nda/';
/** The text exactly as hashed, published beside the page (src/pages/legal/nda.md.ts). */
export const NDA_TEXT_PATH = '/legal/nda.md';

export function loadNdaFile(contentDir: string): NdaFile {
  // A CONTENT_DIR of generated listings (the benchmarks) has no NDA of its own: the repository's applies.
  const own = join(contentDir, 'legal', 'nda.md');
  const file = existsSync(own) ? own : resolve('content', 'legal', 'nda.md');
  const markdown = readFileSync(file, 'utf8');
  const match = /^---\n([\s\S]*?)\n---\n([\s\S]*)$/.exec(markdown);
  if (!match) throw new Error(`${file}: front matter (--- … ---) with a version is required`);
  const front = parseYaml(match[1]!) as { version?: unknown; title?: unknown };
  if (typeof front?.version !== 'string' || !front.version)
    throw new Error(`${file}: front matter needs version: "…" (a string)`);
  const title = typeof front.title === 'string' ? front.title : 'Non-Disclosure Agreement';
  return { version: front.version, title, body: match[2]!.trim() };
}

export const unsetLegalSettings = (legal: LegalParties) =>
  LEGAL_SETTINGS.filter(([, field]) => !legal[field]).map(([name]) => name);

/** The Parties section: who the provider is, who the lab is, and which law governs. */
export function partySentences(legal: LegalParties): string[] {
  const missing = (name: string) => `[not set: ${name}]`;
  const entity = legal.entity ?? missing('LEGAL_ENTITY');
  const address = legal.address ?? missing('LEGAL_ADDRESS');
  return [
    `1. ${entity}, of ${address}, which operates the Data Sourcing Service ("the Provider"); and`,
    '2. the organisation named on the acceptance certificate, for which its authorised signer accepts this Agreement ("the Lab").',
    `Governing law: the laws of ${legal.governingLaw ?? missing('GOVERNING_LAW')}, whose courts have exclusive jurisdiction.`,
  ];
}

export function ndaDocument(file: NdaFile, legal: LegalParties): NdaDocument {
  const parties = partySentences(legal);
  const text = [
    `# ${file.title}`,
    `Version ${file.version}`,
    '## Parties',
    ...parties,
    file.body,
    '',
  ].join('\n\n');
  const sha256 = createHash('sha256').update(text, 'utf8').digest('hex');
  return { ...file, text, sha256, parties, unset: unsetLegalSettings(legal) };
}

export const loadNdaDocument = (contentDir: string, legal: LegalParties) =>
  ndaDocument(loadNdaFile(contentDir), legal);
