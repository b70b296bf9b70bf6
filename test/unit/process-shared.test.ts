// One store and one catalogue per process for the API and the site's on-demand pages, which run a bundled copy of
// the same modules: each instance of the JSON engine holds its own index of every record, each catalogue every
// listing.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import * as catalogs from '../../api/domain/listings/catalog.ts';
import * as server from '../../api/store/open-store.ts';
import { StoreCorruptError } from '../../api/store/store-errors.ts';

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

test('a store that could not be opened is opened again by the next caller once it is readable', async () => {
  const dataDir = await mkdtemp(join(tmpdir(), 'dss-shared-'));
  await mkdir(join(dataDir, 'db'));
  await writeFile(join(dataDir, 'db', 'core.json'), '{"orgs": [');
  await expect(server.sharedStore({ dataDir })).rejects.toThrow(StoreCorruptError);
  await expect(server.sharedStore({ dataDir })).rejects.toThrow(/core\.json is not valid JSON/);
  await rm(join(dataDir, 'db', 'core.json')); // the operator restores it (here: a store with nothing yet)
  const store = await server.sharedStore({ dataDir });
  expect(await store.orgById('org_none')).toBeUndefined();
  expect(await server.sharedStore({ dataDir })).toBe(store);
});

test('the API and the pages share one catalogue of the listing files', async () => {
  const bundled = (await import(
    // @ts-expect-error a second copy of the module, as the Astro bundle holds one
    '../../api/domain/listings/catalog.ts?as-bundled'
  )) as typeof catalogs;
  const catalog = await catalogs.sharedCatalog('content/listings');
  expect(catalog.size).toBeGreaterThan(0);
  expect(await bundled.sharedCatalog('./content/listings/')).toBe(catalog);
  await expect(catalogs.sharedCatalog('content/no-such-folder')).rejects.toThrow(/ENOENT/);
});
