// `npm run screenshots`: photographs the pages a buyer sees first, at a laptop's and a phone's size, into
// docs/screenshots/ (committed, so a review sees the site without running it). Builds first if there is no build;
// runs the built server on a free port with a throwaway DATA_DIR, and Debian's Chromium through playwright-core.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium } from 'playwright-core';
import { photographDesk } from './desk-screenshots.ts';

const ROOT = resolve(import.meta.dirname, '..');
const OUT = join(ROOT, 'docs', 'screenshots');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const SCREENSHOT_PAGES: [name: string, path: string][] = [
  ['home', '/'],
  ['catalogue', '/catalog/'],
  ['catalogue-search', '/catalog/search/?q=spanish+call+centre'],
  ['listing-audio', '/catalog/us-auto-insurance-claims-calls/'],
  ['listing-imaging', '/catalog/de-chest-ct-lung-nodules/'],
  ['demand', '/demand/'],
  ['security', '/security/'],
];
const VIEWPORTS = [
  ['desktop', { width: 1280, height: 900 }],
  ['mobile', { width: 390, height: 844 }],
] as const;

/** The operator CLI on the throwaway store, as the runbook uses it; returns its JSON answer. */
function ops(...args: string[]): { id: string; key?: string } {
  const run = spawnSync(process.execPath, ['scripts/ops.ts', ...args, '--json'], {
    cwd: ROOT,
    env: { ...process.env, DATA_DIR: dataDir },
    encoding: 'utf8',
  });
  if (run.status !== 0) throw new Error(`ops ${args.join(' ')}: ${run.stderr}`);
  return JSON.parse(run.stdout);
}

/** A few published requests, so the demand board is photographed as a buyer or a data owner finds it. */
async function seedDemandBoard(url: string) {
  const org = ops('org', 'create', '--name', 'Screenshot Lab');
  const account = ops(
    'account',
    'add',
    '--org',
    org.id,
    '--email',
    'lead@screenshot-lab.example',
    '--verified',
  );
  const { key } = ops('key', 'issue', '--account', account.id);
  const requests = [
    {
      data_types: ['call_audio'],
      languages: ['de', 'fr'],
      domains: ['insurance'],
      volume: '1-10 TB',
      timeline: '3-6 months',
      exclusivity: 'open_to_both',
    },
    {
      data_types: ['ct_study', 'pet_ct_study'],
      domains: ['oncology'],
      volume: '10-50 TB',
      timeline: '6-12 months',
      exclusivity: 'non_exclusive',
    },
    {
      data_types: ['telehealth_audio'],
      languages: ['es', 'en'],
      domains: ['healthcare'],
      volume: '<1 TB',
      timeline: '1-3 months',
    },
  ];
  for (const request of requests) {
    const response = await fetch(`${url}/api/v1/requests`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({
        ...request,
        description: 'Seeded for the screenshots: a request as a lab writes one.',
        publish_to_demand_board: true,
      }),
    });
    if (response.status !== 201)
      throw new Error(`seeding the demand board: ${response.status} ${await response.text()}`);
  }
}

if (!existsSync(join(ROOT, 'dist', 'server', 'entry.mjs'))) {
  const built = spawnSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit' });
  if (built.status !== 0) process.exit(built.status ?? 1);
}

const dataDir = mkdtempSync(join(tmpdir(), 'dss-screenshots-'));
// A known free port, so SITE_URL can name it: the desk's sign-in form is refused from any other origin.
const port = await new Promise<number>((resolvePort) => {
  const probe = createServer().listen(0, '127.0.0.1', () => {
    const { port: free } = probe.address() as AddressInfo;
    probe.close(() => resolvePort(free));
  });
});
const server = spawn(process.execPath, ['api/server/server.ts'], {
  cwd: ROOT,
  env: {
    ...process.env,
    HOST: '127.0.0.1',
    PORT: String(port),
    SITE_URL: `http://127.0.0.1:${port}`,
    DATA_DIR: dataDir,
  },
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
  await seedDemandBoard(url);
  mkdirSync(OUT, { recursive: true });
  const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: ['--no-sandbox'] });
  for (const [label, viewport] of VIEWPORTS) {
    const context = await browser.newContext({ viewport, colorScheme: 'light', deviceScaleFactor: 1 });
    // `npm run screenshots -- catalogue listing-audio` takes only those pages.
    const only = process.argv.slice(2);
    for (const [name, path] of SCREENSHOT_PAGES.filter(([name]) => !only.length || only.includes(name))) {
      const page = await context.newPage();
      await page.goto(url + path, { waitUntil: 'networkidle' });
      // Lazy images (a listing's preview slice) load once near the viewport: bring each there, then wait for it.
      for (const image of await page.locator('img[loading="lazy"]').all())
        await image.scrollIntoViewIfNeeded();
      await page.waitForFunction(() => [...document.images].every((image) => image.complete));
      await page.evaluate(() => window.scrollTo(0, 0));
      const file = join(OUT, `${name}-${label}.png`);
      await page.screenshot({ path: file, fullPage: true });
      console.log(`wrote docs/screenshots/${name}-${label}.png`);
      await page.close();
    }
    await context.close();
  }
  if (!process.argv.slice(2).length || process.argv.includes('desk'))
    await photographDesk(browser, url, dataDir, ops, OUT);
  await browser.close();
} finally {
  server.kill('SIGTERM');
  rmSync(dataDir, { recursive: true, force: true });
}
