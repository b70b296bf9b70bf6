// The desk's other pages (contract §13) over HTTP, on both engines: samples approved or rejected with a reason,
// a demand post taken down, saved replies and staff kept by an admin (a lead refused, told who can), a saved
// reply filling a request's reply box, and each form's bad input beside its field naming the closest value.
import { afterAll, beforeAll, expect, test } from 'vitest';
import { LISTING_ID } from '../support/api-client.ts';
import { addStaff, deskGet, deskPost, deskSignin } from '../support/desk.ts';
import { makeLab, type Lab } from '../support/lab.ts';
import { opsOk } from '../support/ops.ts';
import { postJson, startSelfServe, type SelfServe } from '../support/self-serve.ts';

let ctx: SelfServe;
let lab: Lab;
let admin: string;
let lead: string;
beforeAll(async () => {
  ctx = await startSelfServe();
  lab = await makeLab(ctx.operator, 'Helix Speech Labs');
  admin = await deskSignin(ctx, (await addStaff(ctx, 'admin', 'Ada Admin')).email);
  lead = await deskSignin(ctx, (await addStaff(ctx, 'lead', 'Lee Lead')).email);
});
afterAll(async () => {
  await ctx?.stop();
});
const key = () => ({ Authorization: `Bearer ${lab.key}` });

test('samples: a reject needs a reason beside its row; approve and reject call the CLI’s actions', async () => {
  await opsOk(ctx.operator, 'nda', 'accept', '--org', lab.orgId);
  const first = (await postJson(ctx, `/api/v1/samples/${LISTING_ID}`, {}, key())).body.id;
  const second = (await postJson(ctx, '/api/v1/samples/de-chest-ct-lung-nodules', {}, key())).body.id;
  const page = await (await deskGet(ctx, lead, '/desk/samples/')).text();
  expect(page).toContain('Helix Speech Labs');
  const bare = await deskPost(ctx, lead, '/desk/samples/', { intent: 'reject', sample: first, reason: ' ' });
  expect(bare.status).toBe(422);
  expect(await bare.text()).toMatch(new RegExp(`id="reason-${first}-error">[^<]*1 to 1,000`));
  const rejected = await deskPost(ctx, lead, '/desk/samples/', {
    intent: 'reject',
    sample: first,
    reason: 'Not for this use.',
  });
  expect(rejected.status).toBe(303);
  const listed = await opsOk(ctx.operator, 'samples', 'list');
  expect(listed.find((s: any) => s.id === first)).toMatchObject({
    status: 'rejected',
    reject_reason: 'Not for this use.',
  });
  expect((await deskPost(ctx, lead, '/desk/samples/', { intent: 'approve', sample: second })).status).toBe(
    303,
  );
  const approved = (await opsOk(ctx.operator, 'samples', 'list')).find((s: any) => s.id === second);
  expect(approved.approved_at).not.toBeNull();
});

test('demand: a post taken down from the desk is off the public board', async () => {
  const made = await postJson(
    ctx,
    '/api/v1/requests',
    {
      data_types: ['call_audio'],
      description: 'Calls for the demand board test.',
      publish_to_demand_board: true,
    },
    key(),
  );
  expect(made.status, made.text).toBe(201);
  const post = (await opsOk(ctx.operator, 'demand', 'list')).find(
    (p: any) => p.request_id === made.body.data.id,
  );
  expect(await (await deskGet(ctx, lead, '/desk/demand/')).text()).toContain(
    `/desk/requests/${made.body.data.id}`,
  );
  const down = await deskPost(ctx, lead, '/desk/demand/', { post: post.id });
  expect(down.status).toBe(303);
  expect((await opsOk(ctx.operator, 'demand', 'list')).map((p: any) => p.id)).not.toContain(post.id);
});

test('saved replies: an admin keeps them, a lead is refused, a request page offers them', async () => {
  const refused = await deskPost(ctx, lead, '/desk/replies/', { intent: 'add', title: 'Hello', body: 'Hi.' });
  expect(refused.status).toBe(403);
  expect(await refused.text()).toContain('Only a desk admin can keep the saved replies');
  const bad = await deskPost(ctx, admin, '/desk/replies/', {
    intent: 'add',
    title: '',
    body: 'Thanks for asking.',
  });
  expect(bad.status).toBe(422);
  expect(await bad.text()).toMatch(/id="field-title-error">[^<]*give a title/);
  const added = await deskPost(ctx, admin, '/desk/replies/', {
    intent: 'add',
    title: 'Listings fit',
    body: 'Two listings fit your request; a proposal follows within a week.',
  });
  expect(added.status).toBe(303);
  const id = (
    await postJson(
      ctx,
      '/api/v1/requests',
      { data_types: ['call_audio'], description: 'Calls for the saved reply test.' },
      key(),
    )
  ).body.data.id;
  const page = await (await deskGet(ctx, lead, `/desk/requests/${id}`)).text();
  const link = /href="(\?saved=srp_[A-Za-z0-9]+#reply)"/.exec(page)?.[1];
  expect(link).toBeDefined();
  const filled = await (
    await deskGet(ctx, lead, `/desk/requests/${id}${link!.replace('#reply', '')}`)
  ).text();
  expect(filled).toMatch(
    /<textarea id="field-message"[^>]*>Two listings fit your request; a proposal follows within a week\.<\/textarea>/,
  );
});

test('staff: an admin adds (a bad role names the closest) and removes; the removed are out at once', async () => {
  const refused = await deskPost(ctx, lead, '/desk/staff/', {
    intent: 'add',
    email: 'x@desk.example',
    name: 'X',
    role: 'lead',
  });
  expect(refused.status).toBe(403);
  const email = `new.${Date.now()}@desk.example`;
  const badRole = await deskPost(ctx, admin, '/desk/staff/', {
    intent: 'add',
    email,
    name: 'Nu',
    role: 'leed',
  });
  expect(badRole.status).toBe(422);
  expect(await badRole.text()).toMatch(/id="field-role-error">[^<]*the closest is &quot;lead&quot;/);
  const badEmail = await deskPost(ctx, admin, '/desk/staff/', {
    intent: 'add',
    email: 'nu at desk',
    name: 'Nu',
    role: 'lead',
  });
  expect(badEmail.status).toBe(422);
  expect(await badEmail.text()).toMatch(/id="field-email-error">[^<]*one plain address/);
  expect(
    (await deskPost(ctx, admin, '/desk/staff/', { intent: 'add', email, name: 'Nu', role: 'Lead' })).status,
  ).toBe(303);
  const nu = await deskSignin(ctx, email);
  const member = (await opsOk(ctx.operator, 'staff', 'list')).find((s: any) => s.email === email);
  expect((await deskPost(ctx, admin, '/desk/staff/', { intent: 'remove', staff: member.id })).status).toBe(
    303,
  );
  expect((await deskGet(ctx, nu, '/desk/')).status).toBe(303);
  const audit = await opsOk(ctx.operator, 'audit', 'list');
  expect(audit).toContainEqual(expect.objectContaining({ action: 'staff.remove', detail: member.id }));
});
