// The desk is a door like the others (contract §13, issue 39's every door): a reply and an NDA verification made at
// the desk leave the same record (for a reply: its event and its thread message, answering the lab's question),
// the same mail to the lab and the same webhooks (verified with `standardwebhooks`, payloads compared) as the CLI's,
// reduced to what a person compares (no ids, no times); the reply is signed by who sent it; only the desk's also
// writes the same audit line, with the staff id at the desk and none at the CLI (docs/decisions/desk-audit.md).
import { afterAll, beforeAll, expect, test } from 'vitest';
import { addStaff, deskPost, deskSignin } from '../support/desk.ts';
import { opsOk } from '../support/ops.ts';
import { mailsTo, selfServeSuite, sessionCall } from '../support/self-serve.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver.ts';

const suite = selfServeSuite('Desk Door Lab', { WEBHOOK_ALLOW_PRIVATE: 'true' });
let receiver: WebhookReceiver;
let desk: string;
let staffId: string;

beforeAll(async () => {
  const { ctx, lab } = suite;
  receiver = await startWebhookReceiver();
  const made = await sessionCall(ctx, lab.cookie, '/api/v1/webhooks', {
    method: 'POST',
    body: { url: receiver.url },
  });
  expect(made.status, made.text).toBe(201);
  receiver.secret = made.body.data.secret;
  const staff = await addStaff(ctx, 'lead', 'Dora Door');
  staffId = staff.id;
  desk = await deskSignin(ctx, staff.email);
});
afterAll(() => receiver?.close());

const ISO_TIME = /\d{4}-\d\d-\d\dT[\d:.]+Z/g;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** What arrives after a step, once quiet: verified webhook types and mail subjects to the lab, ids as <id>. */
async function effects(step: () => Promise<unknown>, least: { hooks: number; mails: number }) {
  const { ctx, lab } = suite;
  const settle = async () => {
    for (
      let seen = -1;
      seen !== receiver.received.length + mailsTo(ctx.smtp, lab.email).length;
      await sleep(800)
    )
      seen = receiver.received.length + mailsTo(ctx.smtp, lab.email).length;
  };
  await settle();
  const [hooks, mails] = [receiver.received.length, mailsTo(ctx.smtp, lab.email).length];
  await step();
  // The CLI leaves its mail and webhooks to the server's next pass: wait for what the step must cause, then quiet.
  for (
    let waited = 0;
    (receiver.received.length < hooks + least.hooks ||
      mailsTo(ctx.smtp, lab.email).length < mails + least.mails) &&
    waited < 20_000;
    waited += 50
  )
    await sleep(50);
  await settle();
  const id = (text: string) => text.replace(/\b[a-z]{2,4}_[A-Za-z0-9]{16,}\b/g, '<id>');
  return {
    webhooks: receiver.received
      .slice(hooks)
      .filter((r) => r.verified && r.status < 300)
      .map((r) => r.event!.type)
      .sort(),
    payloads: receiver.received
      .slice(hooks)
      .filter((r) => r.verified && r.status < 300)
      .map(({ event }) => `${event!.type} ${id(JSON.stringify(event!.data)).replace(ISO_TIME, '<time>')}`)
      .sort(),
    mails: mailsTo(ctx.smtp, lab.email)
      .slice(mails)
      .map((m) => id(m.mail.subject ?? ''))
      .sort(),
    /** Whether each reply mail carries the reply's words. */
    said: mailsTo(ctx.smtp, lab.email)
      .slice(mails)
      .filter((m) => /^Reply to your data request/.test(m.mail.subject ?? ''))
      .map((m) => (m.mail.text ?? '').includes(REPLY)),
  };
}

async function newRequest(): Promise<string> {
  const made = await sessionCall(suite.ctx, suite.lab.cookie, '/api/v1/requests', {
    method: 'POST',
    body: { data_types: ['call_audio'], description: 'Claims calls for the desk door test.' },
  });
  expect(made.status, made.text).toBe(201);
  return made.body.data.id;
}

const REPLY = 'Two listings fit; a proposal follows this week.';

