// The desk's access and organisation pages (contract §13) over HTTP, on both engines: approve into a new
// organisation or one found by name (a misspelt name refused naming the closest), reject with a mailed reason,
// and an organisation read whole without a secret, its NDA verified from the page with an audit line.
import { afterAll, beforeAll, expect, test } from 'vitest';
import { addStaff, deskGet, deskPost, deskSignin } from '../support/desk.ts';
import { makeLab } from '../support/lab.ts';
import { opsOk } from '../support/ops.ts';
import { mailTo, postJson, startSelfServe, type SelfServe } from '../support/self-serve.ts';

let ctx: SelfServe;
let cookie: string;
let staffId: string;
beforeAll(async () => {
  ctx = await startSelfServe();
  const staff = await addStaff(ctx, 'lead', 'Ana Access');
  staffId = staff.id;
  cookie = await deskSignin(ctx, staff.email);
});
afterAll(async () => {
  await ctx?.stop();
});

const ndaOf = async (orgId: string) =>
  (await opsOk(ctx.operator, 'org', 'list')).find((o: any) => o.id === orgId).nda.state;

let asked = 0;
async function ask(organisation: string): Promise<{ id: string; email: string }> {
  const email = `asker${++asked}.${Date.now()}@lab.example`;
  const made = await postJson(ctx, '/api/v1/access-requests', {
    organisation,
    name: 'Ada Asker',
    email,
    intended_use: 'Evaluating speech recognition on call-centre audio before licensing.',
  });
  expect(made.status).toBe(202);
  const pending = await opsOk(ctx.operator, 'access', 'list', '--status', 'pending');
  return { id: pending.find((r: any) => r.email === email).id, email };
}

test('approve into a new organisation, or into one found by name', async () => {
  const fresh = await ask('Quill Voice Labs');
  expect(await (await deskGet(ctx, cookie, '/desk/access/')).text()).toContain(`/desk/access/${fresh.id}`);
  const approved = await deskPost(ctx, cookie, `/desk/access/${fresh.id}`, {
    intent: 'approve',
    into: 'new',
  });
  expect(approved.status).toBe(303);
  await mailTo(ctx.smtp, fresh.email, /ready/i);
  const record = (await opsOk(ctx.operator, 'access', 'list')).find((r: any) => r.id === fresh.id);
  expect(record.status).toBe('approved');
  const audit = await opsOk(ctx.operator, 'audit', 'list', '--org', record.org_id);
  expect(audit).toContainEqual(expect.objectContaining({ action: 'access.approve', staff_id: staffId }));

  const joining = await ask('Quill Voice Labs');
  const page = `/desk/access/${joining.id}`;
  const noName = await deskPost(ctx, cookie, page, { intent: 'approve', into: 'existing', org: '' });
  expect(noName.status).toBe(422);
  const misspelt = await deskPost(ctx, cookie, page, {
    intent: 'approve',
    into: 'existing',
    org: 'Quil Voice Labs',
  });
  expect(misspelt.status).toBe(422);
  expect(await misspelt.text()).toMatch(
    /id="field-org-error">[^<]*the closest is &quot;Quill Voice Labs&quot;/,
  );
  const joined = await deskPost(ctx, cookie, page, {
    intent: 'approve',
    into: 'existing',
    org: 'quill voice labs',
  });
  expect(joined.status).toBe(303);
  const after = (await opsOk(ctx.operator, 'access', 'list')).find((r: any) => r.id === joining.id);
  expect(after.org_id).toBe(record.org_id);
});

test('reject with a reason, which is mailed; no reason is refused beside its field', async () => {
  const request = await ask('Nope Analytics');
  const page = `/desk/access/${request.id}`;
  const bare = await deskPost(ctx, cookie, page, { intent: 'reject', reason: '  ' });
  expect(bare.status).toBe(422);
  expect(await bare.text()).toMatch(/id="field-reason-error">[^<]*1 to 1,000 characters/);
  const rejected = await deskPost(ctx, cookie, page, {
    intent: 'reject',
    reason: 'We license to AI labs only.',
  });
  expect(rejected.status).toBe(303);
  const mail = await mailTo(ctx.smtp, request.email, /^Your access request/);
  expect(mail.mail.text).toContain('We license to AI labs only.');
});

test('an organisation whole, without a secret; its NDA verified from the page', async () => {
  const lab = await makeLab(ctx.operator, 'Helix Speech Labs');
  await opsOk(ctx.operator, 'nda', 'accept', '--org', lab.orgId);
  const page = `/desk/orgs/${lab.orgId}`;
  const html = await (await deskGet(ctx, cookie, page)).text();
  expect(html).toContain('Helix Speech Labs');
  expect(html).toContain(lab.email);
  expect(html).toContain(lab.key.slice(0, 8)); // the key's prefix, to recognise it
  expect(html).not.toContain(lab.key);
  expect(html).toContain('Verify the NDA');
  expect(await (await deskGet(ctx, cookie, '/desk/orgs/?q=helix')).text()).toContain(page);

  const tokenless = await deskPost(ctx, cookie, page, { intent: 'verify' }, { csrf: null });
  expect(tokenless.status).toBe(403);
  expect(await ndaOf(lab.orgId)).toBe('accepted');
  const verified = await deskPost(ctx, cookie, page, { intent: 'verify' });
  expect(verified.status).toBe(303);
  expect(await ndaOf(lab.orgId)).toBe('verified');
  const shown = await (await deskGet(ctx, cookie, page)).text();
  expect(shown).toMatch(/Ana Access \(stf_[A-Za-z0-9]+\): nda\.verify/);
  expect(shown).not.toContain('Verify the NDA');
  expect((await deskGet(ctx, cookie, '/desk/orgs/org_nothing')).status).toBe(404);
});
