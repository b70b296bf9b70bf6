// /docs/api/ as a person reads it: the API's descriptions are Markdown, shown as HTML (no stray backticks).
import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { beforeAll, expect, test } from 'vitest';
import { DIST_CLIENT, requireBuild } from '../support/dist.ts';

const run = promisify(execFile);
let html: string;
beforeAll(async () => {
  requireBuild();
  html = await readFile(join(DIST_CLIENT, 'docs/api/index.html'), 'utf8');
});

/** The text a reader sees outside code blocks (examples keep their characters as typed). */
const prose = (page: string) =>
  page
    .replace(/<pre\b[\s\S]*?<\/pre>/g, '')
    .replace(/<script\b[\s\S]*?<\/script>/g, '')
    .replace(/<[^>]+>/g, ' ');

test("the endpoints' descriptions show code spans as code, not as Markdown", () => {
  const endpoints = html.slice(html.indexOf('id="endpoints"'), html.indexOf('id="request-body"'));
  expect(prose(endpoints)).not.toContain('`');
  for (const code of ['sort', 'invalid', 'geography=Germany,Austria', 'limit', 'next_cursor', 'cursor'])
    expect(endpoints).toContain(`<code>${code}</code>`);
});

test('no backtick is left in the prose of the whole guide', () => {
  expect(prose(html).match(/.{0,40}`.{0,40}/g) ?? []).toEqual([]);
});

/** The curl examples of the guide, as a reader copies them (entities decoded). */
const curlExamples = (page: string) =>
  [...page.matchAll(/<pre[^>]*aria-label="curl example: ([^"]+)"[^>]*><code>([\s\S]*?)<\/code><\/pre>/g)].map(
    ([, name, code]) => ({
      name: name!,
      text: code!
        .replaceAll('&quot;', '"')
        .replaceAll('&#39;', "'")
        .replaceAll('&lt;', '<')
        .replaceAll('&gt;', '>')
        .replaceAll('&amp;', '&'),
    }),
  );

test('curl examples are broken across lines that fit a box: no line of one is over 110 characters', () => {
  const examples = curlExamples(html);
  expect(examples.length).toBeGreaterThan(10);
  for (const { name, text } of examples) {
    const longest = Math.max(...text.split('\n').map((line) => line.length));
    expect(longest, name).toBeLessThanOrEqual(110);
  }
});

test('a curl example with a body runs as written: the shell passes the documented JSON to curl', async () => {
  const openapi = JSON.parse(await readFile(join(DIST_CLIENT, 'openapi.json'), 'utf8'));
  const withBody = curlExamples(html).filter(({ text }) => text.includes(' -d '));
  expect(withBody.length).toBeGreaterThanOrEqual(1);
  for (const { name, text } of withBody) {
    // curl and uuidgen replaced by functions: the words the shell would hand curl, one per NUL.
    const script = `curl() { printf '%s\\0' "$@"; }\nuuidgen() { echo 00000000-0000-4000-8000-000000000000; }\n${text}\n`;
    const { stdout } = await run('bash', ['-c', script]);
    const words = stdout.split('\0');
    const body = JSON.parse(words[words.indexOf('-d') + 1]!);
    const [method, path] = name.split(' ') as [string, string];
    const example = openapi.paths[path][method.toLowerCase()].requestBody.content['application/json'].example;
    expect(body, name).toEqual(example);
    expect(
      words.filter((word) => word === '-X' || word === '-H' || word === '-d').length,
      name,
    ).toBeGreaterThan(2);
  }
});

test("a dashboard-only endpoint's example carries the session cookie, and the site's Origin when it writes", () => {
  const byName = new Map(curlExamples(html).map(({ name, text }) => [name, text]));
  const rotate = byName.get('POST /api/v1/keys/{id}/rotate')!;
  expect(rotate).toContain('-b "dss_session=$DSS_SESSION"');
  expect(rotate).toMatch(/-H "Origin: http:\/\/[^"]+"/);
  expect(rotate).not.toContain('Authorization');
  const list = byName.get('GET /api/v1/keys')!;
  expect(list).toContain('-b "dss_session=$DSS_SESSION"');
  expect(list).not.toContain('Origin');
  // A keyed endpoint keeps the key.
  expect(byName.get('GET /api/v1/requests')).toContain('Authorization: Bearer $DSS_API_KEY');
});
