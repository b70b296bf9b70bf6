// Language names and codes through Intl (Node ships full ICU), not a hand-written table; the few names ICU's English
// lacks are in language-aliases.ts. A language is identified by its base subtag after ICU canonicalisation: `eng`,
// `EN`, `en-US`, `American English` all become `en`.
import { closest } from './closest.ts';
import { LANGUAGE_ALIASES, REGIONAL_TAGS } from './language-aliases.ts';

const displayNames = new Intl.DisplayNames('en', { type: 'language', fallback: 'none' });

/** How names are compared: any case, spacing and accents ("Norwegian Bokmal" is "Norwegian Bokmål"). */
const nameKey = (name: string) =>
  name.normalize('NFD').replace(/\p{M}/gu, '').trim().toLowerCase().replace(/\s+/g, ' ');

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

const LETTERS = 'abcdefghijklmnopqrstuvwxyz';
const codesOfLength = (length: 2 | 3): string[] =>
  length === 2
    ? [...LETTERS].flatMap((a) => [...LETTERS].map((b) => a + b))
    : codesOfLength(2).flatMap((ab) => [...LETTERS].map((c) => ab + c));

/**
 * English name (a nameKey) → base subtag, for every language ICU can name with a code of one length: the base's
 * name, and the code's own where ICU files it under another base ("Dari": prs is fa-AF). Built as needed: the
 * two-letter index (ISO 639-1, the common languages) in about 20 ms, the three-letter one in about 0.6 s, so a
 * build whose listings name only common languages never pays for the second.
 */
class NameIndex {
  readonly #names = new Map<string, string>();
  readonly #codes: Iterator<string>;
  readonly #named: string[] = [];

  constructor(length: 2 | 3) {
    this.#codes = codesOfLength(length)[Symbol.iterator]();
  }

  /** Indexes up to `count` more codes; false once every code is in. */
  extend(count = Infinity): boolean {
    for (let done = 0; done < count; done++) {
      const next = this.#codes.next();
      if (next.done) return false;
      // One ICU call rules out the codes without a name (most of them); only named ones are canonicalised.
      const own = displayNames.of(next.value);
      if (!own) continue;
      const base = baseOfCode(next.value);
      if (!base) continue;
      this.#named.push(next.value);
      for (const name of [displayNames.of(base), own]) {
        const key = name && nameKey(name);
        if (key && !this.#names.has(key)) this.#names.set(key, base);
      }
    }
    return true;
  }

  get(key: string): string | undefined {
    this.extend();
    return this.#names.get(key);
  }

  /** Every name indexed, and every code ICU names. */
  all(): { names: string[]; codes: string[] } {
    this.extend();
    return { names: [...this.#names.keys()], codes: this.#named };
  }
}

const nameIndexes = [new NameIndex(2), new NameIndex(3)] as const;

let aliases: Map<string, string> | undefined;
/** language-aliases.ts's names and ICU's regional ones ("Brazilian Portuguese"), each → its base subtag. */
function aliasIndex(): Map<string, string> {
  if (aliases) return aliases;
  aliases = new Map();
  for (const [name, code] of Object.entries(LANGUAGE_ALIASES)) {
    const base = baseOfCode(code);
    if (base) aliases.set(nameKey(name), base);
  }
  for (const tag of REGIONAL_TAGS) {
    const [name, base] = [displayNames.of(tag), baseOfCode(tag)];
    if (name && base) aliases.set(nameKey(name), base);
  }
  return aliases;
}

function codeOfName(name: string): string | undefined {
  const key = nameKey(name);
  return nameIndexes[0].get(key) ?? aliasIndex().get(key) ?? nameIndexes[1].get(key);
}

/** Codes indexed per turn of the event loop while warming: about 5 ms of it. */
const WARM_SLICE = 100;

/**
 * Builds both indexes ahead of need, a slice per turn of the event loop, so that the server answers meanwhile; a
 * lookup that comes first finishes the index itself.
 */
export async function warmLanguageIndex(): Promise<void> {
  for (const index of nameIndexes) {
    while (index.extend(WARM_SLICE)) await new Promise((resolve) => setImmediate(resolve));
  }
}

// Intl.getCanonicalLocales + Intl.Locale + DisplayNames cost tens of microseconds a call, and the build asks for the
// same few languages once per listing per page: remembering the answers made a 10,000-listing build 5 s faster.
// Bounded, because API clients choose the input: past the cap the memo starts afresh rather than grow.
const MEMO_CAP = 4096;
const codeMemo = new Map<string, string | undefined>();
const nameMemo = new Map<string, string | undefined>();

/** The base language subtag for a name (`English`), an ISO 639-1/639-3 code (`en`, `eng`) or a BCP 47 tag (`en-US`). */
export function languageCode(input: string): string | undefined {
  if (codeMemo.has(input)) return codeMemo.get(input);
  if (codeMemo.size >= MEMO_CAP) codeMemo.clear();
  const code = computeLanguageCode(input);
  codeMemo.set(input, code);
  return code;
}

function computeLanguageCode(input: string): string | undefined {
  const trimmed = input.trim();
  if (trimmed === '' || trimmed.length > 64) return undefined;
  // A name such as "English" is well-formed as a tag too, but ICU has no name for it, so codes go first.
  return baseOfCode(trimmed) ?? codeOfName(trimmed);
}

/** The English name of a language given by name, code or tag (`eng` → `English`), or undefined if unknown. */
export function languageName(input: string): string | undefined {
  const code = languageCode(input);
  if (!code) return undefined;
  // Keyed by valid base subtags only, so bounded by ICU's list.
  if (!nameMemo.has(code)) nameMemo.set(code, displayNames.of(code));
  return nameMemo.get(code);
}

let suggestions: { names: string[]; codes: string[] } | undefined;

/**
 * The English name of the language `input` was probably meant to be ("Englsh" → English), or undefined when none is
 * near: by name among the common languages (ISO 639-1) and the aliases, and, for a short input, by two-letter code
 * first ("enh" → English). Codes are not weighed against a longer input: "Swedsh" begins with sw, which is Swahili.
 */
export function similarLanguage(input: string): string | undefined {
  const key = nameKey(input.slice(0, 64));
  if (!key) return undefined;
  if (!suggestions) {
    const common = nameIndexes[0].all();
    suggestions = { names: [...common.names, ...aliasIndex().keys()], codes: common.codes };
  }
  const near =
    (key.length <= 3 ? closest(key, suggestions.codes) : undefined) ?? closest(key, suggestions.names);
  return near === undefined ? undefined : languageName(near);
}
