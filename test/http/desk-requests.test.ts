// The desk's request pages (contract §13) over HTTP, on both engines: the board's filters (an organisation by name,
// a misspelt one refused naming the closest), a request's page, its reply and its move calling the CLI's actions
// (the lab's mail, the record, an audit line with the staff id), each bad input beside its field, and a form
// without its token refused with nothing changed.
import { afterAll, beforeAll, expect, test } from 'vitest';
import { addStaff, deskGet, deskPost, deskSignin } from '../support/desk.ts';
import { makeLab, type Lab } from '../support/lab.ts';
import { opsOk } from '../support/ops.ts';
import { mailTo, postJson, startSelfServe, type SelfServe } from '../support/self-serve.ts';

let ctx: SelfServe;
let lab: Lab;
let other: Lab;
let cookie: string;
let staffId: string;
beforeAll(async () => {
  ctx = await startSelfServe();
  lab = await makeLab(ctx.operator, 'Helix Speech Labs');
  other = await makeLab(ctx.operator, 'Radiant Imaging');
  const staff = await addStaff(ctx, 'lead', 'Lee Lead');
  staffId = staff.id;
  cookie = await deskSignin(ctx, staff.email);
});
afterAll(async () => {
  await ctx?.stop();
});

async function submit(key: string, body: object): Promise<string> {
  const made = await postJson(ctx, '/api/v1/requests', body, { Authorization: `Bearer ${key}` });
  expect(made.status, made.text).toBe(201);
  return made.body.data.id;
}

test('the board filters by organisation name, status and vertical; a bad filter names the closest', async () => {
  const calls = await submit(lab.key, {
    data_types: ['call_audio'],
    description: 'Claims calls for the board test.',
  });
  const scans = await submit(other.key, {
    data_types: ['ct_study'],
    description: 'Chest CT for the board test.',
  });
  const byName = await (await deskGet(ctx, cookie, '/desk/requests/?org=helix+speech+labs')).text();
  expect(byName).toContain(calls);
  expect(byName).not.toContain(scans);
  expect(byName).toContain('Helix Speech Labs');
  const imaging = await (await deskGet(ctx, cookie, '/desk/requests/?vertical=Medical+imaging')).text();
  expect(imaging).toContain(scans);
  expect(imaging).not.toContain(calls);

  const misspelt = await deskGet(ctx, cookie, '/desk/requests/?org=Helx+Speech+Labs');
  expect(misspelt.status).toBe(422);
  expect(await misspelt.text()).toMatch(/field-error[^>]*>[^<]*the closest is &quot;Helix Speech Labs&quot;/);
  const status = await deskGet(ctx, cookie, '/desk/requests/?status=in+reveiw');
  expect(status.status).toBe(422);
  expect(await status.text()).toMatch(/field-error[^>]*>[^<]*the closest is &quot;in_review&quot;/);
});

test('a reply from the desk: the lab is mailed, the record and the audit say who', async () => {
  const id = await submit(lab.key, {
    data_types: ['call_audio'],
    description: 'Claims calls for the reply test.',
  });
  const page = `/desk/requests/${id}`;
  const shown = await (await deskGet(ctx, cookie, page)).text();
  expect(shown).toContain('Helix Speech Labs');
  expect(shown).toContain('Claims calls for the reply test.');

  const empty = await deskPost(ctx, cookie, page, { intent: 'reply', message: '   ' });
  expect(empty.status).toBe(422);
  expect(await empty.text()).toMatch(/id="field-message-error">[^<]*your reply/);
  const tokenless = await deskPost(
    ctx,
    cookie,
    page,
    { intent: 'reply', message: 'Sent without a token.' },
    { csrf: null },
  );
  expect(tokenless.status).toBe(403);
  const foreign = await deskPost(
    ctx,
    cookie,
    page,
    { intent: 'reply', message: 'From elsewhere.' },
    { origin: 'https://evil.example' },
  );
  expect(foreign.status).toBe(403);
  expect((await opsOk(ctx.operator, 'requests', 'show', id)).replied_at).toBeNull();

  const sent = await deskPost(ctx, cookie, page, {
    intent: 'reply',
    message: 'Two listings fit; a proposal follows.',
  });
  expect(sent.status).toBe(303);
  expect(sent.headers.get('location')).toBe(`${page}?done=replied`);
  const record = await opsOk(ctx.operator, 'requests', 'show', id);
  expect(record.status).toBe('in_review');
  expect(record.events.at(-1).message).toBe('Two listings fit; a proposal follows.');
  await mailTo(ctx.smtp, lab.email, /./);
  const audit = await opsOk(ctx.operator, 'audit', 'list', '--org', lab.orgId);
  expect(audit).toContainEqual(
    expect.objectContaining({ kind: 'staff_action', action: 'request.reply', staff_id: staffId, detail: id }),
  );
  expect(await (await deskGet(ctx, cookie, `${page}?done=replied`)).text()).toContain(
    'Two listings fit; a proposal follows.',
  );
});

test('a move: closing needs an outcome, a misspelt outcome names the closest, forward only', async () => {
  const id = await submit(lab.key, {
    data_types: ['call_audio'],
    description: 'Claims calls for the move test.',
  });
  const page = `/desk/requests/${id}`;
  const noOutcome = await deskPost(ctx, cookie, page, { intent: 'move', status: 'closed', outcome: '' });
  expect(noOutcome.status).toBe(422);
  expect(await noOutcome.text()).toMatch(/id="field-outcome-error">[^<]*licensed/);
  const misspelt = await deskPost(ctx, cookie, page, {
    intent: 'move',
    status: 'closed',
    outcome: 'Licenced',
  });
  expect(misspelt.status).toBe(422);
  expect(await misspelt.text()).toMatch(/id="field-outcome-error">[^<]*the closest is &quot;licensed&quot;/);
  const moved = await deskPost(ctx, cookie, page, {
    intent: 'move',
    status: 'Proposal sent',
    move_message: 'Proposal attached.',
  });
  expect(moved.status).toBe(303);
  const back = await deskPost(ctx, cookie, page, { intent: 'move', status: 'in_review' });
  expect(back.status).toBe(409);
  expect(await back.text()).toMatch(/moves forward only/);
  expect((await opsOk(ctx.operator, 'requests', 'show', id)).status).toBe('proposal_sent');
  expect((await deskGet(ctx, cookie, '/desk/requests/req_nothing')).status).toBe(404);
});
