// /docs/api/ as a person reads it: the API's descriptions are Markdown, shown as HTML (no stray backticks).
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeAll, expect, test } from 'vitest';
import { DIST_CLIENT, requireBuild } from '../support/dist.ts';

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
