// Issue 42: the build publishes the NDA with the parties of its LEGAL_* settings; a server given others would
// certify a text nobody read there, so start-up says so (as it does for SITE_URL).
import { expect, test } from 'vitest';
import { buildNdaMismatch } from '../../api/server/build-site.ts';
import { loadNdaDocument } from '../../api/domain/labs/nda-document.ts';

const legal = { entity: 'Example Data Services Ltd', address: '1 Example Street', governingLaw: 'England and Wales' };

test('a build with the same parties says nothing; one with others, or none, is named', () => {
  const served = loadNdaDocument('content', legal);
  expect(buildNdaMismatch(served.text, served)).toBeUndefined();
  expect(buildNdaMismatch(undefined, served)).toBeUndefined(); // no build: Astro's handler says what is missing
  const other = loadNdaDocument('content', { ...legal, governingLaw: 'the State of New York' });
  expect(buildNdaMismatch(other.text, served)).toMatch(/names other parties than LEGAL_ENTITY/);
  const unset = loadNdaDocument('content', { entity: undefined, address: undefined, governingLaw: undefined });
  expect(unset.text).toContain('[not set: LEGAL_ENTITY]');
  expect(unset.unset).toEqual(['LEGAL_ENTITY', 'LEGAL_ADDRESS', 'GOVERNING_LAW']);
  expect(buildNdaMismatch(unset.text, served)).toMatch(/rebuild with these settings/);
});
