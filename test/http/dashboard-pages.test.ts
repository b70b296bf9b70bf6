// The dashboard's pages as a lab uses them without JavaScript, over HTTP against the service (the audit of the lab
// dashboard). Here: a sample form that refuses what the API refuses, the NDA-only fields of a listing on
// a page of their own (audited as the API audits them), plain words for the NDA's state. Forms and lists in
// dashboard-pages-*.test.ts.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, test } from 'vitest';
import { loadListings, type ListingWithBody } from '../../api/domain/listings/listing-files.ts';
import { opsOk } from '../support/ops.ts';
import { invited, selfServeLab, selfServeSuite, sessionCall } from '../support/self-serve.ts';
import { dashboardPages, element, text } from '../support/dashboard-pages.ts';

const WITH_SAMPLE = 'us-auto-insurance-claims-calls';
const suite = selfServeSuite('Pages Lab');
const { page, post, auditOf } = dashboardPages(suite);
let listings: ListingWithBody[];
let withoutSample: ListingWithBody;

beforeAll(async () => {
  listings = await loadListings('content/listings');
  withoutSample = listings.find((listing) => !listing.nda.sample_file)!;
});

test('the catalogue search refuses a bad filter with 422 and its own reason phrase, not "OK"', async () => {
  const refused = await page('/catalog/search/?vertical=bogus', '');
  expect(refused.status).toBe(422);
  expect(refused.statusText).toBe('Unprocessable Entity');
});

describe('/dashboard/samples/new/: what the API refuses, the page refuses', () => {
  test('the list offers only the listings that have a sample to send', async () => {
    const { html } = await page('/dashboard/samples/new/', suite.lab.cookie);
    const offered = [
      ...element(html, '<select id="field-listing_id"', 'select').matchAll(/<option value="([^"]+)"/g),
    ]
      .map((match) => match[1])
      .sort();
    const withFile = listings
      .filter((l) => l.nda.sample_file && existsSync(join('content/samples', l.nda.sample_file)))
      .map((l) => l.id)
      .sort();
    expect(withFile.length).toBeGreaterThan(0);
    expect(offered).toEqual(withFile);
  });

  test('a listing with no sample: 409 beside the field, in the contract’s words, and nothing stored', async () => {
    const lab = await selfServeLab(suite.ctx, 'Sampling Lab');
    await opsOk(suite.ctx.operator, 'nda', 'accept', '--org', lab.orgId);
    const api = await sessionCall(suite.ctx, lab.cookie, `/api/v1/samples/${withoutSample.id}`, {
      method: 'POST',
    });
    expect(api.status).toBe(409);
    expect(api.body.error.code).toBe('sample_unavailable');
    const refused = await post('/dashboard/samples/new/', lab.cookie, { listing_id: withoutSample.id });
    expect(refused.status).toBe(409);
    expect(refused.statusText).toBe('Conflict');
    const field = element(refused.html, '<div class="field invalid', 'select');
    expect(text(field)).toMatch(/has no sample to send/);
    expect(text(field)).toMatch(/nothing was stored/i);
    expect(field).toMatch(/aria-describedby="[^"]*field-listing_id-error/);
    const stored = await sessionCall(suite.ctx, lab.cookie, '/api/v1/sample-requests');
    expect(stored.body.data).toEqual([]);
    // Arriving from such a listing's address says so before anything is sent.
    const arriving = await page(`/dashboard/samples/new/?listing_id=${withoutSample.id}`, lab.cookie);
    expect(arriving.status).toBe(200);
    expect(text(arriving.html)).toMatch(/has no sample to send/);
    expect(arriving.html).toContain(`/dashboard/requests/new/?listing_id=${withoutSample.id}`);
    // One with a sample still goes through.
    const asked = await post('/dashboard/samples/new/', lab.cookie, { listing_id: WITH_SAMPLE });
    expect(asked.status).toBe(303);
    expect((await sessionCall(suite.ctx, lab.cookie, '/api/v1/sample-requests')).body.data).toHaveLength(1);
  });
});

