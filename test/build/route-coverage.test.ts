// Every endpoint in the API's route table is documented in the built /openapi.json, with its method. (The other
// direction, every documented operation answers as documented, is test/http/openapi-contract.test.ts.)
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeAll, expect, test } from 'vitest';
import { ENDPOINTS } from '../../api/handlers/endpoints.ts';
import { DIST_CLIENT, requireBuild } from '../support/dist.ts';

let documented: Set<string>;
beforeAll(async () => {
  requireBuild();
  const document = JSON.parse(await readFile(join(DIST_CLIENT, 'openapi.json'), 'utf8')) as {
    paths: Record<string, Record<string, unknown>>;
  };
  documented = new Set(
    Object.entries(document.paths).flatMap(([path, operations]) =>
      Object.keys(operations).map((method) => `${method.toUpperCase()} ${path}`),
    ),
  );
});

test.each(ENDPOINTS.map((route) => `${route.method} ${route.path}`))('%s is in /openapi.json', (route) => {
  const [method, path] = route.split(' ') as [string, string];
  expect(documented).toContain(`${method} ${path.replace(/:(\w+)/g, '{$1}')}`);
});
