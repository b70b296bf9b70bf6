// Which espeak-ng voice says which stretch of a turn: a turn that mixes scripts (Arabic with English, Japanese
// kana with kanji) is said in pieces, each by the voice of its script's language.
import type { Piece, Voice } from './speech.ts';

/** espeak-ng's voice for a language (BCP 47 primary subtag). It has no Filipino: Indonesian spelling is closest. */
export const ESPEAK_VOICE: Record<string, string> = {
  en: 'en-us',
  es: 'es-419',
  pt: 'pt-br',
  de: 'de',
  fr: 'fr-fr',
  ar: 'ar',
  zh: 'cmn',
  ja: 'ja',
  hi: 'hi',
  fil: 'id',
};

const SCRIPTS: [RegExp, string][] = [
  [/\p{Script=Arabic}/u, 'ar'],
  [/\p{Script=Devanagari}/u, 'hi'],
  [/[\p{Script=Hiragana}\p{Script=Katakana}]/u, 'ja'],
  [/\p{Script=Han}/u, 'han'],
  [/\p{Script=Latin}/u, 'latin'],
];

/**
 * The turn's text in runs of one script (spaces, digits, punctuation and tags stay with the run they are in),
 * each with a voice: Latin letters in `latin`'s voice, Han in Japanese where the call is Japanese, else Mandarin.
 */
export function piecesOf(
  text: string,
  languages: { latin: string; han: string },
  voice: Omit<Voice, 'name'>,
): Piece[] {
  const runs: { language: string; text: string }[] = [];
  const add = (char: string, language: string | undefined, found?: string) => {
    const last = runs.at(-1);
    // Kanji inside Japanese is Japanese; a run with no letters yet takes the first script it meets.
    if (last && (!language || language === last.language || (last.language === 'ja' && found === 'han')))
      last.text += char;
    else if (last && last.language === '') ((last.text += char), (last.language = language ?? ''));
    else runs.push({ language: language ?? '', text: char });
  };
  // A redaction tag is English capitals in any language: it belongs to the run it stands in.
  for (const part of text.split(/(\[[A-Z_]+\])/)) {
    if (/^\[[A-Z_]+\]$/.test(part)) {
      add(part, undefined);
      continue;
    }
    for (const char of part) {
      const found = SCRIPTS.find(([pattern]) => pattern.test(char))?.[1];
      add(char, found === 'latin' ? languages.latin : found === 'han' ? languages.han : found, found);
    }
  }
  return runs.map((run) => {
    const language = run.language || languages.latin;
    // espeak-ng's Japanese reads kana only: it would say "Chinese letter" in English for each kanji, so they go.
    const text = language === 'ja' ? run.text.replace(/\p{Script=Han}/gu, '') : run.text;
    return { text, voice: { ...voice, name: ESPEAK_VOICE[language] ?? 'en-us' } };
  });
}