describe('/dashboard/listings/<id>/: the NDA-only fields, once the NDA is accepted', () => {
  test('before the NDA: how to accept it, no NDA value, nothing audited', async () => {
    const lab = await selfServeLab(suite.ctx, 'Before NDA Lab');
    const listing = listings.find((l) => l.id === WITH_SAMPLE)!;
    const shown = await page(`/dashboard/listings/${WITH_SAMPLE}/`, lab.cookie);
    expect(shown.status).toBe(200);
    expect(shown.headers.get('cache-control')).toBe('private, no-store');
    expect(shown.html).toContain(listing.title.replace(/&/g, '&amp;'));
    expect(shown.html).toContain('href="/dashboard/nda/"');
    expect(text(shown.html)).toMatch(/accept/i);
    expect(shown.html).not.toContain(listing.nda.owner.name);
    expect(shown.html).not.toContain(listing.nda.deidentification_report.performed_by);
    expect(await auditOf(lab.orgId)).toEqual([]);
  });

  test('after: owner, report and composition, never cached, and audited as the API audits a GET', async () => {
    const lab = await selfServeLab(suite.ctx, 'NDA Reader Lab');
    await opsOk(suite.ctx.operator, 'nda', 'accept', '--org', lab.orgId);
    const listing = listings.find((l) => l.id === WITH_SAMPLE)!;
    const shown = await page(`/dashboard/listings/${WITH_SAMPLE}/`, lab.cookie);
    expect(shown.status).toBe(200);
    expect(shown.headers.get('cache-control')).toBe('private, no-store');
    const seen = text(shown.html);
    expect(seen).toContain(listing.nda.owner.name);
    expect(seen).toContain(listing.nda.owner.country);
    expect(seen).toContain(listing.nda.deidentification_report.performed_by);
    expect(seen).toContain(listing.nda.deidentification_report.standard);
    expect(seen).toContain((listing.nda.composition.recordings as number).toLocaleString('en-US'));
    expect(shown.html).not.toContain(listing.nda.sample_file!); // where the file lies is never shown
    const byPage = await auditOf(lab.orgId);
    expect(byPage).toHaveLength(1);
    // The API's GET with the same session writes the same entry: one door, one rule, one audit.
    const api = await sessionCall(suite.ctx, lab.cookie, `/api/v1/catalog/${WITH_SAMPLE}`);
    expect(api.body.data.owner.name).toBe(listing.nda.owner.name);
    const both = await auditOf(lab.orgId);
    expect(both).toHaveLength(2);
    const shape = ({ kind, listing_id, key_id, org_id }: (typeof both)[number]) => ({
      kind,
      listing_id,
      key_id,
      org_id,
    });
    expect(shape(both[0]!)).toEqual(shape(both[1]!));
    expect(shape(both[0]!)).toEqual({
      kind: 'nda_disclosure',
      listing_id: WITH_SAMPLE,
      key_id: null,
      org_id: lab.orgId,
    });
    // A HEAD sends no body, so it discloses nothing (as the API's HEAD).
    expect((await page(`/dashboard/listings/${WITH_SAMPLE}/`, lab.cookie, 'HEAD')).status).toBe(200);
    expect(await auditOf(lab.orgId)).toHaveLength(2);
    // A member sees them too: the NDA is the organisation's.
    const member = await invited(suite.ctx, lab, 'member');
    expect(text((await page(`/dashboard/listings/${WITH_SAMPLE}/`, member.cookie)).html)).toContain(
      listing.nda.owner.name,
    );
    // Revoked: gone again.
    await opsOk(suite.ctx.operator, 'nda', 'revoke', '--org', lab.orgId);
    const revoked = await page(`/dashboard/listings/${WITH_SAMPLE}/`, lab.cookie);
    expect(revoked.html).not.toContain(listing.nda.owner.name);
    expect(revoked.html).toContain('href="/dashboard/nda/"');
  });

  test('an unknown listing is 404 Not Found; without a session, sign in first', async () => {
    const missing = await page('/dashboard/listings/no-such-listing/', suite.lab.cookie);
    expect(missing.status).toBe(404);
    expect(missing.statusText).toBe('Not Found');
    const anonymous = await page(`/dashboard/listings/${WITH_SAMPLE}/`, '');
    expect(anonymous.status).toBe(303);
    expect(anonymous.location).toBe(
      `/signin/?next=${encodeURIComponent(`/dashboard/listings/${WITH_SAMPLE}/`)}`,
    );
  });

  test('the samples, request and NDA pages lead there where they name a listing', async () => {
    const lab = await selfServeLab(suite.ctx, 'Linked Lab');
    await opsOk(suite.ctx.operator, 'nda', 'accept', '--org', lab.orgId);
    await sessionCall(suite.ctx, lab.cookie, `/api/v1/samples/${WITH_SAMPLE}`, { method: 'POST' });
    const href = `href="/dashboard/listings/${WITH_SAMPLE}/"`;
    expect((await page('/dashboard/samples/', lab.cookie)).html).toContain(href);
    expect((await page(`/dashboard/samples/new/?listing_id=${WITH_SAMPLE}`, lab.cookie)).html).toContain(
      href,
    );
    expect((await page(`/dashboard/requests/new/?listing_id=${WITH_SAMPLE}`, lab.cookie)).html).toContain(
      href,
    );
    const created = await sessionCall(suite.ctx, lab.cookie, '/api/v1/requests', {
      method: 'POST',
      body: {
        data_types: ['call_audio'],
        listing_id: WITH_SAMPLE,
        description: 'Claims calls in English for speech recognition evaluation.',
      },
    });
    expect(created.status, created.text).toBe(201);
    expect((await page(`/dashboard/requests/${created.body.data.id}/`, lab.cookie)).html).toContain(href);
    expect((await page('/dashboard/nda/', lab.cookie)).html).toContain('href="/dashboard/listings/"');
    const index = await page('/dashboard/listings/', lab.cookie);
    expect(index.status).toBe(200);
    expect(index.html).toContain(href);
  });
});

