// The document derived from the endpoints' declarations is the one the hand-written builder made before them
// (test/fixtures/openapi-before.json, today's /openapi.json saved before the move), path by path and operation by
// operation, except where that one was wrong: each such change is named with its reason in
// test/fixtures/openapi-fixed.ts, and what later work added on purpose in test/fixtures/openapi-added.ts.
import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { apiDocument } from '../../api/handlers/endpoints.ts';
import { ADDED } from '../fixtures/openapi-added.ts';
import { FIXED, type Document } from '../fixtures/openapi-fixed.ts';

const before = JSON.parse(readFileSync('test/fixtures/openapi-before.json', 'utf8')) as Document;
// As served: through JSON, which drops what is undefined.
const derived = JSON.parse(JSON.stringify(apiDocument(new URL('http://localhost:4321')))) as Document;

for (const { fix } of FIXED) fix(before);

const at = (document: unknown, path: string[]) => path.reduce<any>((value, key) => value?.[key], document);
for (const { at: places } of ADDED)
  for (const place of places) {
    const parent = at(before, place.slice(0, -1));
    parent[place.at(-1)!] = structuredClone(at(derived, place));
  }
// The document lists its components by name: an added one takes its place in that order.
before.components.schemas = Object.fromEntries(
  Object.entries(before.components.schemas).sort(([a], [b]) => (a < b ? -1 : 1)),
);

const operations = (document: Document) =>
  Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`),
  );

test('the same operations, no more and no fewer', () => {
  expect(operations(derived).sort()).toEqual(operations(before).sort());
});

describe.each(operations(before))('%s', (operation) => {
  const [method, path] = operation.split(' ') as [string, string];
  test('is derived as it was documented', () => {
    expect(derived.paths[path]?.[method.toLowerCase()]).toEqual(before.paths[path]![method.toLowerCase()]);
  });
});

test.each(Object.keys(before.components.schemas))('component %s is the same', (name) => {
  expect(derived.components.schemas[name]).toEqual(before.components.schemas[name]);
});

test('the same components, webhooks, security schemes, tags, info and servers', () => {
  expect(Object.keys(derived.components.schemas)).toEqual(Object.keys(before.components.schemas));
  expect(derived.components.securitySchemes).toEqual(before.components.securitySchemes);
  expect(derived.webhooks).toEqual(before.webhooks);
  for (const part of ['openapi', 'info', 'servers', 'tags', 'security'])
    expect(derived[part], part).toEqual(before[part]);
});
