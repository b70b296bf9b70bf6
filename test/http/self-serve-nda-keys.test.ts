// The self-serve journey over HTTP against the service (issue 21, contract §8): access request → the operator's
// approval → the sign-in mail from a real SMTP server on loopback → a session cookie (its attributes checked on the
// wire) → the NDA → keys → a sample link → the download; the team; signing out. Every endpoint answers as the
// contract says, with the error envelope for what it refuses. Here: the NDA, keys and a sample.

import { createHash } from 'node:crypto';
import { describe, expect, test } from 'vitest';
import { expectError } from '../support/api-client.ts';
import { mailTo, selfServeLab, selfServeSuite, sessionCall } from '../support/self-serve.ts';
import { opsOk } from '../support/ops.ts';
import { selfServeCalls } from '../support/self-serve-calls.ts';
import { loadNdaDocument } from '../../api/domain/labs/nda-document.ts';
import { TEST_LEGAL_ENV } from '../support/service-env.ts';

const LISTING = 'us-auto-insurance-claims-calls';
const suite = selfServeSuite('Journey Lab');
const { bearer, postJsonGet } = selfServeCalls(suite);

describe('the NDA', () => {
  test('GET /api/v1/nda: version and the SHA-256 of the text with its parties; the page names the hash of its own text', async () => {
    const reply = await postJsonGet('/api/v1/nda');
    const text = loadNdaDocument('content', {
      entity: TEST_LEGAL_ENV.LEGAL_ENTITY,
      address: TEST_LEGAL_ENV.LEGAL_ADDRESS,
      governingLaw: TEST_LEGAL_ENV.GOVERNING_LAW,
    }).text;
    expect(text).toContain(TEST_LEGAL_ENV.LEGAL_ENTITY);
    expect(reply.body.data).toEqual({
      version: expect.any(String),
      sha256: createHash('sha256').update(text).digest('hex'),
      url: `${suite.ctx.siteUrl}/legal/nda/`,
      text_url: `${suite.ctx.siteUrl}/legal/nda.md`,
      unset_settings: [],
    });
    // The static page and its text are the build's (its own LEGAL_* settings): they agree with each other.
    const published = await (await fetch(`${suite.ctx.server.url}/legal/nda.md`)).text();
    const page = await (await fetch(`${suite.ctx.server.url}/legal/nda/`)).text();
    expect(page).toContain(createHash('sha256').update(published).digest('hex'));
    expect(page).toContain(reply.body.data.version);
    expect(page).not.toMatch(/template|not yet reviewed/i);
  });

  test('a stale version or hash is 409 nda_outdated; a missing tick 422; the acceptance is recorded, mailed, verified', async () => {
    const { version, sha256 } = (await postJsonGet('/api/v1/nda')).body.data;
    const signer = { signer_name: 'Ada Admin', signer_title: 'Head of Data', authorised: true };
    const path = '/api/v1/nda/acceptances';
    expectError(
      await sessionCall(suite.ctx, suite.lab.cookie, path, {
        method: 'POST',
        body: { version: '1999-01-01', sha256, ...signer },
      }),
      409,
      'nda_outdated',
    );
    expectError(
      await sessionCall(suite.ctx, suite.lab.cookie, path, {
        method: 'POST',
        body: { version, sha256: '0'.repeat(64), ...signer },
      }),
      409,
      'nda_outdated',
    );
    const untick = await sessionCall(suite.ctx, suite.lab.cookie, path, {
      method: 'POST',
      body: { version, sha256, ...signer, authorised: false },
    });
    expectError(untick, 422, 'invalid');
    expect(untick.body.error.fields).toHaveProperty('authorised');
    const accepted = await sessionCall(suite.ctx, suite.lab.cookie, path, {
      method: 'POST',
      body: { version, sha256, ...signer },
      headers: { 'User-Agent': 'journey-test' },
    });
    expect(accepted.status, accepted.text).toBe(201);
    expect(accepted.body.data.nda).toMatchObject({
      state: 'accepted',
      version,
      accepted_by: 'Ada Admin, Head of Data',
    });
    const me = await sessionCall(suite.ctx, suite.lab.cookie, '/api/v1/me');
    expect(me.body.data.nda).toMatchObject({
      state: 'accepted',
      version,
      accepted_by: 'Ada Admin, Head of Data',
    });
    const mail = await mailTo(suite.ctx.smtp, 'sourcing@localhost', /NDA accepted by Journey Lab/);
    expect(mail.mail.text).toContain('journey-test');
    expect(mail.mail.text).toContain(sha256);
    const verified = await opsOk(suite.ctx.operator, 'nda', 'verify', '--org', suite.lab.orgId);
    expect(verified.nda.state).toBe('verified');
    // Sent again (a refreshed page; here with the hash copied in capitals): nothing changes, the verification stands.
    const again = await sessionCall(suite.ctx, suite.lab.cookie, path, {
      method: 'POST',
      body: { version, sha256: sha256.toUpperCase(), ...signer },
    });
    expect(again.status, again.text).toBe(200);
    expect(again.body.data.acceptance.id).toBe(accepted.body.data.acceptance.id);
    expect(again.body.data.nda).toMatchObject({
      state: 'verified',
      accepted_at: accepted.body.data.nda.accepted_at,
    });
    expect((await sessionCall(suite.ctx, suite.lab.cookie, '/api/v1/me')).body.data.nda.state).toBe(
      'verified',
    );
  });
});

