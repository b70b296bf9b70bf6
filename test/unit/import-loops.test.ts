// Dependencies point one way (README, Layout): no module imports, through any chain, one that imports it back, and
// the framework folder (api/http/) imports no handler; no file is over 300 lines. Read from the source as text,
// type-only imports included.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { expect, test } from 'vitest';

const root = join(import.meta.dirname, '../..');
const SOURCES = ['api', 'src', 'scripts'];
const IMPORT =
  /(?:^|\n)\s*(?:import|export)\s[^'"]*?from\s+['"](\.[^'"]+)['"]|import\(\s*['"](\.[^'"]+)['"]\s*\)/g;

function filesUnder(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return filesUnder(path);
    return /\.(ts|astro)$/.test(entry.name) ? [path] : [];
  });
}

function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  return [...text.matchAll(IMPORT)]
    .map((match) => resolve(dirname(file), (match[1] ?? match[2])!))
    .filter((target) => statSync(target, { throwIfNoEntry: false })?.isFile());
}

const files = SOURCES.flatMap((folder) => filesUnder(join(root, folder)));
const graph = new Map(files.map((file) => [file, importsOf(file)]));

/** Strongly connected components of more than one module (Tarjan): each is an import loop. */
function loops(): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const found: string[][] = [];
  const visit = (file: string) => {
    index.set(file, next);
    low.set(file, next++);
    stack.push(file);
    for (const target of graph.get(file) ?? []) {
      if (!graph.has(target)) continue;
      if (!index.has(target)) {
        visit(target);
        low.set(file, Math.min(low.get(file)!, low.get(target)!));
      } else if (stack.includes(target)) low.set(file, Math.min(low.get(file)!, index.get(target)!));
    }
    if (low.get(file) !== index.get(file)) return;
    const component: string[] = [];
    let member: string;
    do component.push((member = stack.pop()!));
    while (member !== file);
    if (component.length > 1) found.push(component.map((path) => relative(root, path)).sort());
  };
  for (const file of graph.keys()) if (!index.has(file)) visit(file);
  return found;
}

test('the source is read: every module and its imports', () => {
  expect(files.length).toBeGreaterThan(200);
  expect(graph.get(join(root, 'api/server/server.ts'))?.length).toBeGreaterThan(0);
});

test('no import loop in api/, src/ or scripts/', () => {
  expect(loops()).toEqual([]);
});

test('api/http/ imports no handler, action or page: the framework does not depend on the app', () => {
  const upward = [...graph]
    .filter(([file]) => relative(root, file).startsWith('api/http/'))
    .flatMap(([file, targets]) =>
      targets
        .map((target) => relative(root, target))
        .filter((target) => /^(api\/(handlers|actions)|src)\//.test(target))
        .map((target) => `${relative(root, file)} → ${target}`),
    );
  expect(upward).toEqual([]);
});

test('no source file in api/, src/ or scripts/ is over 300 lines: each has one job a reader can hold', () => {
  const long = files
    .map((file) => [relative(root, file), readFileSync(file, 'utf8').split('\n').length - 1] as const)
    .filter(([, lines]) => lines > 300)
    .map(([file, lines]) => `${file}: ${lines} lines`);
  expect(long).toEqual([]);
});
