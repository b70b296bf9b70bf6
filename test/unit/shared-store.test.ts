// One store instance per process for the API and the site's on-demand pages, which run a bundled copy of the same
// modules: each instance of the JSON engine holds its own index of every record.
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import * as server from '../../api/store/open-store.ts';

test('every copy of the store module in a process gets the same shared store for the same place', async () => {
  const dataDir = await mkdtemp(join(tmpdir(), 'dss-shared-'));
  const bundled = (await import(
    // @ts-expect-error a second copy of the module, as the Astro bundle holds one
    '../../api/store/open-store.ts?as-bundled'
  )) as typeof server;
  expect(bundled.sharedStore).not.toBe(server.sharedStore);
  const store = await server.sharedStore({ dataDir });
  expect(await bundled.sharedStore({ dataDir: `${dataDir}/.` })).toBe(store);
  expect(await server.openStore({ dataDir })).not.toBe(store); // openStore: a new instance, as the tests' instances are
  const elsewhere = await mkdtemp(join(tmpdir(), 'dss-shared-'));
  expect(await bundled.sharedStore({ dataDir: elsewhere })).not.toBe(store);
});
