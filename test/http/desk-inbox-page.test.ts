// The desk's inbox shows a page's worth (docs/decisions/desk-inbox.md): the 50 oldest promises across kinds, each
// kind's count whole in the title, and what is left of a kind as "N more" linking to the page that lists it.
import { afterAll, beforeAll, expect, test } from 'vitest';
import { INBOX_PAGE } from '../../api/domain/desk/inbox.ts';
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

test('51 requests and an NDA: 50 rows, the counts whole, the rest as "N more"', async () => {
  const lab = await makeLab(ctx.operator, 'Paged Speech Labs');
  const ids: string[] = [];
  expect(INBOX_PAGE).toBe(50);
  for (let i = 0; i < 51; i++) {
    const body = {
      data_types: ['call_audio'],
      description: `Insurance calls for a paged inbox, number ${i}.`,
    };
    const made = await postJson(ctx, '/api/v1/requests', body, { Authorization: `Bearer ${lab.key}` });
    expect(made.status, made.text).toBe(201);
    ids.push(made.body.data.id);
  }
  await opsOk(ctx.operator, 'nda', 'accept', '--org', lab.orgId); // accepted last: the latest promise

  const cookie = await deskSignin(ctx, (await addStaff(ctx)).email);
  const page = await (await deskGet(ctx, cookie, '/desk/')).text();
  expect(page).toMatch(/<title>Inbox \(51 requests, 1 NDA\) · Sourcing desk<\/title>/);
  const body = page.slice(page.indexOf('<tbody>'), page.indexOf('</tbody>'));
  expect(body.match(/<tr>/g)).toHaveLength(50);
  expect(body).toContain(`/desk/requests/${ids[49]}"`);
  expect(body).not.toContain(`/desk/requests/${ids[50]}"`); // the newest request is past the page
  expect(body).not.toContain(`/desk/orgs/${lab.orgId}#nda`);
  expect(page).toContain('Paged Speech Labs');
  expect(page).toMatch(/<a href="\/desk\/requests\/\?status=received">1 more request<\/a>/);
  expect(page).toMatch(/<a href="\/desk\/orgs\/">1 more NDA<\/a>/);
});
