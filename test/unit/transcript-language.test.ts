// A transcript turn's lang= and dir=: the listed language whose script most of its letters are in.
import { expect, test } from 'vitest';
import { transcriptLanguages, turnLanguage } from '../../src/lib/transcript-language.ts';

test.each([
  [['Arabic', 'English'], 'مرحبا، معك [NAME] من خدمة العملاء، كيف أقدر أساعدك؟', 'ar', 'rtl'],
  // Mostly English with an Arabic phrase (and an English tag, which does not count): English, left to right.
  [['Arabic', 'English'], 'Hi, my card got blocked, رقم البطاقة [CARD_NUMBER].', 'en', 'ltr'],
  [['Arabic', 'English'], '[NAME]؟', 'ar', 'rtl'],
  [['Japanese'], 'お電話ありがとうございます。[ORGANISATION]の[NAME]でございます。', 'ja', 'ltr'],
  [['Chinese'], '好的，我帮您查一下物流信息。', 'zh', 'ltr'],
  [['Filipino', 'English'], 'Tatlong araw na po akong may lagnat at ubo.', 'fil', 'ltr'],
  [['English', 'Spanish'], 'Is everyone safe?', 'en', 'ltr'],
  [['Hebrew'], 'שלום, מדבר [NAME].', 'he', 'rtl'],
  [['German'], '[AMOUNT]', 'de', 'ltr'],
])('%j: %s → %s %s', (names, text, lang, dir) => {
  expect(turnLanguage(text, transcriptLanguages(names))).toEqual({ lang, dir });
});

test('a listing without languages marks nothing', () => {
  expect(turnLanguage('Hello', transcriptLanguages([]))).toBeUndefined();
});
