// Recalls over HTTP (issue 43, contract §15), on the engine the project runs (json or postgres): the operator recalls
// items of a listing; the lab that received its sample link and the lab that licensed it are each mailed (a real
// SMTP server on loopback) and sent a listing.recalled event that a real receiver verifies with `standardwebhooks`;
// a lab that received neither is told nothing. Each lab lists its recalls and attests the deletion once.
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, test } from 'vitest';
import { eventSchema } from '../../api/domain/webhooks/event-schemas.ts';
import { ops, opsOk } from '../support/ops.ts';
import { ITEM, LISTING, recallSuite, sha256, zip } from '../support/recalls.ts';
import { mailTo, postPageForm, sessionCall, type Json, type SelfServeLab } from '../support/self-serve.ts';
import { htmlErrors } from '../support/vnu.ts';
import type { WebhookReceiver } from '../support/webhook-receiver.ts';

const { suite, labs, endpointFor, byKey } = recallSuite();
let sampler: SelfServeLab; // received the sample link
let licensee: SelfServeLab; // licensed the listing (a request closed licensed)
let outsider: SelfServeLab; // neither
let licenseeKey: string;
let outsiderKey: string;
let recall: Json;

const until = (check: () => boolean | Promise<boolean>, what: string) =>
  expect.poll(check, { timeout: 20_000, message: `waiting for ${what}` }).toBe(true);

beforeAll(() => {
  ({ sampler, licensee, outsider, licenseeKey, outsiderKey } = labs);
});

describe('a recall', () => {
  let samplerHook: WebhookReceiver;
  let licenseeHook: WebhookReceiver;
  let outsiderHook: WebhookReceiver;

  beforeAll(async () => {
    samplerHook = await endpointFor(sampler);
    licenseeHook = await endpointFor(licensee, ['listing.recalled']);
    outsiderHook = await endpointFor(outsider);
    recall = await opsOk(
      suite.ctx.operator,
      'listings',
      'recall',
      LISTING,
      '--items',
      `${ITEM}, never-in-the-sample`,
      '--reason',
      'The caller withdrew consent on 2026-11-27.',
    );
  }, 30_000);

  test('is an rcl_ record with each item and the SHA-256 of every sample file that holds it', () => {
    expect(recall.id).toMatch(/^rcl_/);
    expect(recall.listing_id).toBe(LISTING);
    expect(recall.reason).toBe('The caller withdrew consent on 2026-11-27.');
    const holding = Object.keys(zip).filter((path) => path !== 'manifest.json' && path.includes(ITEM));
    expect(holding.length).toBeGreaterThanOrEqual(2); // the call, its transcript, its labels
    expect(recall.items).toEqual([
      { id: ITEM, files: holding.map((path) => ({ path, sha256: sha256(zip[path]!) })) },
      { id: 'never-in-the-sample', files: [] },
    ]);
    expect([...recall.recipients].sort()).toEqual([sampler.orgId, licensee.orgId].sort());
  });

  test('mails the lab that received the sample and the lab that licensed it, naming the files by hash', async () => {
    for (const lab of [sampler, licensee]) {
      const mail = await mailTo(suite.ctx.smtp, lab.email, /^Recall: delete items of /);
      expect(mail.mail.text).toContain(recall.id);
      expect(mail.mail.text).toContain(recall.items[0].files[0].sha256);
      expect(mail.mail.text).toContain('/dashboard/recalls/');
    }
    expect(
      suite.ctx.smtp.received.filter(
        (m) => m.envelopeTo.includes(outsider.email) && /Recall/.test(m.mail.subject ?? ''),
      ),
    ).toEqual([]);
  });

  test('sends a signed listing.recalled event to each, verified with standardwebhooks; none to the outsider', async () => {
    for (const hook of [samplerHook, licenseeHook]) {
      await until(
        () => hook.received.some((r) => r.verified && r.event?.type === 'listing.recalled'),
        'the listing.recalled event',
      );
      const event = hook.received.find((r) => r.event?.type === 'listing.recalled')!.event!;
      const parsed = eventSchema('listing.recalled').parse(event) as { data: Json };
      expect(parsed.data).toMatchObject({ id: recall.id, listing_id: LISTING, items: recall.items });
      expect(parsed.data.acknowledge).toBe(
        `${suite.ctx.siteUrl}/api/v1/recalls/${recall.id}/acknowledgements`,
      );
    }
    expect(JSON.stringify(outsiderHook.received)).not.toContain('listing.recalled');
  });
});

