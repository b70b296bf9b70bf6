// The inbox's lab messages (contract §13) over HTTP, on both engines: a request whose lab message waits for an
// answer is a row, the longest waiting first, with the organisation's name and the wait in words; a request not
// yet replied to at all stays one row (the request's); a desk reply takes the message off the inbox.
import { afterAll, beforeAll, expect, test } from 'vitest';
import { openStore } from '../../api/store/open-store.ts';
import type { Store } from '../../api/store/store.ts';
import { addStaff, deskGet, deskPost, deskSignin } from '../support/desk.ts';
import { makeLab, type Lab } from '../support/lab.ts';
import { opsOk } from '../support/ops.ts';
import { postJson, startSelfServe, type SelfServe } from '../support/self-serve.ts';
import { storeEnv } from '../support/store-env.ts';

let ctx: SelfServe;
let lab: Lab;
let store: Store;
let cookie: string;
beforeAll(async () => {
  ctx = await startSelfServe();
  lab = await makeLab(ctx.operator, 'Helix Speech Labs');
  const { DATABASE_URL } = (await storeEnv(ctx.server.dataDir)) as { DATABASE_URL?: string };
  store = await openStore({ dataDir: ctx.server.dataDir, databaseUrl: DATABASE_URL || undefined });
  cookie = await deskSignin(ctx, (await addStaff(ctx, 'lead', 'Lee Lead')).email);
});
afterAll(async () => {
  await store?.close();
  await ctx?.stop();
});

const asLab = () => ({ Authorization: `Bearer ${lab.key}` });
async function submit(description: string): Promise<string> {
  const made = await postJson(ctx, '/api/v1/requests', { data_types: ['call_audio'], description }, asLab());
  expect(made.status, made.text).toBe(201);
  return made.body.data.id;
}
async function write(id: string, body: string, hoursAgo: number) {
  expect((await postJson(ctx, `/api/v1/requests/${id}/messages`, { body }, asLab())).status).toBe(201);
  const since = new Date(Date.now() - hoursAgo * 3600_000).toISOString();
  await store.transact((tx) => tx.update('requests', id, { awaiting_reply_since: since }));
}

test('lab messages waiting, the longest first, named and timed; a reply takes one off', async () => {
  const recent = await submit('Call audio answered, then asked about five hours ago.');
  const old = await submit('Call audio answered, then asked about three days ago.');
  const unanswered = await submit('Call audio never answered, with a question on it.');
  for (const id of [recent, old])
    await opsOk(ctx.operator, 'requests', 'reply', id, '--message', 'Here it is.');
  await write(recent, 'One more question.', 5);
  await write(old, 'Any news?', 74);
  await write(unanswered, 'Did you get this?', 1);

  const page = await (await deskGet(ctx, cookie, '/desk/')).text();
  expect(page).toMatch(/<title>Inbox \(1 request, 2 messages\) · Sourcing desk<\/title>/);
  const oldAt = page.indexOf(`/desk/requests/${old}#thread`);
  const recentAt = page.indexOf(`/desk/requests/${recent}#thread`);
  expect(oldAt).toBeGreaterThan(0);
  expect(recentAt).toBeGreaterThan(oldAt);
  expect(page).not.toContain(`/desk/requests/${unanswered}#thread`);
  expect(page).toContain(`/desk/requests/${unanswered}"`);
  const row = (at: number) => page.slice(page.lastIndexOf('<tr', at), page.indexOf('</tr>', at));
  expect(row(oldAt)).toContain('Lab message waiting 3 days for an answer');
  expect(row(oldAt)).toContain('Helix Speech Labs');
  expect(row(oldAt)).toMatch(/overdue by \d+ (hours|days)/);
  expect(row(recentAt)).toContain('Lab message waiting 5 hours for an answer');

  const replied = await deskPost(ctx, cookie, `/desk/requests/${old}`, {
    intent: 'reply',
    message: 'Next week.',
  });
  expect(replied.status).toBe(303);
  const after = await (await deskGet(ctx, cookie, '/desk/')).text();
  expect(after).not.toContain(`/desk/requests/${old}#thread`);
  expect(after).toMatch(/<title>Inbox \(1 request, 1 message\)/);
});
