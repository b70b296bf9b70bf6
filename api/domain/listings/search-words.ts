// The words a catalogue search compares, for the listing's text and the buyer's query alike: folded case and
// accents, one spelling for British and American ("centre" is "center"), a token for a phrase that means one thing
// ("call centre", "contact center"), and no filler words. Pure and free of Node and ICU: the page's script runs it.

// Words every listing has, or that carry no meaning: "any word may match" must not make them match everything.
const STOP_WORDS = new Set(
  'a an and any are as at be by data dataset datasets for from in is it of on or set sets the this to with'.split(
    ' ',
  ),
);

// Spellings a rule below would get wrong or miss.
const SPELLINGS: Record<string, string> = {
  catalogue: 'catalog',
  catalogues: 'catalogs',
  dialogue: 'dialog',
  dialogues: 'dialogs',
  programme: 'program',
  programmes: 'programs',
  licence: 'license',
  licences: 'licenses',
  grey: 'gray',
  oesophagus: 'esophagus',
  oesophageal: 'esophageal',
  oedema: 'edema',
};

/** One word as the index keeps it: both spellings of a word become the same string. */
export function normaliseWord(word: string): string {
  const known = SPELLINGS[word];
  if (known) return known;
  if (word.length < 5) return word;
  return (
    word
      // centre → center, metre → meter, theatre → theater
      .replace(/tre(s?)$/, 'ter$1')
      // organisation → organization, anonymised → anonymized, recognise → recognize
      .replace(/is(ation|ations|ed|es|e|ing)$/, 'iz$1')
      // colour → color, tumour → tumor, behaviour → behavior (not "hour", "four": too short for this rule)
      .replace(/([a-z]{2})our(s?)$/, '$1or$2')
      // labelled → labeled, modelling → modeling, travellers → travelers
      .replace(/ell(ed|ing|er|ers)$/, 'el$1')
      // paediatric → pediatric, haemorrhage → hemorrhage, orthopaedics → orthopedics, anaesthesia → anesthesia
      .replace(/ae/g, 'e')
  );
}

// Two words that name one thing: the pair also yields one token, so either wording finds the other.
const PHRASES: [RegExp, RegExp, string][] = [
  [/^(call|contact|service)$/, /^centers?$/, 'callcenter'],
  [/^(customer|client)$/, /^(service|services|support|care)$/, 'customerservice'],
  [/^help$/, /^desks?$/, 'customerservice'],
  [/^x$/, /^rays?$/, 'xray'],
];
const SINGLE_PHRASES: Record<string, string> = { helpdesk: 'customerservice', callcenter: 'callcenter' };

/** Lower case, without accents, split at anything not a letter or digit (as the API's `q` is counted). */
export function plainWords(text: string): string[] {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
}

/** The tokens of a text or a query: normalised words, phrase tokens after their pair, filler words dropped. */
export function searchTokens(text: string): string[] {
  const words = plainWords(text).map(normaliseWord);
  const tokens: string[] = [];
  words.forEach((word, i) => {
    if (!STOP_WORDS.has(word)) tokens.push(word);
    const single = SINGLE_PHRASES[word];
    if (single && single !== word) tokens.push(single);
    const next = words[i + 1];
    if (next === undefined) return;
    for (const [first, second, token] of PHRASES) {
      if (first.test(word) && second.test(next)) tokens.push(token);
    }
  });
  return tokens;
}
