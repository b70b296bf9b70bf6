// The desk's request page joined to the thread (contract §13), over HTTP in process, on both engines: the whole
// thread in order (the lab's message, our signed reply, the move it made, an internal note marked internal), the
// owner select and the internal-note form calling the thread's actions (audited with the staff id; refused beside
// their field; refused without the token, changing nothing), the lab never reading a note; and the board's owner
// filter (me, another member, nobody).
import { afterAll, beforeAll, expect, test } from 'vitest';
import { readReply } from '../support/api-client.ts';
import { addStaff, deskGet, deskPost, deskSignin, type Staff } from '../support/desk.ts';
import { makeLab, type Lab } from '../support/lab.ts';
import { opsOk } from '../support/ops.ts';
import { postJson, startSelfServe, type SelfServe } from '../support/self-serve.ts';

let ctx: SelfServe;
let lab: Lab;
let lead: Staff;
let admin: Staff;
let cookie: string;
beforeAll(async () => {
  ctx = await startSelfServe();
  lab = await makeLab(ctx.operator, 'Helix Speech Labs');
  admin = await addStaff(ctx, 'admin', 'Ada Admin');
  lead = await addStaff(ctx, 'lead', 'Lee Lead');
  cookie = await deskSignin(ctx, lead.email);
});
afterAll(async () => {
  await ctx?.stop();
});

const asLab = { Authorization: '' };
async function submit(description: string): Promise<string> {
  asLab.Authorization = `Bearer ${lab.key}`;
  const made = await postJson(ctx, '/api/v1/requests', { data_types: ['call_audio'], description }, asLab);
  expect(made.status, made.text).toBe(201);
  return made.body.data.id;
}
const labReads = async (id: string) =>
  (await readReply(await fetch(`${ctx.server.url}/api/v1/requests/${id}`, { headers: asLab }))).text;
const page = (id: string) => `/desk/requests/${id}`;

test('the whole thread in order; a reply signed by the member; a note marked internal, never the lab’s', async () => {
  const id = await submit('Claims calls for the thread page.');
  const asked = await postJson(
    ctx,
    `/api/v1/requests/${id}/messages`,
    { body: 'Do you have stereo?' },
    asLab,
  );
  expect(asked.status).toBe(201);
  const replied = await deskPost(ctx, cookie, page(id), { intent: 'reply', message: 'Yes, both channels.' });
  expect(replied.status).toBe(303);
  const noted = await deskPost(ctx, cookie, page(id), {
    intent: 'note',
    note: 'Check the licence with legal.',
  });
  expect(noted.status).toBe(303);
  expect(noted.headers.get('location')).toBe(`${page(id)}?done=noted`);

  const html = await (await deskGet(ctx, cookie, page(id))).text();
  const thread = html.slice(html.indexOf('id="thread"'));
  const order = [
    'Received',
    'Helix Speech Labs wrote',
    'Do you have stereo?',
    'Lee Lead replied',
    'Yes, both channels.',
    'Internal</strong>',
    'Internal note by Lee Lead',
    'Check the licence with legal.',
  ].map((part) => thread.indexOf(part));
  expect(
    order.every((place) => place >= 0),
    thread.slice(0, 3000),
  ).toBe(true);
  expect([...order].sort((a, b) => a - b)).toEqual(order);
  // The reply is shown once, as the member's message, not again as an event.
  expect(thread.split('Yes, both channels.').length).toBe(2);

  const read = JSON.parse(await labReads(id));
  expect(read.data.messages.at(-1)).toMatchObject({
    from: 'sourcing',
    author: 'Lee Lead',
    body: 'Yes, both channels.',
  });
  expect(JSON.stringify(read)).not.toContain('Check the licence');
  const audit = await opsOk(ctx.operator, 'audit', 'list', '--org', lab.orgId);
  expect(audit).toContainEqual(
    expect.objectContaining({ kind: 'request_note', staff_id: lead.id, request_id: id }),
  );
});

test('a note: empty is refused beside the field, without a token nothing is kept', async () => {
  const id = await submit('Claims calls for the note refusals.');
  const empty = await deskPost(ctx, cookie, page(id), { intent: 'note', note: '  ' });
  expect(empty.status).toBe(422);
  expect(await empty.text()).toMatch(/id="field-note-error">[^<]*the note/);
  const tokenless = await deskPost(
    ctx,
    cookie,
    page(id),
    { intent: 'note', note: 'No token.' },
    { csrf: null },
  );
  expect(tokenless.status).toBe(403);
  expect((await opsOk(ctx.operator, 'requests', 'show', id)).notes ?? []).toEqual([]);
});

test('the owner select: a member, an unknown id refused beside it, nobody; the board filters by owner', async () => {
  const mine = await submit('Claims calls the lead will own.');
  const admins = await submit('Claims calls the admin will own.');
  const nobodys = await submit('Claims calls nobody owns.');
  const html = await (await deskGet(ctx, cookie, page(mine))).text();
  expect(html).toMatch(/<option value="" selected[^>]*>Nobody \(every lead\)/);
  expect(html).toContain(`<option value="${admin.id}">Ada Admin</option>`);

  expect((await deskPost(ctx, cookie, page(mine), { intent: 'owner', owner: lead.id })).status).toBe(303);
  expect((await deskPost(ctx, cookie, page(admins), { intent: 'owner', owner: admin.id })).status).toBe(303);
  expect((await opsOk(ctx.operator, 'requests', 'show', mine)).owner_id).toBe(lead.id);
  expect(await (await deskGet(ctx, cookie, page(admins))).text()).toContain(
    `<option value="${admin.id}" selected>Ada Admin</option>`,
  );
  const unknown = await deskPost(ctx, cookie, page(nobodys), { intent: 'owner', owner: 'stf_nobody' });
  expect(unknown.status).toBe(422);
  expect(await unknown.text()).toMatch(/id="field-owner-error">[^<]*staff id/);
  const audit = await opsOk(ctx.operator, 'audit', 'list', '--org', lab.orgId);
  expect(audit).toContainEqual(
    expect.objectContaining({ kind: 'request_owner', staff_id: lead.id, request_id: mine }),
  );

  const board = async (owner: string) =>
    (await deskGet(ctx, cookie, `/desk/requests/?owner=${owner}`)).text();
  const [me, theAdmin, none] = await Promise.all([board('me'), board(admin.id), board('none')]);
  expect([mine, admins, nobodys].map((id) => me.includes(id))).toEqual([true, false, false]);
  expect([mine, admins, nobodys].map((id) => theAdmin.includes(id))).toEqual([false, true, false]);
  expect([mine, admins, nobodys].map((id) => none.includes(id))).toEqual([false, false, true]);

  expect((await deskPost(ctx, cookie, page(mine), { intent: 'owner', owner: '' })).status).toBe(303);
  expect((await opsOk(ctx.operator, 'requests', 'show', mine)).owner_id).toBeNull();
});
