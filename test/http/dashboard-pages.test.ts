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

const pageOf = async (response: Response): Promise<Page> => ({
  status: response.status,
  statusText: response.statusText,
  headers: response.headers,
  html: await response.text(),
  location: response.headers.get('location'),
});

async function page(path: string, cookie: string, method = 'GET'): Promise<Page> {
  return pageOf(
    await fetch(suite.ctx.server.url + path, { method, headers: { Cookie: cookie }, redirect: 'manual' }),
  );
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
  return pageOf(response);
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

describe('/dashboard/webhooks/: advice that would be taken, and a delivery not yet tried is queued', () => {
  test('http to a loopback address: no "try https" (it would be refused too); to a public one, yes', async () => {
    const loopback = await post('/dashboard/webhooks/', suite.lab.cookie, {
      action: 'create',
      url: 'http://127.0.0.1:9999/hook',
    });
    expect(loopback.status).toBe(422);
    expect(loopback.statusText).toBe('Unprocessable Entity');
    const error = text(element(loopback.html, '<p class="field-error" id="field-url-error"', 'p'));
    expect(error).not.toMatch(/try https/);
    expect(error).toMatch(/127\.0\.0\.1/);
    // Beside the field only: over the form, one line points there rather than a second copy.
    expect(text(loopback.html).split('which is not a public address')).toHaveLength(2);
    const api = await sessionCall(suite.ctx, suite.lab.cookie, '/api/v1/webhooks', {
      method: 'POST',
      body: { url: 'http://localhost:9999/hook' },
    });
    expect(api.status).toBe(422);
    expect(api.body.error.fields.url[0]).not.toMatch(/try https/);
    const publicAddress = await post('/dashboard/webhooks/', suite.lab.cookie, {
      action: 'create',
      url: 'http://93.184.215.14/hook',
    });
    expect(text(publicAddress.html)).toContain('try https://93.184.215.14/hook');
  });

  test('a test event behind one still being posted shows "Queued", with no attempt yet', async () => {
    const hooks = await startSelfServe({ WEBHOOK_ALLOW_PRIVATE: 'true' });
    const receiver = await startWebhookReceiver({ hang: true });
    try {
      const lab = await selfServeLab(hooks, 'Queued Lab');
      const made = await sessionCall(hooks, lab.cookie, '/api/v1/webhooks', {
        method: 'POST',
        body: { url: receiver.url },
      });
      expect(made.status, made.text).toBe(201);
      const id = made.body.data.id as string;
      const testEvent = () =>
        sessionCall(hooks, lab.cookie, `/api/v1/webhooks/${id}/test`, { method: 'POST' });
      await testEvent();
      // The first is posted to a receiver that never answers: the sender waits on it (10 s).
      for (const deadline = Date.now() + 10_000; receiver.received.length === 0;) {
        expect(Date.now()).toBeLessThan(deadline);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      await testEvent();
      const html = await (
        await fetch(`${hooks.server.url}/dashboard/webhooks/`, { headers: { Cookie: lab.cookie } })
      ).text();
      const rows = [...html.matchAll(/<tr[^>]*>([\s\S]*?)<\/tr>/g)].map((match) => text(match[1]!));
      const waiting = rows.filter((row) => /webhook\.test/.test(row) && !/Sending/.test(row));
      expect(waiting).toHaveLength(1);
      expect(waiting[0]).toMatch(/Queued/);
      expect(waiting[0]).not.toMatch(/retry/i);
    } finally {
      await receiver.close();
      await hooks.stop();
    }
  }, 60_000);
});

describe('/dashboard/team/: the last admin’s refusal is beside the Remove button that caused it', () => {
  test('the error is in that member’s row, not under the invitation form; 409 Conflict', async () => {
    const lab = await selfServeLab(suite.ctx, 'Lonely Admin Lab');
    const refused = await post('/dashboard/team/', lab.cookie, {
      action: 'remove',
      id: lab.accountId,
      confirm: 'yes',
    });
    expect(refused.status).toBe(409);
    expect(refused.statusText).toBe('Conflict');
    const row = element(refused.html, `<tr data-account-id="${lab.accountId}"`, 'tr');
    expect(text(row)).toMatch(/last admin/);
    expect(row).toMatch(/aria-describedby="remove-error-/);
    const invite = refused.html.slice(refused.html.indexOf('Invite a colleague'));
    expect(text(invite)).not.toMatch(/last admin/);
  });
});

describe('an empty email field says it is needed, not that it is malformed', () => {
  test.each([
    [
      '/access/',
      { organisation: 'Empty Lab', name: 'Em', email: '', intended_use: 'Evaluating ASR on call audio.' },
    ],
    ['/signin/', { email: '' }],
    ['/dashboard/team/', { action: 'invite', email: '', role: 'member' }],
  ])('%s', async (path, fields) => {
    const answer = await post(path, suite.lab.cookie, fields);
    expect(answer.status).toBe(422);
    expect(answer.statusText).toBe('Unprocessable Entity');
    const error = text(element(answer.html, '<p class="field-error" id="field-email-error"', 'p'));
    expect(error).toMatch(/Enter (your|their) work email/);
    expect(error).not.toMatch(/plain address/);
  });
});

describe("a group of choices refused: its error is linked to the group, as a field's is to its input", () => {
  test.each([
    ['/dashboard/team/', { action: 'invite', email: 'sam@lab.example', role: 'owner' }, 'role'],
    [
      '/access/',
      {
        organisation: 'Group Lab',
        name: 'Gil',
        email: 'gil@lab.example',
        intended_use: 'Evaluating ASR on call audio.',
        verticals: 'veterinary',
      },
      'verticals',
    ],
  ])('%s', async (path, fields, group) => {
    const answer = await post(path, suite.lab.cookie, fields);
    expect(answer.status).toBe(422);
    const fieldset = element(answer.html, `<fieldset[^>]*id="field-${group}"`, 'fieldset');
    expect(fieldset).toContain(`aria-describedby="${group}-error"`);
    expect(text(element(fieldset, `<p class="field-error" id="${group}-error"`, 'p')).trim()).not.toBe('');
  });
});

describe('/dashboard/requests/<id>/: withdrawing asks first', () => {
  test('a withdraw without confirmation changes nothing and asks; with it, the request is closed', async () => {
    const created = await sessionCall(suite.ctx, suite.lab.cookie, '/api/v1/requests', {
      method: 'POST',
      body: { data_types: ['call_audio'], description: 'Outbound sales calls in German, both channels.' },
    });
    const path = `/dashboard/requests/${created.body.data.id}/`;
    const asked = await post(path, suite.lab.cookie, { action: 'withdraw' });
    expect(asked.status).toBe(200);
    expect(text(element(asked.html, '<section class="confirm"', 'section'))).toMatch(
      /Withdraw this request\?.*cannot be undone/,
    );
    const still = await sessionCall(suite.ctx, suite.lab.cookie, `/api/v1/requests/${created.body.data.id}`);
    expect(still.body.data.status).toBe('received');
    const done = await post(path, suite.lab.cookie, { action: 'withdraw', confirm: 'yes' });
    expect(done.status).toBe(303);
    const closed = await sessionCall(suite.ctx, suite.lab.cookie, `/api/v1/requests/${created.body.data.id}`);
    expect(closed.body.data).toMatchObject({ status: 'closed', outcome: 'withdrawn' });
  });

  test('a reason refused asks again with what was typed kept; a reason given reaches the history', async () => {
    const created = await sessionCall(suite.ctx, suite.lab.cookie, '/api/v1/requests', {
      method: 'POST',
      body: { data_types: ['call_audio'], description: 'Inbound support calls in Dutch, both channels.' },
    });
    const id = created.body.data.id;
    const path = `/dashboard/requests/${id}/`;
    const tooLong = 'We found another source. '.repeat(41); // 1,025 characters, over the API's 1,000
    const refused = await post(path, suite.lab.cookie, {
      action: 'withdraw',
      confirm: 'yes',
      reason: tooLong,
    });
    expect(refused.status).toBe(422);
    expect(text(element(refused.html, '<p class="field-error" id="field-reason-error"', 'p'))).toMatch(
      /within 1,000 characters/,
    );
    expect(refused.html).toContain(tooLong.trim()); // kept in the field, to shorten rather than retype
    expect(text(element(refused.html, '<section class="confirm"', 'section'))).toMatch(
      /Withdraw this request\?/,
    );
    const still = await sessionCall(suite.ctx, suite.lab.cookie, `/api/v1/requests/${id}`);
    expect(still.body.data.status).toBe('received');

    const done = await post(path, suite.lab.cookie, {
      action: 'withdraw',
      confirm: 'yes',
      reason: '  The project was cancelled.  ',
    });
    expect(done.status).toBe(303);
    const closed = await sessionCall(suite.ctx, suite.lab.cookie, `/api/v1/requests/${id}`);
    expect(closed.body.data.events.at(-1)).toMatchObject({
      status: 'closed',
      message: 'Withdrawn by your organisation: The project was cancelled.',
    });
  });
});

describe('/dashboard/requests/: named as people would, the reply and the outcome shown', () => {
  let lab: SelfServeLab;
  let id = '';
  const DESCRIPTION = 'Spanish claims calls with agent and customer on separate channels, for diarisation.';

  beforeAll(async () => {
    lab = await selfServeLab(suite.ctx, 'Requests Lab');
    const created = await sessionCall(suite.ctx, lab.cookie, '/api/v1/requests', {
      method: 'POST',
      body: { data_types: ['call_audio'], description: DESCRIPTION },
    });
    id = created.body.data.id;
  });

  const row = async () =>
    text(element((await page('/dashboard/requests/', lab.cookie)).html, '<tbody', 'tbody'));
  const facts = async () =>
    text(element((await page(`/dashboard/requests/${id}/`, lab.cookie)).html, '<dl class="facts"', 'dl'));

  test('a row shows the first words of what was asked; a reply replaces "Reply due"; closing shows the outcome', async () => {
    expect(await row()).toContain('Spanish claims calls with agent and customer');
    expect(await row()).toMatch(/Reply due|Due/);
    await opsOk(
      suite.ctx.operator,
      'requests',
      'reply',
      id,
      '--message',
      'Two listings fit; details follow.',
    );
    expect(await row()).toMatch(/Replied/);
    expect(await row()).not.toMatch(/Reply due|Due \d/);
    expect(await facts()).toMatch(/Replied/);
    expect(await facts()).not.toMatch(/Reply due/);
    const withdrawn = await post(`/dashboard/requests/${id}/`, lab.cookie, {
      action: 'withdraw',
      confirm: 'yes',
    });
    expect(withdrawn.status).toBe(303);
    expect(await row()).toMatch(/Closed: withdrawn/i);
    expect(await facts()).not.toMatch(/Reply due/);
  });

  test('a closed request that was never answered shows no reply due either', async () => {
    const created = await sessionCall(suite.ctx, lab.cookie, '/api/v1/requests', {
      method: 'POST',
      body: { data_types: ['ct_study'], description: 'Chest CT studies with radiology reports, any vendor.' },
    });
    const other = created.body.data.id as string;
    await opsOk(suite.ctx.operator, 'requests', 'move', other, 'closed', '--outcome', 'no_match');
    const list = text(element((await page('/dashboard/requests/', lab.cookie)).html, '<tbody', 'tbody'));
    const closedRow = list.slice(list.indexOf('Chest CT studies'));
    expect(closedRow).toMatch(/Closed: no match/i);
    expect(closedRow.slice(0, 200)).not.toMatch(/Due \d|Reply due/);
  });
});

describe('/dashboard/keys/: a key is named by its name, and a rotated one told from its successor', () => {
  test('revoke and rotate say the name; the old row says it was replaced and until when it works', async () => {
    const lab = await selfServeLab(suite.ctx, 'Named Keys Lab');
    const made = await post('/dashboard/keys/', lab.cookie, { action: 'create', name: 'staging' });
    expect(made.status).toBe(200);
    const keys = (await sessionCall(suite.ctx, lab.cookie, '/api/v1/keys')).body.data as { id: string }[];
    const keyId = keys[0]!.id;
    const rotated = await post('/dashboard/keys/', lab.cookie, {
      action: 'rotate',
      id: keyId,
      grace_hours: '2',
      confirm: 'yes',
    });
    expect(rotated.status).toBe(200);
    const note = text(element(rotated.html, '<section class="notice"', 'section'));
    expect(note).toContain('“staging”');
    expect(note).not.toContain(keyId);
    const oldRow = text(element(rotated.html, `<tr data-key-id="${keyId}"`, 'tr'));
    expect(oldRow).toMatch(/Replaced/);
    expect(oldRow).toMatch(/works until/);
    const successor = (
      (await sessionCall(suite.ctx, lab.cookie, '/api/v1/keys')).body.data as { id: string }[]
    )
      .map((key) => key.id)
      .find((other) => other !== keyId)!;
    const newRow = text(element(rotated.html, `<tr data-key-id="${successor}"`, 'tr'));
    expect(newRow).not.toMatch(/Replaced/);
    expect(newRow).toMatch(/Replaces/);
    const revoked = await post('/dashboard/keys/', lab.cookie, {
      action: 'revoke',
      id: successor,
      confirm: 'yes',
    });
    const message = text(element(revoked.html, '<p class="notice"', 'p'));
    expect(message).toContain('“staging”');
    expect(message).not.toContain(successor);
  });

  test('a rotation without confirmation changes nothing and asks first; the grace comes pre-filled', async () => {
    const lab = await selfServeLab(suite.ctx, 'Careful Keys Lab');
    await post('/dashboard/keys/', lab.cookie, { action: 'create', name: 'prod' });
    const { html } = await page('/dashboard/keys/', lab.cookie);
    expect(html).toMatch(/name="grace_hours"[^>]*value="1"/);
    const keyId = (
      (await sessionCall(suite.ctx, lab.cookie, '/api/v1/keys')).body.data as { id: string }[]
    )[0]!.id;
    for (const action of ['rotate', 'revoke']) {
      const asked = await post('/dashboard/keys/', lab.cookie, { action, id: keyId, grace_hours: '0' });
      expect(asked.status).toBe(200);
      expect(text(asked.html)).toMatch(/cannot be undone/);
      const state = (await sessionCall(suite.ctx, lab.cookie, '/api/v1/keys')).body.data;
      expect(state).toHaveLength(1);
      expect(state[0].state).toBe('active');
    }
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
