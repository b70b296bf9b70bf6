// A rights block in plain words, for the listing page, its .md and llms-full.txt: "Training and evaluation,
// commercial use, worldwide, 24 months; no redistribution; derived models may be distributed."
import { countryName } from '../countries.ts';
import { DUO_TERMS, type Purpose, type Rights } from './rights-schema.ts';

export const PURPOSE_WORDS: Record<Purpose, string> = {
  training: 'training',
  evaluation: 'evaluation',
  fine_tuning: 'fine-tuning',
  benchmark_publication: 'publishing benchmark results',
};

/** ["a", "b", "c"] → "a, b and c". */
export const listWords = (items: readonly string[]) =>
  items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;

/** "worldwide", or "in Germany, Austria and Switzerland". */
export function territoryWords(territory: readonly string[]): string {
  if (territory.includes('worldwide')) return 'worldwide';
  return `in ${listWords(territory.map((code) => countryName(code) ?? code))}`;
}

export const purposeWords = (purposes: readonly Purpose[]) =>
  listWords(purposes.map((p) => PURPOSE_WORDS[p]));

const capital = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
const months = (n: number) => `${n} month${n === 1 ? '' : 's'}`;

/** The licence in one sentence, as the issue words it. */
export function rightsSentence(rights: Rights): string {
  const use = `${capital(purposeWords(rights.purposes))}, ${rights.commercial ? 'commercial use' : 'non-commercial use only'}, ${territoryWords(rights.territory)}, ${months(rights.term_months)}`;
  const passOn =
    rights.redistribution === 'derived_models_only'
      ? 'no redistribution of the data; derived models may be distributed'
      : 'no redistribution of the data or of models trained on it';
  const exclusive =
    rights.exclusivity === 'available' ? 'an exclusive licence is available' : 'non-exclusive only';
  return `${use}; ${passOn}; ${exclusive}.`;
}

/** "Data use (GA4GH DUO): health or medical or biomedical research (DUO:0000006), …", or nothing for audio. */
export function duoSentence(rights: Rights): string | undefined {
  if (!rights.duo?.length) return undefined;
  return `Data use (GA4GH DUO): ${rights.duo.map((code) => `${DUO_TERMS[code]} (${code})`).join(', ')}.`;
}

/** Every sentence the page and the Markdown show. */
export const rightsSentences = (rights: Rights): string[] =>
  [rightsSentence(rights), duoSentence(rights)].filter((line): line is string => line !== undefined);
