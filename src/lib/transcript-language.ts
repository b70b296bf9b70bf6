// The language and direction of a transcript turn, for its lang= and dir=: without them, Arabic broken up by a
// [NAME] tag and punctuation is laid out as English (halves swapped, "?" at the start), and a screen reader reads
// Japanese with an English voice. A listing names its languages; a turn is in the one whose script (ICU's likely
// script for it) most of its letters are written in, the first listed on a tie (bilingual calls: [Arabic, English]).
import { languageCode } from '../../api/domain/languages.ts';

export type TurnLanguage = { lang: string; dir: 'ltr' | 'rtl' };

// ICU's likely scripts that are several Unicode scripts together (ISO 15924 names them; Unicode does not).
const SCRIPTS_OF: Record<string, string[]> = {
  Jpan: ['Hani', 'Hira', 'Kana'],
  Hans: ['Hani'],
  Hant: ['Hani'],
  Kore: ['Hang', 'Hani'],
};

// Redaction tags ([NAME], [CARD_NUMBER]) are ours, in English, whatever the call's language.
const TAG = /\[[A-Z_]+\]/g;

function letterPattern(script: string): RegExp | undefined {
  try {
    return new RegExp(`[${(SCRIPTS_OF[script] ?? [script]).map((s) => `\\p{Script=${s}}`).join('')}]`, 'gu');
  } catch {
    return undefined; // a script Unicode's property escapes do not know: it counts no letter
  }
}

function direction(locale: Intl.Locale): 'ltr' | 'rtl' {
  // getTextInfo() in Node 24 and current browsers; the textInfo getter in older V8.
  const info =
    (locale as { getTextInfo?: () => { direction?: string } }).getTextInfo?.() ??
    (locale as { textInfo?: { direction?: string } }).textInfo;
  return info?.direction === 'rtl' ? 'rtl' : 'ltr';
}

/** Each listed language (names, as listings keep them) with its code, likely script and direction. */
export function transcriptLanguages(names: readonly string[]) {
  return names.flatMap((name) => {
    const code = languageCode(name);
    if (!code) return [];
    const locale = new Intl.Locale(code);
    const script = locale.maximize().script;
    return [{ lang: code, dir: direction(locale), letters: script ? letterPattern(script) : undefined }];
  });
}

/** The language of one turn among the listing's (from transcriptLanguages); undefined when it names none. */
export function turnLanguage(
  text: string,
  languages: ReturnType<typeof transcriptLanguages>,
): TurnLanguage | undefined {
  const untagged = text.replace(TAG, ' ');
  let best: (typeof languages)[number] | undefined;
  let bestCount = 0;
  for (const language of languages) {
    const count = language.letters ? (untagged.match(language.letters)?.length ?? 0) : 0;
    if (count > bestCount) [best, bestCount] = [language, count];
  }
  // No letter in any listed language's script (romanised Hindi in a [Hindi, English] listing counts as English
  // above; here only digits or tags): the listing's first language.
  const chosen = best ?? languages[0];
  return chosen && { lang: chosen.lang, dir: chosen.dir };
}