describe('keys from the dashboard', () => {
  test('create (shown once), list (never the key), use, rotate with grace, rotate without, revoke', async () => {
    const created = await sessionCall(suite.ctx, suite.lab.cookie, '/api/v1/keys', {
      method: 'POST',
      body: { name: 'eval pipeline', expires_in_days: 30 },
    });
    expect(created.status, created.text).toBe(201);
    const first = created.body.data;
    expect(first.key).toMatch(/^dss_[0-9A-Za-z]{38}$/);
    expect(first).toMatchObject({ name: 'eval pipeline', state: 'active', expires_at: expect.any(String) });
    const listed = await sessionCall(suite.ctx, suite.lab.cookie, '/api/v1/keys');
    expect(listed.text).not.toContain(first.key.slice(8));
    expect(listed.body.data.find((k: any) => k.id === first.id)).not.toHaveProperty('key');
    expect((await bearer(first.key)).status).toBe(200);

    const graced = await sessionCall(suite.ctx, suite.lab.cookie, `/api/v1/keys/${first.id}/rotate`, {
      method: 'POST',
      body: { grace_hours: 1 },
    });
    expect(graced.status, graced.text).toBe(201);
    expect(graced.body.data.replaces).toMatchObject({ id: first.id, state: 'grace' });
    const inGrace = Date.parse(graced.body.data.replaces.revoked_at) - Date.now();
    expect(inGrace).toBeGreaterThan(59 * 60_000);
    expect((await bearer(first.key)).status).toBe(200); // the old key works through its grace
    expect((await bearer(graced.body.data.key)).status).toBe(200);

    const second = graced.body.data;
    const now = await sessionCall(suite.ctx, suite.lab.cookie, `/api/v1/keys/${second.id}/rotate`, {
      method: 'POST',
    });
    expect(now.status, now.text).toBe(201);
    expectError(await bearer(second.key), 401, 'unauthorized');

    expect(
      (await sessionCall(suite.ctx, suite.lab.cookie, `/api/v1/keys/${first.id}`, { method: 'DELETE' }))
        .status,
    ).toBe(204);
    const revoked = await bearer(first.key);
    expectError(revoked, 401, 'unauthorized');
    expect(revoked.body.error.message).toMatch(/revoked/);
    expectError(
      await sessionCall(suite.ctx, suite.lab.cookie, `/api/v1/keys/${second.id}/rotate`, {
        method: 'POST',
        body: { grace_hours: 25 },
      }),
      422,
      'invalid',
    );
  });

  test('two rotations of one key at once give one successor; the other is 409', async () => {
    const key = (
      await sessionCall(suite.ctx, suite.lab.cookie, '/api/v1/keys', {
        method: 'POST',
        body: { name: 'twice' },
      })
    ).body.data;
    const both = await Promise.all(
      [1, 2].map(() =>
        sessionCall(suite.ctx, suite.lab.cookie, `/api/v1/keys/${key.id}/rotate`, { method: 'POST' }),
      ),
    );
    expect(both.map((r) => r.status).sort()).toEqual([201, 409]);
    expectError(
      both.find((r) => r.status === 409)!,
      409,
      'conflict',
    );
    const successors = (await sessionCall(suite.ctx, suite.lab.cookie, '/api/v1/keys')).body.data.filter(
      (k: any) => k.name === 'twice' && k.id !== key.id,
    );
    expect(successors).toHaveLength(1);
  });

  test('a key never manages keys or the team: 403 forbidden', async () => {
    const key = (
      await sessionCall(suite.ctx, suite.lab.cookie, '/api/v1/keys', { method: 'POST', body: { name: 'ci' } })
    ).body.data;
    expectError(await bearer(key.key, '/api/v1/keys'), 403, 'forbidden');
    expectError(
      await bearer(key.key, '/api/v1/keys', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: '{"name":"x"}',
      }),
      403,
      'forbidden',
    );
    expectError(await bearer(key.key, `/api/v1/keys/${key.id}`, { method: 'DELETE' }), 403, 'forbidden');
    expectError(await bearer(key.key, '/api/v1/team'), 403, 'forbidden');
    expectError(await bearer(key.key, '/api/v1/nda/acceptances', { method: 'POST' }), 403, 'forbidden');
    const me = await bearer(key.key, '/api/v1/me');
    expect(me.body.data).toMatchObject({ key: { id: key.id, name: 'ci' }, role: 'admin' });
  });

  test("another organisation's key and account ids are 404", async () => {
    const other = await selfServeLab(suite.ctx, 'Other Lab');
    const theirs = (
      await sessionCall(suite.ctx, other.cookie, '/api/v1/keys', { method: 'POST', body: { name: 'theirs' } })
    ).body.data;
    expectError(
      await sessionCall(suite.ctx, suite.lab.cookie, `/api/v1/keys/${theirs.id}/rotate`, { method: 'POST' }),
      404,
      'not_found',
    );
    expectError(
      await sessionCall(suite.ctx, suite.lab.cookie, `/api/v1/keys/${theirs.id}`, { method: 'DELETE' }),
      404,
      'not_found',
    );
    expectError(
      await sessionCall(suite.ctx, suite.lab.cookie, `/api/v1/team/${other.accountId}`, { method: 'DELETE' }),
      404,
      'not_found',
    );
    expect((await bearer(theirs.key)).status).toBe(200);
    expect((await sessionCall(suite.ctx, other.cookie, '/api/v1/me')).status).toBe(200);
  });
});

describe('a sample, asked with the session, mailed and downloaded', () => {
  test('after the verified NDA: 202, the link arrives, the file downloads', async () => {
    const asked = await sessionCall(suite.ctx, suite.lab.cookie, `/api/v1/samples/${LISTING}`, {
      method: 'POST',
    });
    expect(asked.status, asked.text).toBe(202);
    const mail = await mailTo(suite.ctx.smtp, suite.lab.email, /sample .* is ready/i);
    const link = /(http\S+\/api\/v1\/samples\/\S+)/.exec(mail.mail.text!)![1]!;
    const download = await fetch(link);
    expect(download.status).toBe(200);
    expect((await download.arrayBuffer()).byteLength).toBeGreaterThan(1000);
    const samples = await sessionCall(suite.ctx, suite.lab.cookie, '/api/v1/sample-requests');
    expect(samples.body.data[0]).toMatchObject({ listing_id: LISTING, status: 'link_sent' });
  });
});
