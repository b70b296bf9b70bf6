// A listing's transcript excerpt carries each turn's language and direction, so Arabic reads right to left and
// Japanese and Chinese are read in their own language.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeAll, expect, test } from 'vitest';
import { DIST_CLIENT, requireBuild } from '../support/dist.ts';

beforeAll(() => requireBuild());

/** The transcript turns of a built listing page: each text with its lang= and dir=. */
async function turns(id: string) {
  const html = await readFile(join(DIST_CLIENT, 'catalog', id, 'index.html'), 'utf8');
  const transcript = /<figure class="transcript">([\s\S]*?)<\/figure>/.exec(html)?.[1] ?? '';
  // Each turn: the speaker and when the clip reaches it, then what was said.
  return [
    ...transcript.matchAll(/<strong>[^<]*<time[^>]*>[^<]*<\/time><\/strong> <span([^>]*)>([^<]*)<\/span>/g),
  ].map(([, attributes, text]) => ({
    lang: /\blang="([^"]+)"/.exec(attributes!)?.[1],
    dir: /\bdir="([^"]+)"/.exec(attributes!)?.[1],
    text: text!.slice(0, 12),
  }));
}

test.each([
  ['gulf-retail-banking-calls-arabic', ['ar rtl', 'en ltr', 'ar rtl']],
  ['jp-automotive-dealer-sales-calls', ['ja ltr', 'ja ltr', 'ja ltr']],
  ['cn-ecommerce-customer-service-calls-mandarin', ['zh ltr', 'zh ltr', 'zh ltr']],
  ['us-auto-insurance-claims-calls', ['en ltr', 'en ltr', 'en ltr']],
])('%s: each turn has its lang= and dir=', async (id, expected) => {
  const found = await turns(id);
  expect(
    found.map(({ lang, dir }) => `${lang} ${dir}`),
    JSON.stringify(found),
  ).toEqual(expected);
});