describe('the labs', () => {
  test('list their recalls (session or key); the outsider has none and finds none', async () => {
    const mine = await sessionCall(suite.ctx, sampler.cookie, '/api/v1/recalls');
    expect(mine.status, mine.text).toBe(200);
    expect(mine.body.count).toBe(1);
    expect(mine.body.data[0]).toEqual({
      id: recall.id,
      listing_id: LISTING,
      reason: recall.reason,
      items: recall.items,
      created_at: recall.created_at,
      acknowledgement: null,
    });
    expect(mine.text).not.toContain(licensee.orgId); // never who else was told
    expect((await byKey(licenseeKey, '/api/v1/recalls')).body.data.map((r: Json) => r.id)).toEqual([
      recall.id,
    ]);
    expect(await byKey(outsiderKey, '/api/v1/recalls')).toEqual({
      status: 200,
      body: { data: [], count: 0 },
    });
    const theirs = await byKey(outsiderKey, `/api/v1/recalls/${recall.id}/acknowledgements`, {
      method: 'POST',
      body: { deleted: true, statement: 'We never had it.' },
    });
    expect(theirs.status).toBe(404);
    expect(theirs.body.error.code).toBe('not_found');
  });

  test.each([
    ['deleted false', { deleted: false, statement: 'Done.' }, 'deleted'],
    ['no statement', { deleted: true }, 'statement'],
    ['a blank statement', { deleted: true, statement: '   ' }, 'statement'],
    ['a statement over 2,000 characters', { deleted: true, statement: 'x'.repeat(2001) }, 'statement'],
  ])('%s is 422 naming the field, and records nothing', async (_what, body, field) => {
    const reply = await byKey(licenseeKey, `/api/v1/recalls/${recall.id}/acknowledgements`, {
      method: 'POST',
      body,
    });
    expect(reply.status).toBe(422);
    expect(Object.keys(reply.body.error.fields)).toEqual([field]);
    expect((await byKey(licenseeKey, '/api/v1/recalls')).body.data[0].acknowledgement).toBeNull();
  });

  test('attest the deletion once: who (account, key), when, from where; a second is 409', async () => {
    const statement = 'Deleted the call and its transcript from our training store and backups.';
    const byAccount = await sessionCall(
      suite.ctx,
      sampler.cookie,
      `/api/v1/recalls/${recall.id}/acknowledgements`,
      {
        method: 'POST',
        body: { deleted: true, statement },
      },
    );
    expect(byAccount.status, byAccount.text).toBe(201);
    expect(byAccount.body.data).toMatchObject({
      recall_id: recall.id,
      deleted: true,
      statement,
      account_id: sampler.accountId,
      key_id: null,
    });
    expect(byAccount.body.data.ip).toMatch(/127\.0\.0\.1/);
    const byKeyReply = await byKey(licenseeKey, `/api/v1/recalls/${recall.id}/acknowledgements`, {
      method: 'POST',
      body: { deleted: true, statement: 'Purged by our deletion job.' },
    });
    expect(byKeyReply.status).toBe(201);
    expect(byKeyReply.body.data.account_id).toBe(licensee.accountId);
    expect(byKeyReply.body.data.key_id).toMatch(/^key_/);
    const again = await sessionCall(
      suite.ctx,
      sampler.cookie,
      `/api/v1/recalls/${recall.id}/acknowledgements`,
      {
        method: 'POST',
        body: { deleted: true, statement: 'Again.' },
      },
    );
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('conflict');
    const listed = await sessionCall(suite.ctx, sampler.cookie, '/api/v1/recalls');
    expect(listed.body.data[0].acknowledgement).toMatchObject({ statement, account_id: sampler.accountId });
  });

  test('the operator sees who acknowledged, by organisation name', async () => {
    const [row] = await opsOk(suite.ctx.operator, 'recalls', 'list', '--listing', LISTING);
    expect(row.id).toBe(recall.id);
    expect(row.waiting).toEqual([]);
    expect(row.acknowledged.map((a: Json) => a.name).sort()).toEqual([
      'Recall Licensee Lab',
      'Recall Sample Lab',
    ]);
    const other = await ops(
      suite.ctx.operator,
      'recalls',
      'list',
      '--listing',
      'ph-telehealth-consultations',
    );
    expect(other.json).toEqual([]);
  });
});

test('the recall page is valid HTML, with and without errors beside its fields (vnu)', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'dss-recall-pages-'));
  const late = await opsOk(
    suite.ctx.operator,
    'listings',
    'recall',
    LISTING,
    '--items',
    ITEM,
    '--reason',
    'Again.',
  );
  const shown = await fetch(`${suite.ctx.server.url}/dashboard/recalls/`, {
    headers: { Cookie: sampler.cookie },
  });
  expect(shown.status).toBe(200);
  await writeFile(join(dir, 'recalls.html'), await shown.text());
  const refused = await postPageForm(suite.ctx, sampler.cookie, '/dashboard/recalls/', {
    id: late.id,
    statement: '',
  });
  expect(refused.status).toBe(422);
  const html = await refused.text();
  expect(html).toContain(`id="statement-${late.id}-error"`);
  await writeFile(join(dir, 'recalls-errors.html'), html);
  expect(await htmlErrors(dir)).toEqual([]);
}, 60_000);
