// `npm run screenshots`: photographs the pages a buyer sees first, at a laptop's and a phone's size, into
// docs/screenshots/ (committed, so a review sees the site without running it). Builds first if there is no build;
// runs the built server on a free port with a throwaway DATA_DIR, and Debian's Chromium through playwright-core.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium } from 'playwright-core';

const ROOT = resolve(import.meta.dirname, '..');
const OUT = join(ROOT, 'docs', 'screenshots');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const SCREENSHOT_PAGES: [name: string, path: string][] = [
  ['home', '/'],
  ['catalogue', '/catalog/'],
  ['listing-audio', '/catalog/us-auto-insurance-claims-calls/'],
  ['listing-imaging', '/catalog/de-chest-ct-lung-nodules/'],
  ['demand', '/demand/'],
  ['security', '/security/'],
];
const VIEWPORTS = [
  ['desktop', { width: 1366, height: 900 }],
  ['mobile', { width: 390, height: 844 }],
] as const;

if (!existsSync(join(ROOT, 'dist', 'server', 'entry.mjs'))) {
  const built = spawnSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit' });
  if (built.status !== 0) process.exit(built.status ?? 1);
}

const dataDir = mkdtempSync(join(tmpdir(), 'dss-screenshots-'));
const server = spawn(process.execPath, ['api/server/server.ts'], {
  cwd: ROOT,
  env: { ...process.env, HOST: '127.0.0.1', PORT: '0', DATA_DIR: dataDir },
  stdio: ['ignore', 'pipe', 'inherit'],
});
try {
  const url = await new Promise<string>((resolveUrl, reject) => {
    let out = '';
    server.stdout!.on('data', (chunk: Buffer) => {
      out += chunk;
      const match = /"msg":"listening","url":"([^"]+)"/.exec(out);
      if (match) resolveUrl(match[1]!);
    });
    server.once('exit', (code) => reject(new Error(`the server exited with ${code}`)));
  });
  mkdirSync(OUT, { recursive: true });
  const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: ['--no-sandbox'] });
  for (const [label, viewport] of VIEWPORTS) {
    const context = await browser.newContext({ viewport, colorScheme: 'light', deviceScaleFactor: 1 });
    for (const [name, path] of SCREENSHOT_PAGES) {
      const page = await context.newPage();
      await page.goto(url + path, { waitUntil: 'networkidle' });
      const file = join(OUT, `${name}-${label}.png`);
      await page.screenshot({ path: file, fullPage: true });
      console.log(`wrote docs/screenshots/${name}-${label}.png`);
      await page.close();
    }
    await context.close();
  }
  await browser.close();
} finally {
  server.kill('SIGTERM');
  rmSync(dataDir, { recursive: true, force: true });
}