test('a reply: the desk and the CLI leave the same record, thread, mail and webhooks', async () => {
  const { ctx, lab } = suite;
  const message = REPLY;
  const created = () => receiver.received.filter((r) => r.event?.type === 'request.created').length;
  const before = created();
  const [byCli, byDesk] = [await newRequest(), await newRequest()];
  for (let waited = 0; created() < before + 2 && waited < 20_000; waited += 50) await sleep(50);
  for (const id of [byCli, byDesk]) {
    const asked = await sessionCall(ctx, lab.cookie, `/api/v1/requests/${id}/messages`, {
      method: 'POST',
      body: { body: 'Do the calls come in stereo?' },
    });
    expect(asked.status, asked.text).toBe(201);
  }
  const least = { hooks: 2, mails: 1 };
  const cli = await effects(
    () => opsOk(ctx.operator, 'requests', 'reply', byCli, '--message', message),
    least,
  );
  const atDesk = await effects(
    () => deskPost(ctx, desk, `/desk/requests/${byDesk}`, { intent: 'reply', message }),
    least,
  );
  expect(atDesk).toEqual(cli);
  expect(cli.webhooks).toContain('request.replied');
  expect(cli.payloads).toContain(
    `request.replied ${JSON.stringify({ id: '<id>', status: 'in_review', at: '<time>', message })}`,
  );
  expect(cli.said).toEqual([true]);
  const shape = (r: any) => ({
    status: r.status,
    replied: Boolean(r.replied_at),
    waiting: r.awaiting_reply_since,
    events: r.events.map((e: any) => [e.status, e.message]),
    messages: r.messages.map((m: any) => [m.from, m.body]),
  });
  const [desked, clied] = [
    await opsOk(ctx.operator, 'requests', 'show', byDesk),
    await opsOk(ctx.operator, 'requests', 'show', byCli),
  ];
  expect(shape(desked)).toEqual(shape(clied));
  expect(shape(clied).messages).toEqual([
    ['lab', 'Do the calls come in stereo?'],
    ['sourcing', message],
  ]);
  expect(shape(clied).waiting).toBeNull();
  // Signed by who sent it: the lab reads the member's name for the desk's, the team's for the CLI's.
  const author = async (id: string) =>
    (await sessionCall(ctx, lab.cookie, `/api/v1/requests/${id}`)).body.data.messages.at(-1).author;
  expect([await author(byDesk), await author(byCli)]).toEqual(['Dora Door', 'Sourcing team']);
  const audit = await opsOk(ctx.operator, 'audit', 'list', '--org', suite.lab.orgId);
  expect(audit.filter((e: any) => e.kind === 'staff_action' && e.detail === byDesk)).toEqual([
    expect.objectContaining({ staff_id: staffId, action: 'request.reply' }),
  ]);
  expect(audit.filter((e: any) => e.kind === 'staff_action' && e.detail === byCli)).toEqual([
    expect.objectContaining({ staff_id: null, action: 'request.reply' }),
  ]);
});

test('an NDA verification: the desk and the CLI leave the same state, mail and webhooks', async () => {
  const { ctx, lab } = suite;
  const orgState = async () =>
    (await opsOk(ctx.operator, 'org', 'list')).find((o: any) => o.id === lab.orgId).nda.state;
  await opsOk(ctx.operator, 'nda', 'accept', '--org', lab.orgId);
  const cli = await effects(() => opsOk(ctx.operator, 'nda', 'verify', '--org', lab.orgId), {
    hooks: 1,
    mails: 0,
  });
  expect(await orgState()).toBe('verified');
  const revoked = () => receiver.received.filter((r) => r.event?.type === 'nda.revoked').length;
  const before = revoked();
  await opsOk(ctx.operator, 'nda', 'revoke', '--org', lab.orgId);
  await opsOk(ctx.operator, 'nda', 'accept', '--org', lab.orgId);
  // The revocation's webhook goes out on the server's next pass: in before the desk's step is measured.
  for (let waited = 0; revoked() <= before && waited < 20_000; waited += 50) await sleep(50);
  const atDesk = await effects(() => deskPost(ctx, desk, `/desk/orgs/${lab.orgId}`, { intent: 'verify' }), {
    hooks: 1,
    mails: 0,
  });
  expect(await orgState()).toBe('verified');
  expect(atDesk).toEqual(cli);
  expect(cli.webhooks).toEqual(['nda.verified']);
});
