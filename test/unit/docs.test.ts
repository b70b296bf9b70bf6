// The docs stay a reference a newcomer can hold: within their sizes, every decision linked, every setting listed.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { expect, test } from 'vitest';

const root = join(import.meta.dirname, '../..');
const read = (path: string) => readFileSync(join(root, path), 'utf8');
const readme = read('README.md');
const decisionIndex = read('docs/DECISIONS.md');
const decisions = readdirSync(join(root, 'docs/decisions')).filter((name) => name.endsWith('.md'));

test.each([
  ['README.md', 20_000],
  ['BENCHMARKS.md', 15_000],
])('%s is at most %i bytes', (path, limit) => {
  expect(statSync(join(root, path)).size).toBeLessThanOrEqual(limit);
});

test('every decision file is linked from the decision index, which the README links; every local link resolves', () => {
  expect(decisions.length).toBeGreaterThan(0);
  expect(readme).toContain('(docs/DECISIONS.md)');
  for (const name of decisions) expect(decisionIndex).toContain(`(decisions/${name})`);
  const targets = (text: string) => [...text.matchAll(/\]\(([^)#:]+)(?:#[^)]*)?\)/g)].map((match) => match[1]!);
  for (const target of targets(readme)) expect(() => statSync(join(root, target)), target).not.toThrow();
  for (const target of targets(decisionIndex))
    expect(() => statSync(join(root, 'docs', target)), target).not.toThrow();
});

test.each(decisions)('docs/decisions/%s has a title, the decision and why', (name) => {
  expect(name).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*\.md$/);
  const text = read(join('docs/decisions', name));
  expect(text).toMatch(/^# \S/);
  expect(text).toContain('**Decision.**');
  expect(text).toContain('**Why.**');
  // Links inside a decision resolve from its own folder.
  for (const [, target] of text.matchAll(/\]\(([^)#:]+)\)/g))
    expect(() => statSync(join(root, dirname(join('docs/decisions', name)), target!)), target).not.toThrow();
});

test('the README lists every environment variable the configuration reads', () => {
  const schema = read('api/config.ts').split('const envSchema')[1]!.split('});')[0]!;
  const variables = [...schema.matchAll(/^ {2}([A-Z][A-Z_]+):/gm)].map((match) => match[1]!);
  expect(variables.length).toBeGreaterThan(10);
  for (const name of variables) expect(readme, name).toMatch(new RegExp(`^\\| [^|]*\`${name}\``, 'm'));
});
