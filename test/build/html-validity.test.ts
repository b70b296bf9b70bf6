// The Nu HTML checker (vnu-jar, on the machine's Java) over every page of the build, in one call, and over the
// pages rendered per request (catalogue search, its 422, the demand board), fetched from the built server.
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { expect, test } from 'vitest';
import { DIST_CLIENT, requireBuild } from '../support/dist.ts';
import { startServer } from '../support/server.ts';
import { createPageRateLimited } from '../../api/server/site-requests.ts';

async function vnuErrors(target: string): Promise<string[]> {
  const result = await promisify(execFile)(
    'java',
    [
      '-jar',
      'node_modules/vnu-jar/build/dist/vnu.jar',
      '--skip-non-html',
      '--errors-only',
      '--format',
      'json',
      target,
    ],
    { maxBuffer: 16 * 1024 * 1024 },
  ).catch((error: { stdout: string; stderr: string }) => error);
  const report = JSON.parse(result.stderr || result.stdout || '{"messages":[]}') as {
    messages: { type: string; url: string; message: string }[];
  };
  return report.messages.filter((m) => m.type === 'error').map((m) => `${m.url}: ${m.message}`);
}

test('vnu finds no error in any page of dist/client', async () => {
  requireBuild();
  expect(await vnuErrors(DIST_CLIENT)).toEqual([]);
}, 120_000);

test('vnu finds no error in the pages rendered per request', async () => {
  requireBuild();
  const server = await startServer({ RATE_LIMIT_PUBLIC_PER_MINUTE: '10000' });
  const dir = await mkdtemp(join(tmpdir(), 'dss-vnu-'));
  try {
    const pages = {
      'search.html':
        '/catalog/search/?q=chest&vertical=medical_imaging&geography=Germany&geography=India&sort=title',
      'search-none.html': '/catalog/search/?q=zebra',
      'search-invalid.html': '/catalog/search/?geography=Germny&domain=insurence',
      'demand.html': '/demand/',
    };
    for (const [file, path] of Object.entries(pages)) {
      await writeFile(join(dir, file), await (await fetch(server.url + path)).text());
    }
    // The server's own 429 page for a browser (Astro's handler is what it refuses).
    let body = '';
    const res = {
      req: { method: 'GET', headers: { accept: 'text/html' } },
      writeHead: () => undefined,
      end: (text: string) => void (body = text),
    };
    const decision = { retryAfter: 42, headers: { 'ratelimit-policy': '', ratelimit: '' } };
    createPageRateLimited(['/_astro/site.css'])(res as never, decision as never);
    await writeFile(join(dir, 'rate-limited.html'), body);
    expect(await vnuErrors(dir)).toEqual([]);
  } finally {
    await server.stop();
    await rm(dir, { recursive: true, force: true });
  }
}, 120_000);
