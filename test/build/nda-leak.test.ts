// No value from any `nda:` block may appear anywhere in dist/client (contract §3).
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, expect, test } from 'vitest';
import { loadListings, type ListingWithBody } from '../../api/domain/listings/listing-files.ts';
import { DIST_CLIENT, requireBuild } from '../support/dist.ts';
import { findLeaks, ndaSecrets } from '../support/nda-secrets.ts';

let listings: ListingWithBody[];
let secrets: string[];

beforeAll(async () => {
  requireBuild();
  listings = await loadListings('content/listings');
  secrets = ndaSecrets(listings);
});

test('every listing contributes secrets to look for (owner, report, counts)', () => {
  for (const listing of listings) {
    expect(secrets).toContain(listing.nda.owner.name);
    expect(secrets).toContain(listing.nda.deidentification_report.performed_by);
  }
  expect(secrets.length).toBeGreaterThan(listings.length * 5);
});

test('no nda value appears anywhere in the public build', async () => {
  expect(await findLeaks(DIST_CLIENT, secrets)).toEqual([]);
});

test('the scan does find a leak when there is one (a fixture page that leaks)', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'dss-leak-'));
  try {
    const victim = listings[0]!;
    await mkdir(join(dir, 'catalog', victim.id), { recursive: true });
    await writeFile(join(dir, 'clean.html'), '<p>nothing here</p>');
    await writeFile(
      join(dir, 'catalog', victim.id, 'index.html'),
      `<p>Owned by ${victim.nda.owner.name}</p>`,
    );
    const leaks = await findLeaks(dir, secrets);
    expect(leaks).toEqual([
      { file: join(dir, 'catalog', victim.id, 'index.html'), secret: victim.nda.owner.name },
    ]);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});
