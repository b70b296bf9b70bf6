import { expect, test, vi } from 'vitest';
import { LANGUAGE_ALIASES } from '../../api/domain/language-aliases.ts';
import { languageCode, languageName, similarLanguage } from '../../api/domain/languages.ts';

test.each([
  ['en', 'English'],
  ['EN', 'English'],
  ['eng', 'English'],
  ['en-US', 'English'],
  ['en-gb', 'English'],
  ['English', 'English'],
  ['english', 'English'],
  [' English ', 'English'],
  ['es', 'Spanish'],
  ['spa', 'Spanish'],
  ['Spanish', 'Spanish'],
  ['es-MX', 'Spanish'],
  ['hi', 'Hindi'],
  ['ar', 'Arabic'],
  ['arb', 'Arabic'],
  ['cmn', 'Chinese'],
  ['zh-Hans', 'Chinese'],
  ['Chinese', 'Chinese'],
  ['pt-BR', 'Portuguese'],
  ['fr', 'French'],
  ['German', 'German'],
  ['tl', 'Filipino'],
  ['Cantonese', 'Cantonese'],
  // Names ICU's English lacks, for one language each: ISO 639's where CLDR's differ, and common ones.
  ['Mandarin', 'Chinese'],
  ['mandarin chinese', 'Chinese'],
  ['Tagalog', 'Filipino'],
  ['Farsi', 'Persian'],
  ['Bengali', 'Bangla'],
  ['Castilian', 'Spanish'],
  ['Slovene', 'Slovenian'],
  ['Sorani', 'Central Kurdish'],
  // A code's own name where ICU files it under another language (prs is fa-AF).
  ['Dari', 'Persian'],
  // ICU's names of regional forms, and names written without their accents.
  ['Brazilian Portuguese', 'Portuguese'],
  ['British English', 'English'],
  ['Latin American Spanish', 'Spanish'],
  ['Flemish', 'Dutch'],
  ['Simplified Chinese', 'Chinese'],
  ['Norwegian Bokmal', 'Norwegian Bokmål'],
  ['  norwegian   bokmål ', 'Norwegian Bokmål'],
])('%s is %s', (input, name) => {
  expect(languageName(input)).toBe(name);
});

test.each([
  '',
  'xx',
  'Klingonese',
  'qaa',
  'en-',
  '123',
  'a'.repeat(100),
  'Taiwanese',
  'Gaelic',
  'Hindustani',
])('%j is not a language (or not one language)', (input) => {
  expect(languageCode(input)).toBeUndefined();
});

test('no alias hides a language ICU names otherwise', () => {
  for (const [name, code] of Object.entries(LANGUAGE_ALIASES)) expect(languageCode(code), name).toBeDefined();
  const names = new Intl.DisplayNames('en', { type: 'language', fallback: 'none' });
  for (const [name, code] of Object.entries(LANGUAGE_ALIASES)) {
    const named = [...'abcdefghijklmnopqrstuvwxyz'].flatMap((a) =>
      [...'abcdefghijklmnopqrstuvwxyz']
        .filter((b) => names.of(a + b)?.toLowerCase() === name)
        .map((b) => a + b),
    );
    expect(
      named.every((other) => languageCode(other) === languageCode(code)),
      name,
    ).toBe(true);
  }
});

test.each([
  ['Englsh', 'English'],
  ['Spansh', 'Spanish'],
  ['Swedsh', 'Swedish'], // not Swahili for its first two letters
  ['Portugese', 'Portuguese'],
  ['Mandarn', 'Chinese'],
  ['Tagalo', 'Filipino'],
  ['enh', 'English'],
  ['Xyzzy', undefined], // nothing near: no suggestion rather than a random one
  ['Qwertyuiop', undefined],
])('a language near %j is %s', (input, name) => {
  expect(similarLanguage(input)).toBe(name);
});

test('answers stay right when many distinct inputs pass the memo cap, and unknown ones stay unknown', () => {
  for (let i = 0; i < 10_000; i++) expect(languageCode(`zz-x-${i.toString(36)}`)).toBeUndefined();
  expect(languageName('eng')).toBe('English');
  expect(languageCode('Klingonese')).toBeUndefined();
  expect(languageCode('Klingonese')).toBeUndefined();
  expect(languageName('es-MX')).toBe('Spanish');
});

test('the index warms a slice at a time, and a name asked for meanwhile is found', async () => {
  vi.resetModules(); // a module whose indexes are not built yet
  const languages = await import('../../api/domain/languages.ts');
  let warm = false;
  const warming = languages.warmLanguageIndex().then(() => (warm = true));
  await new Promise((resolve) => setTimeout(resolve, 0));
  expect(warm).toBe(false); // the event loop got a turn before the scan ended
  expect(languages.languageCode('Hawaiian')).toBe('haw'); // in the three-letter index, not warmed that far
  await warming;
  expect(languages.languageCode('Cantonese')).toBe('yue');
});
