// The desk's inbox (contract §13) over HTTP, on both engines: data requests not replied to with their timers in
// words, access requests, NDAs to verify and sample requests pending, oldest promise first, organisation names,
// the counts in the title; a reply takes the request off it.
import { afterAll, beforeAll, expect, test } from 'vitest';
import { LISTING_ID } from '../support/api-client.ts';
import { addStaff, deskGet, deskSignin } from '../support/desk.ts';
import { makeLab } from '../support/lab.ts';
import { opsOk } from '../support/ops.ts';
import { postJson, startSelfServe, type SelfServe } from '../support/self-serve.ts';

let ctx: SelfServe;
beforeAll(async () => {
  ctx = await startSelfServe();
});
afterAll(async () => {
  await ctx?.stop();
});

const withKey = (key: string) => ({ Authorization: `Bearer ${key}` });

test('what waits, oldest promise first, with names, timers and counts', async () => {
  const lab = await makeLab(ctx.operator, 'Helix Speech Labs');
  const first = await postJson(
    ctx,
    '/api/v1/requests',
    { data_types: ['call_audio'], description: 'Insurance calls for an inbox test, the first.' },
    withKey(lab.key),
  );
  expect(first.status, first.text).toBe(201);
  const second = await postJson(
    ctx,
    '/api/v1/requests',
    { data_types: ['call_audio'], description: 'Insurance calls for an inbox test, the second.' },
    withKey(lab.key),
  );
  await opsOk(ctx.operator, 'nda', 'accept', '--org', lab.orgId);
  const sample = await postJson(ctx, `/api/v1/samples/${LISTING_ID}`, {}, withKey(lab.key));
  expect(sample.status, sample.text).toBe(202);
  const access = await postJson(ctx, '/api/v1/access-requests', {
    organisation: 'Northwind Imaging',
    name: 'Nia North',
    email: `nia.${Date.now()}@northwind.example`,
    intended_use: 'Training a nodule detector on chest CT, evaluated before licensing.',
  });
  expect(access.status).toBe(202);

  const staff = await addStaff(ctx);
  const cookie = await deskSignin(ctx, staff.email);
  const page = await (await deskGet(ctx, cookie, '/desk/')).text();
  expect(page).toMatch(
    /<title>Inbox \(2 requests, 1 access request, 1 NDA, 1 sample\) · Sourcing desk<\/title>/,
  );
  expect(page).toContain('Helix Speech Labs');
  expect(page).toContain('Northwind Imaging');
  expect(page).not.toMatch(/>org_[A-Za-z0-9]+</); // names, never only ids
  expect(page).toMatch(/>due in \d+ (hours|days)</);
  const firstAt = page.indexOf(`/desk/requests/${first.body.data.id}`);
  const secondAt = page.indexOf(`/desk/requests/${second.body.data.id}`);
  expect(firstAt).toBeGreaterThan(0);
  expect(secondAt).toBeGreaterThan(firstAt); // the older promise first
  expect(page).toContain(`/desk/orgs/${lab.orgId}#nda`);

  await opsOk(
    ctx.operator,
    'requests',
    'reply',
    first.body.data.id,
    '--message',
    'Two listings fit; details follow.',
  );
  const after = await (await deskGet(ctx, cookie, '/desk/')).text();
  expect(after).not.toContain(`/desk/requests/${first.body.data.id}`);
  expect(after).toMatch(/<title>Inbox \(1 request, /);
});
