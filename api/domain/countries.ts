// Country names through Intl (Node ships full ICU), as languages.ts does for languages: a listing's geography is
// a comma-separated list of countries, and the catalogue filters by one country at a time.

const regionNames = new Intl.DisplayNames('en', { type: 'region', fallback: 'none' });
const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';

let index: Map<string, string> | undefined;

/** Lower-case name or ISO 3166-1 alpha-2 code → the English country name ICU gives it. */
function countryIndex(): Map<string, string> {
  if (index) return index;
  index = new Map();
  for (const a of LETTERS) {
    for (const b of LETTERS) {
      const code = a + b;
      const name = regionNames.of(code);
      // Private-use and reserved codes (QM–QZ, XA–XZ, ZZ) have no name or a placeholder one.
      if (
        !name ||
        name === code ||
        /unknown|pseudo/i.test(name) ||
        /^(Q[M-Z]|X[A-Z]|ZZ|EU|EZ|UN)$/.test(code)
      )
        continue;
      index.set(code.toLowerCase(), name);
      index.set(name.toLowerCase(), name);
    }
  }
  return index;
}

/** "germany", "DE" → "Germany"; undefined when ICU knows no such country. */
export function countryName(input: string): string | undefined {
  return countryIndex().get(input.trim().toLowerCase());
}

/** Every country name ICU knows, for suggestions. */
export function countryNames(): string[] {
  return [...new Set(countryIndex().values())];
}

/** "Germany, Austria" → ["Germany", "Austria"]: the countries a listing's geography names. */
export function geographyCountries(geography: string): string[] {
  return geography
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
}
