import { expect, test } from 'vitest';
import { languageCode, languageName } from '../../api/domain/languages.ts';

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
])('%s is %s', (input, name) => {
  expect(languageName(input)).toBe(name);
});

test.each(['', 'xx', 'Klingonese', 'qaa', 'en-', '123', 'a'.repeat(100)])('%j is not a language', (input) => {
  expect(languageCode(input)).toBeUndefined();
});

test('answers stay right when many distinct inputs pass the memo cap, and unknown ones stay unknown', () => {
  for (let i = 0; i < 10_000; i++) expect(languageCode(`zz-x-${i.toString(36)}`)).toBeUndefined();
  expect(languageName('eng')).toBe('English');
  expect(languageCode('Klingonese')).toBeUndefined();
  expect(languageCode('Klingonese')).toBeUndefined();
  expect(languageName('es-MX')).toBe('Spanish');
});
