// The dashboard's pages as a lab uses them without JavaScript, over HTTP against the built server (the audit of
// the lab dashboard): a sample form that refuses what the API refuses, the NDA-only fields of a listing on a page
// of their own (audited as the API audits them), plain words for the NDA's state, webhook advice that holds, the
// last admin's refusal beside its Remove button, an empty email called missing, requests named as people would,
// keys named in what the page says, and a reason phrase that matches each status.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, test } from 'vitest';
import { loadListings, type ListingWithBody } from '../../api/domain/listings/listing-files.ts';
import { opsOk } from '../support/ops.ts';
import {
  invited,
  selfServeLab,
  selfServeSuite,
  sessionCall,
  startSelfServe,
  type SelfServeLab,
} from '../support/self-serve.ts';
import { startWebhookReceiver } from '../support/webhook-receiver.ts';

const WITH_SAMPLE = 'us-auto-insurance-claims-calls';
const suite = selfServeSuite('Pages Lab');
let listings: ListingWithBody[];
let withoutSample: ListingWithBody;

beforeAll(async () => {
  listings = await loadListings('content/listings');
  withoutSample = listings.find((listing) => !listing.nda.sample_file)!;
});

type Page = { status: number; statusText: string; headers: Headers; html: string; location: string | null };

async function page(path: string, cookie: string, method = 'GET'): Promise<Page> {
  const response = await fetch(suite.ctx.server.url + path, {
    method,
    headers: { Cookie: cookie },
    redirect: 'manual',
  });
  return {
    status: response.status,
    statusText: response.statusText,
    headers: response.headers,
    html: await response.text(),
    location: response.headers.get('location'),
  };
}

/** Posts a page's form as a browser would: the site's Origin, the cookie, the session's CSRF token. */
async function post(path: string, cookie: string, fields: Record<string, string>): Promise<Page> {
  const csrf = /name="csrf" value="([^"]+)"/.exec((await page(path, cookie)).html)?.[1] ?? '';
  const response = await fetch(suite.ctx.server.url + path, {
    method: 'POST',
    redirect: 'manual',
    headers: {
      Cookie: cookie,
      Origin: suite.ctx.siteUrl,
      'Content-Type': 'application/x-www-form-urlencoded',
    },
    body: new URLSearchParams({ ...fields, csrf }),
  });
  return {
    status: response.status,
    statusText: response.statusText,
    headers: response.headers,
    html: await response.text(),
    location: response.headers.get('location'),
  };
}

/** What a reader sees of some HTML: no tags, entities decoded, spaces collapsed. */
const text = (html: string) =>
  html
    .replace(/<style[\s\S]*?<\/style>|<script[\s\S]*?<\/script>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&#x27;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');

/** The HTML of the element that opens with `opening` (a regex source), up to its closing tag `tag`. */
function element(html: string, opening: string, tag: string): string {
  const match = new RegExp(`${opening}[\\s\\S]*?</${tag}>`).exec(html);
  expect(match, `no ${opening} in the page`).not.toBeNull();
  return match![0];
}

const auditOf = async (orgId: string) =>
  (
    (await opsOk(suite.ctx.operator, 'audit', 'list', '--org', orgId)) as {
      kind: string;
      listing_id: string;
      key_id: string | null;
      org_id: string;
    }[]
  ).filter((entry) => entry.kind === 'nda_disclosure');

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

describe('the reason phrase matches the status', () => {
  test('422, 404 and 403 from pages are not "OK"', async () => {
    const invalid = await post('/dashboard/keys/', suite.lab.cookie, {
      action: 'create',
      name: 'x',
      expires_in_days: '999',
    });
    expect([invalid.status, invalid.statusText]).toEqual([422, 'Unprocessable Entity']);
    const missing = await page('/dashboard/requests/req_nothing/', suite.lab.cookie);
    expect([missing.status, missing.statusText]).toEqual([404, 'Not Found']);
    const member = await invited(suite.ctx, suite.lab, 'member');
    const forbidden = await post('/dashboard/keys/', member.cookie, { action: 'create', name: 'nope' });
    expect([forbidden.status, forbidden.statusText]).toEqual([403, 'Forbidden']);
  });
});