describe('/dashboard/nda/: the state in plain words, as the overview says it', () => {
  test('not accepted, accepted by the signer and waiting, verified, revoked', async () => {
    const lab = await selfServeLab(suite.ctx, 'Words Lab');
    const stateOf = async () =>
      text(element((await page('/dashboard/nda/', lab.cookie)).html, '<dl class="facts"', 'dl'));
    expect(await stateOf()).toMatch(/Not accepted yet/);
    expect(await stateOf()).not.toMatch(/\bnone\b/);
    const nda = (await sessionCall(suite.ctx, lab.cookie, '/api/v1/nda')).body.data;
    const accepted = await sessionCall(suite.ctx, lab.cookie, '/api/v1/nda/acceptances', {
      method: 'POST',
      body: {
        version: nda.version,
        sha256: nda.sha256,
        signer_name: 'Wendy Words',
        signer_title: 'Head of Data',
        authorised: true,
      },
    });
    expect(accepted.status, accepted.text).toBe(201);
    expect(await stateOf()).toMatch(/Accepted by Wendy Words, Head of Data.*waiting for our verification/);
    expect(await stateOf()).not.toMatch(/\baccepted \(signed by/);
    await opsOk(suite.ctx.operator, 'nda', 'verify', '--org', lab.orgId);
    expect(await stateOf()).toMatch(/Verified/);
    expect(await stateOf()).not.toMatch(/\bverified\b(?! on)/);
    await opsOk(suite.ctx.operator, 'nda', 'revoke', '--org', lab.orgId);
    expect(await stateOf()).toMatch(/Revoked on \d{4}-\d\d-\d\d/);
    const overview = text((await page('/dashboard/', lab.cookie)).html);
    expect(overview).toMatch(/Revoked/);
  });
});
