// Pages as people get them: Lighthouse (performance, accessibility, best practices, SEO) on each page type in
// Debian's Chromium, beside a bare one-line HTML page as the baseline; and the size budgets.
import { constants } from 'node:fs';
import { access, readFile, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { CHROMIUM } from '../../test/support/browser.ts';
import { audit, CATEGORIES, launchChrome } from '../../test/support/lighthouse.ts';
import { startBare, startOurs } from './processes.ts';
import type { Row } from './report.ts';
import { scratchDir } from './scratch.ts';

const PAGES = [
  '/',
  '/catalog/',
  '/catalog/us-auto-insurance-claims-calls/',
  '/demand/',
  '/docs/api/',
  '/access/',
  '/signin/',
  '/legal/nda/',
];
const BARE_PAGE =
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Bare page</title><meta name="description" content="A bare page as the Lighthouse baseline."></head><body><h1>Bare page</h1><p>One line.</p></body></html>';

export async function pagesPart(): Promise<Row[]> {
  const rows: Row[] = [];
  // Checked first: chrome-launcher reports a missing browser as an 'error' event nothing can catch, which ended
  // the whole run before its table was printed.
  await access(CHROMIUM, constants.X_OK).catch(() => {
    throw new Error(`no browser at ${CHROMIUM}: install Debian's chromium or set CHROMIUM_PATH`);
  });
  const dataDir = await scratchDir('pages');
  const ours = await startOurs({ DATA_DIR: dataDir, RATE_LIMIT_PUBLIC_PER_MINUTE: '100000' });
  const bare = await startBare({
    '/': { status: 200, headers: { 'Content-Type': 'text/html; charset=utf-8' }, body: BARE_PAGE },
  });
  const chrome = await launchChrome();
  try {
    const { scores: baseline } = await audit(chrome, `${bare.url}/`);
    for (const page of PAGES) {
      process.stderr.write(`pages: lighthouse ${page}\n`);
      const { scores: mine } = await audit(chrome, ours.url + page);
      for (const category of CATEGORIES) {
        rows.push({
          figure: `Lighthouse ${category} ${page}`,
          ours: mine[category],
          baseline: baseline[category],
          unit: '',
          target: '≥ 95',
          met: mine[category] >= 95,
        });
      }
    }
  } finally {
    chrome.kill();
    await ours.stop();
    await bare.stop();
  }
  const catalogGz = gzipSync(await readFile('dist/client/catalog/index.html')).length / 1024;
  rows.push({
    figure: '/catalog/ HTML, gzipped',
    ours: catalogGz,
    unit: 'KB',
    target: '< 50 KB',
    met: catalogGz < 50,
  });
  let largestScript = 0;
  for (const entry of await readdir('dist/client', { recursive: true, withFileTypes: true })) {
    if (entry.isFile() && entry.name.endsWith('.js')) {
      largestScript = Math.max(
        largestScript,
        gzipSync(await readFile(join(entry.parentPath, entry.name))).length / 1024,
      );
    }
  }
  rows.push({
    figure: 'largest page script, gzipped',
    ours: largestScript,
    unit: 'KB',
    target: '≤ 10 KB',
    met: largestScript <= 10,
  });
  return rows;
}
