// Language names and codes through Intl (Node ships full ICU), not a hand-written table.
// A language is identified by its base subtag after ICU canonicalisation: `eng`, `EN`, `en-US` all become `en`.

const displayNames = new Intl.DisplayNames('en', { type: 'language', fallback: 'none' });

/** The canonical base language subtag of a BCP 47 tag or ISO 639 code, or undefined if ICU has no name for it. */
function baseOfCode(input: string): string | undefined {
  try {
    const [canonical] = Intl.getCanonicalLocales(input);
    if (!canonical) return undefined;
    const base = new Intl.Locale(canonical).language;
    return displayNames.of(base) ? base : undefined;
  } catch {
    return undefined; // not a well-formed tag: may still be a name
  }
}

let nameIndex: Map<string, string> | undefined;

/**
 * English name (lower case) → base subtag, for every language ICU can name with a two- or three-letter code.
 * Built once, on first use (about 0.4 s: every three-letter code is asked); `warmLanguageIndex()` pays it at start-up.
 */
function languageNameIndex(): Map<string, string> {
  if (nameIndex) return nameIndex;
  const index = new Map<string, string>();
  const letters = 'abcdefghijklmnopqrstuvwxyz';
  const add = (code: string) => {
    const base = baseOfCode(code);
    const name = base && displayNames.of(base);
    if (base && name && !index.has(name.toLowerCase())) index.set(name.toLowerCase(), base);
  };
  for (const a of letters) for (const b of letters) add(a + b);
  for (const a of letters) for (const b of letters) for (const c of letters) add(a + b + c);
  nameIndex = index;
  return index;
}

export function warmLanguageIndex(): void {
  languageNameIndex();
}

/** The base language subtag for a name (`English`), an ISO 639-1/639-3 code (`en`, `eng`) or a BCP 47 tag (`en-US`). */
export function languageCode(input: string): string | undefined {
  const trimmed = input.trim();
  if (trimmed === '' || trimmed.length > 64) return undefined;
  // A name such as "English" is well-formed as a tag too, but ICU has no name for it, so codes go first.
  return baseOfCode(trimmed) ?? languageNameIndex().get(trimmed.toLowerCase());
}

/** The English name of a language given by name, code or tag (`eng` → `English`), or undefined if unknown. */
export function languageName(input: string): string | undefined {
  const code = languageCode(input);
  return code ? displayNames.of(code) : undefined;
}
