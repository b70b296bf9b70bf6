import { expect, test, vi } from 'vitest';
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
